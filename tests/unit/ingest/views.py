"""Compact views of a ScanResult for golden assertions, and the fixture repositories' location."""

from __future__ import annotations

from pathlib import Path

from ingest import ScanOptions, ScanResult, scan_tree

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ingest"


def scan_fixture(name: str) -> ScanResult:
    return scan_tree(FIXTURES / name, ScanOptions(workers=1))


def files(result: ScanResult) -> dict[str, str]:
    """path -> language."""
    return {f.path: f.language for f in result.files}


def symbols(result: ScanResult) -> set[str]:
    return {s.id for s in result.symbols}


def edges(result: ScanResult, kind: str) -> dict[tuple[str, str], float]:
    """(source, target) -> confidence, for one edge kind."""
    return {(e.source, e.target): e.confidence for e in result.edges if e.kind == kind}


def contains(result: ScanResult) -> set[tuple[str, str]]:
    return set(edges(result, "CONTAINS"))


def packages(result: ScanResult) -> set[str]:
    return {p.id for p in result.packages}
