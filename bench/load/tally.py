"""What a load run counts, and how each answer is judged (pure: no I/O, unit-tested).

An answer is an *error* when it is not what a correct server says: a non-200 status, a GraphQL error, a
transport failure, a map that lost blocks, a version that went backwards for a client, an edit that was
rejected (the bench only sends valid renames), an applied edit that did not bump the version by exactly one,
or a conflict that is not honest. A ``VersionConflict`` is *honest* when the version the client read was
really overtaken (``actual > expected``); those are counted apart and are not errors.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.common import percentiles

MAP, PULSE, EDIT = "map read", "version read", "edit batch"
KINDS = (MAP, PULSE, EDIT)
APPLIED, CONFLICT = "EditApplied", "VersionConflict"
TARGET_RATIO = 2.0


@dataclass
class Tally:
    """Latencies by kind, edit outcomes and errors (distinct texts with their counts, first seen first)."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    outcomes: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    applied_versions: list[int] = field(default_factory=list)
    # Map read latencies by how the API answered them, by its Cache-Status header (absent: "none").
    map_answers: dict[str, list[float]] = field(default_factory=dict)

    def record(self, kind: str, seconds: float, cache_status: str | None = None) -> None:
        self.latencies[kind].append(seconds)
        if kind == MAP:
            self.map_answers.setdefault(answered(cache_status), []).append(seconds)

    def error(self, text: str) -> None:
        self.errors[text[:300]] += 1

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    def lost_updates(self) -> int:
        """Applied edits that claim a version another applied edit also claims (two writers both won)."""
        return len(self.applied_versions) - len(set(self.applied_versions))


def _graphql_error(kind: str, status: int, body: Any) -> str | None:
    if status != 200:
        return f"{kind}: HTTP {status}: {str(body)[:200]}"
    if not isinstance(body, dict):
        return f"{kind}: not a JSON object: {str(body)[:200]}"
    if body.get("errors"):
        return f"{kind}: GraphQL error: {body['errors'][0].get('message', body['errors'][0])}"
    if not isinstance(body.get("data"), dict):
        return f"{kind}: no data"
    return None


def _store(kind: str, status: int, body: Any) -> tuple[dict[str, Any] | None, str | None]:
    """(the answer's store, an error or None)."""
    problem = _graphql_error(kind, status, body)
    if problem:
        return None, problem
    store = body["data"].get("store")
    return store, None if store is not None else f"{kind}: the store is missing"


def judge_map(status: int, body: Any, blocks: int, last_seen: int) -> tuple[int | None, str | None]:
    """(the store version the map shows, an error or None). ``last_seen``: the newest version this client saw."""
    store, problem = _store(MAP, status, body)
    if store is None:
        return None, problem
    if len(store["blocks"]) != blocks:
        return store["storeVersion"], f"{MAP}: {len(store['blocks'])} blocks, expected {blocks}"
    return _monotonic(MAP, store["storeVersion"], last_seen)


def judge_pulse(status: int, body: Any, last_seen: int) -> tuple[int | None, str | None]:
    store, problem = _store(PULSE, status, body)
    if store is None:
        return None, problem
    return _monotonic(PULSE, store["storeVersion"], last_seen)


def _monotonic(kind: str, version: int, last_seen: int) -> tuple[int, str | None]:
    if version < last_seen:
        return version, f"{kind}: version went backwards for one client (saw {last_seen}, then {version})"
    return version, None


def judge_edit(status: int, body: Any, expected: int) -> tuple[str | None, int | None, str | None]:
    """(outcome typename, the version the answer says is current, an error or None)."""
    problem = _graphql_error(EDIT, status, body)
    if problem:
        return None, None, problem
    result = body["data"]["candidateEdit"]
    typename = result.get("__typename")
    if typename == APPLIED:
        version = result["storeVersion"]
        if result.get("replayed"):
            return typename, version, f"{EDIT}: a fresh batch id answered as a replay (v{version})"
        if version != expected + 1:
            return typename, version, f"{EDIT}: applied over v{expected} but answered v{version} (not +1)"
        return typename, version, None
    if typename == CONFLICT:
        if result["expected"] != expected or result["actual"] <= expected:
            return (
                typename,
                result["actual"],
                (
                    f"{EDIT}: dishonest VersionConflict: sent v{expected}, answered "
                    f"expected v{result['expected']} actual v{result['actual']}"
                ),
            )
        return typename, result["actual"], None
    detail = {k: v for k, v in result.items() if k != "__typename"}
    return typename, None, f"{EDIT}: {typename} {detail}"


def summarize(samples_s: list[float], seconds: float) -> dict[str, float]:
    """Requests, throughput and latency (ms) of one kind over a run of ``seconds``."""
    if not samples_s:
        return {"requests": 0, "rps": 0.0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    figures = percentiles(samples_s)
    return {
        "requests": len(samples_s),
        "rps": len(samples_s) / seconds,
        "p50_ms": figures["p50_ms"],
        "p99_ms": figures["p99_ms"],
        "max_ms": max(samples_s) * 1e3,
    }


def verdict(read_p99_ms: float, cypher_p99_ms: float, target: float = TARGET_RATIO) -> tuple[float, str]:
    ratio = read_p99_ms / cypher_p99_ms if cypher_p99_ms > 0 else float("inf")
    return ratio, "met" if ratio <= target else "missed"


def parse_mix(text: str) -> float:
    """``"80:20"`` (read:write) -> the share of writes, 0.2."""
    read, sep, write = text.partition(":")
    try:
        r, w = float(read), float(write)
    except ValueError:
        raise ValueError(f"mix {text!r}: expected READ:WRITE, e.g. 80:20") from None
    if not sep or r < 0 or w < 0 or r + w == 0:
        raise ValueError(f"mix {text!r}: expected two non-negative numbers READ:WRITE, not both 0")
    return w / (r + w)


def parse_levels(text: str) -> list[int]:
    """``"1,8,32"`` -> [1, 8, 32]: the client counts to run, in order."""
    try:
        levels = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise ValueError(f"clients {text!r}: expected comma-separated positive integers") from None
    if not levels or min(levels) < 1:
        raise ValueError(f"clients {text!r}: expected comma-separated positive integers")
    return levels


def answered(cache_status: str | None) -> str:
    """``coderooms; fwd=miss; stored`` -> ``stored``; ``coderooms; hit`` -> ``hit``; no header -> ``none``
    (a ``detail`` parameter is left out)."""
    if not cache_status:
        return "none"
    params = [p.strip() for p in cache_status.split(";")[1:] if not p.strip().startswith("detail=")]
    return params[-1].removeprefix("fwd=") if params else "none"
