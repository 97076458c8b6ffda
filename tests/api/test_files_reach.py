"""Every file reachable (issue 35 item 2), over HTTP on the real database: `Block.files` lists the files behind a
``dir/**`` glob (paged, with totalCount, role, language, size and edges across the block's boundary), and
``moveMember`` / ``split`` name a file inside a glob: the glob is narrowed around it."""

from __future__ import annotations

import json

import pytest

from graphdb.database import Database
from tests.api.conftest import ServedApi
from tests.api.edit_support import edit, export, glob_candidate

pytestmark = pytest.mark.integration

FILES_OF = """query($r: ID!, $b: ID!, $first: Int!, $after: String) { block(repoId: $r, blockId: $b) {
  files(first: $first, after: $after) { totalCount nodes { path role entry language bytes edgesIn edgesOut }
    pageInfo { hasNextPage endCursor } } } }"""


def _setup(api: ServedApi, db: Database, repo_id: str) -> int:
    return glob_candidate(api, db, repo_id)


def _files(api: ServedApi, repo_id: str, block_id: str, first: int = 100, after: str | None = None) -> dict:
    body = api.graphql(FILES_OF, {"r": repo_id, "b": block_id, "first": first, "after": after})
    assert "errors" not in body, body
    return body["data"]["block"]["files"]


def _members(api: ServedApi, repo_id: str) -> dict[str, dict[str, str]]:
    blocks = json.loads(export(api, repo_id))["blocks"]
    return {b["block_id"]: {m["path"]: m["role"] for m in b["membership"]} for b in blocks}


def test_block_files_lists_the_files_behind_a_glob_paged(api: ServedApi, db: Database, repo_id: str) -> None:
    _setup(api, db, repo_id)
    first = _files(api, repo_id, "sb_src", first=3)
    assert first["totalCount"] == 4 and first["pageInfo"]["hasNextPage"]
    assert [n["path"] for n in first["nodes"]] == ["src/a.py", "src/b.py", "src/deep/c.py"]
    a = first["nodes"][0]
    assert a == {
        "path": "src/a.py",
        "role": "PRIMARY",
        "entry": "src/**",
        "language": "python",
        "bytes": 120,
        "edgesIn": 0,
        "edgesOut": 1,  # lib/e.py; src/b.py is inside the block
    }
    assert first["nodes"][2]["edgesIn"] == 1  # lib/f.py uses src/deep/c.py
    rest = _files(api, repo_id, "sb_src", first=3, after=first["pageInfo"]["endCursor"])
    assert [n["path"] for n in rest["nodes"]] == ["src/deep/d.py"] and not rest["pageInfo"]["hasNextPage"]


def test_a_file_inside_a_glob_moves_to_another_block(api: ServedApi, db: Database, repo_id: str) -> None:
    version = _setup(api, db, repo_id)
    result = edit(api, repo_id, version, [{"moveMember": {"path": "src/deep/c.py", "from": "sb_src", "to": "sb_lib"}}])
    assert result["__typename"] == "EditApplied", result
    members = _members(api, repo_id)
    assert members["sb_src"] == {"src/a.py": "primary", "src/b.py": "primary", "src/deep/d.py": "primary"}
    assert members["sb_lib"] == {"lib/**": "primary", "src/deep/c.py": "primary"}
    assert [n["path"] for n in _files(api, repo_id, "sb_lib")["nodes"]] == ["lib/e.py", "lib/f.py", "src/deep/c.py"]
    assert _files(api, repo_id, "sb_src")["totalCount"] == 3


def test_a_glob_is_split_by_explicit_file_groups(api: ServedApi, db: Database, repo_id: str) -> None:
    version = _setup(api, db, repo_id)
    groups = [["src/a.py", "src/b.py"], ["src/deep/c.py", "src/deep/d.py"]]
    result = edit(api, repo_id, version, [{"split": {"blockId": "sb_src", "paths": groups}}])
    assert result["__typename"] == "EditApplied", result
    members = _members(api, repo_id)
    assert "sb_src" not in members
    assert sorted(sorted(m) for b, m in members.items() if b != "sb_lib") == groups
