"""Naming packets (F11 §2a/§2c): what a naming runner is told about one block — never file bodies.

A packet holds the block's member list (its files when the code graph resolves its entries, else the
membership entries themselves), the dominant languages and symbol kinds, the top symbols (types first,
then by how much other files use them), the block's current provisional name, and the answer schema.
``source`` says where the facts came from: ``graph`` (the repository's code graph) or ``paths`` (no code
graph: only the membership entries are known, and languages, kinds and symbols are empty).

`GraphFacts` is plain data read from the code graph by the database side (`graphdb.graph_facts`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rooms.contract import SystemBlock, glob_matches, is_glob
from rooms.naming.heuristic import NAME_MAX, PURPOSE_MAX, dominant_symbols

PACKET_SCHEMA = "coderooms-naming-packet-v1"
MAX_MEMBERS = 40
MAX_SYMBOLS = 12
MAX_FACETS = 5
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["name", "purpose"],
    "properties": {
        "name": {"type": "string", "maxLength": NAME_MAX, "description": "a short plain-text name"},
        "purpose": {"type": "string", "maxLength": PURPOSE_MAX, "description": "one plain-text line"},
    },
}


@dataclass(frozen=True)
class GraphFacts:
    """What the code graph knows: each file's language, the symbols worth naming a block after
    ``(path, name, kind, weight)``, and symbol counts per file and kind ``(path, kind, count)``."""

    languages: Mapping[str, str] = field(default_factory=dict)
    symbols: Sequence[tuple[str, str, str, float]] = ()
    kinds: Sequence[tuple[str, str, int]] = ()

    @property
    def available(self) -> bool:
        return bool(self.languages)


def block_files(block: SystemBlock, facts: GraphFacts) -> list[str]:
    """The graph's files the block's membership entries resolve to (globs matched, exact paths kept)."""
    files: set[str] = set()
    paths = sorted(facts.languages)
    for member in block.membership:
        if is_glob(member.path):
            files.update(glob_matches(member.path, paths))
        elif member.path in facts.languages:
            files.add(member.path)
    return sorted(files)


def _facets(counter: Counter[str], key: str, unit: str) -> list[dict[str, Any]]:
    ranked = sorted(counter.items(), key=lambda item: (-item[1], item[0]))[:MAX_FACETS]
    return [{key: name, unit: count} for name, count in ranked]


def naming_packet(block: SystemBlock, facts: GraphFacts) -> dict[str, Any]:
    """The packet for one block (a JSON-ready dict)."""
    files = block_files(block, facts) if facts.available else []
    source = "graph" if files else "paths"
    members = files if files else [m.path for m in block.membership]
    in_block = set(files)
    languages = Counter(facts.languages[path] for path in files)
    kinds: Counter[str] = Counter()
    for path, kind, count in facts.kinds:
        if path in in_block:
            kinds[kind] += count
    symbols = [(name, kind, weight) for path, name, kind, weight in facts.symbols if path in in_block]
    return {
        "schema": PACKET_SCHEMA,
        "block_id": block.block_id,
        "current_name": block.name,
        "source": source,
        "member_count": len(members),
        "members": members[:MAX_MEMBERS],
        "languages": _facets(languages, "language", "files"),
        "kinds": _facets(kinds, "kind", "symbols"),
        "top_symbols": dominant_symbols(symbols, MAX_SYMBOLS),
        "answer_schema": ANSWER_SCHEMA,
    }


def packet_bytes(packet: Mapping[str, Any]) -> bytes:
    """The packet as the runner receives it: compact UTF-8 JSON, keys in a fixed order."""
    return json.dumps(packet, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
