"""The fourteen real trees: the eight archsets systems (their source archives only) and bench/ingest's six."""

from __future__ import annotations

from pathlib import Path

from bench.ingest.trees import SOURCES, fetch
from bench.quality.archsets import default_archsets, unpack

# Named here, not listed from the set's folder: a system's folder holds its expert answers too, which the
# bench never opens.
ARCHSETS = (
    "audioFlux",
    "datax-web",
    "ftgo-application",
    "HyperDbg",
    "ios-webkit-debug-proxy",
    "KlayGE",
    "snapcast",
    "webmagic",
)
NAMES = (*ARCHSETS, *(source.name for source in SOURCES))


def tree(name: str, cache: Path) -> Path:
    """The unpacked tree of ``name`` under ``<cache>/trees`` (fetched or unpacked once)."""
    if name in ARCHSETS:
        return unpack(default_archsets(), name, cache / "trees" / "archsets")
    for source in SOURCES:
        if source.name == name:
            return fetch(source, cache)
    raise ValueError(f"no tree named {name!r} (known: {', '.join(NAMES)})")
