"""One enum of error codes: every code the code base answers with is a member, described, and documented."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from api.limits import GraphQLLimits
from api.schema import build_schema
from rooms.contract import ERROR_CODE_DESCRIPTIONS, ErrorCode
from rooms.contract.error_codes import markdown

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("api", "services", "graphdb", "ingest", "rooms")
# Whatever carries a code takes it as an `ErrorCode` member: a string literal there is a code outside the enum.
CARRIERS = {
    "Refused",
    "StoreRefused",
    "MissionRefusal",
    "RatifyRefusal",
    "ContractError",
    "Refusal",
    "OpParseError",
    "HandStopped",
    "EditRejected",
    "Rejected",
    "BatchRejected",
}
CODE_NAMES = {"code", "reason"}
# CONTRACT §2 "Stable error codes", and the ones the project added that other work emits.
CONTRACT = """skeleton_not_candidate unknown_block unknown_path path_not_member path_not_unmapped invalid_path
empty_block dangling_socket orphaned_member unresolved_seam merge_cycle merge_into_victim ambiguous_merge
split_groups_overlap split_group_empty split_not_total name_invalid needs_owner_naming seat_forbidden no_store
scan_in_progress path_rebind_refused database_unavailable query_too_costly response_too_large too_many_requests"""


def test_every_code_is_snake_case_named_in_upper_snake_and_described() -> None:
    assert {c.value for c in ErrorCode} >= set(CONTRACT.split())
    for code in ErrorCode:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code.value), code
        assert code.name == code.value.upper(), code
        assert ERROR_CODE_DESCRIPTIONS[code].strip().endswith("."), code
    assert set(ERROR_CODE_DESCRIPTIONS) == set(ErrorCode)


def test_the_graphql_enum_is_the_domain_enum_with_its_descriptions() -> None:
    schema = build_schema(GraphQLLimits()).as_str()
    body = schema.split("enum ErrorCode {", 1)[1].split("}", 1)[0]
    names = re.findall(r"^  ([A-Z_]+)$", body, re.MULTILINE)
    assert names == [c.name for c in ErrorCode]
    for code in ErrorCode:
        assert ERROR_CODE_DESCRIPTIONS[code] in body
    for field in ("code: ErrorCode!", "reason: ErrorCode!"):
        assert field in schema
    assert not re.search(r"^\s+code: String", schema, re.MULTILINE)


def test_docs_list_every_code_as_generated() -> None:
    documented = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    assert documented == markdown(), "docs/errors.md is stale: run `make docs/errors.md`"


def _string(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _literal_codes(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            named = CODE_NAMES if name in CARRIERS else {"code"}  # elsewhere a `reason` is not always a code
            if name in CARRIERS:
                found += [(node.lineno, s) for a in node.args if (s := _string(a)) is not None and "_" in s]
            found += [(node.lineno, s) for k in node.keywords if k.arg in named and (s := _string(k.value))]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "code" for t in targets) and (s := _string(node.value)):
                found.append((node.lineno, s))
        elif isinstance(node, ast.Dict):
            found += [
                (node.lineno, s)
                for k, v in zip(node.keys, node.values, strict=True)
                if _string(k) == "code" and (s := _string(v)) is not None
            ]
    return found


def test_no_code_is_written_as_a_string_outside_the_enum() -> None:
    stray = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            stray += [f"{path.relative_to(ROOT)}:{line}: {text!r}" for line, text in _literal_codes(tree)]
    assert not stray, "use rooms.contract.ErrorCode:\n" + "\n".join(stray)


def test_the_guard_sees_string_codes() -> None:
    tree = ast.parse(
        'Refused(code="no_store", message="m")\nStoreRefused("no_store", "m")\n'
        'class E:\n    code = "runner_exists"\nx = {"code": "SEAT_FORBIDDEN"}\n'
    )
    assert [text for _, text in _literal_codes(tree)] == ["no_store", "no_store", "runner_exists", "SEAT_FORBIDDEN"]
