"""Naming packets: member list, dominant languages and kinds, top symbols — from the code graph when it
resolves the block's entries, from the membership paths otherwise; never file bodies."""

from __future__ import annotations

import json

from rooms.contract import MemberRole
from rooms.naming import PACKET_SCHEMA, GraphFacts, naming_packet, packet_bytes
from tests.unit.edit.builders import block

FACTS = GraphFacts(
    languages={
        "api/a.py": "python",
        "api/b.py": "python",
        "api/web/x.ts": "typescript",
        "lib/shared.py": "python",
        "core/c.py": "python",
    },
    symbols=[
        ("api/a.py", "Server", "class", 3.0),
        ("api/b.py", "handle", "function", 5.0),
        ("api/b.py", "_private", "function", 9.0),
        ("core/c.py", "Core", "class", 9.0),
    ],
    kinds=[("api/a.py", "class", 1), ("api/a.py", "method", 4), ("api/b.py", "function", 2), ("core/c.py", "class", 1)],
)
API = block("sb_api", "api/**", ("lib/shared.py", MemberRole.SHARED.value))


def test_a_packet_from_the_code_graph() -> None:
    packet = naming_packet(API, FACTS)
    assert packet == {
        "schema": PACKET_SCHEMA,
        "block_id": "sb_api",
        "current_name": "Block sb_api",
        "source": "graph",
        "member_count": 4,
        "members": ["api/a.py", "api/b.py", "api/web/x.ts", "lib/shared.py"],
        "languages": [{"language": "python", "files": 3}, {"language": "typescript", "files": 1}],
        "kinds": [
            {"kind": "method", "symbols": 4},
            {"kind": "function", "symbols": 2},
            {"kind": "class", "symbols": 1},
        ],
        "top_symbols": ["Server", "handle"],
        "answer_schema": packet["answer_schema"],
    }
    assert packet["answer_schema"]["properties"]["name"]["maxLength"] == 40
    assert packet["answer_schema"]["properties"]["purpose"]["maxLength"] == 120
    assert packet["answer_schema"]["additionalProperties"] is False


def test_without_a_code_graph_the_packet_falls_back_to_member_paths() -> None:
    packet = naming_packet(API, GraphFacts())
    assert (packet["source"], packet["members"], packet["member_count"]) == ("paths", ["api/**", "lib/shared.py"], 2)
    assert (packet["languages"], packet["kinds"], packet["top_symbols"]) == ([], [], [])


def test_the_member_list_is_capped_but_counted() -> None:
    many = GraphFacts(languages={f"big/f{i:02}.py": "python" for i in range(50)})
    packet = naming_packet(block("sb_big", "big/**"), many)
    assert packet["member_count"] == 50 and len(packet["members"]) == 40
    assert packet["members"][0] == "big/f00.py" and packet["members"][-1] == "big/f39.py"


def test_the_wire_form_is_compact_utf8_json() -> None:
    raw = packet_bytes(naming_packet(block("sb_ü", "ü/**"), GraphFacts()))
    assert json.loads(raw.decode("utf-8"))["members"] == ["ü/**"] and b"\n" not in raw
