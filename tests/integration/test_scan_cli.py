"""`coderooms scan PATH` as a person and an agent run it: on a terminal a progress bar on stderr walks the
scan's phases in order and a summary follows; with --json, even on a terminal, stdout is exactly one JSON
document (every block's files with roles, the sockets with edge counts) and stderr draws no bar."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from graphdb.connection import Target
from services.scan import PHASES
from tests.api.conftest import env_for
from tests.terminal import CLEAR, frames, run_on_terminals

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def small_tree(into: Path) -> Path:
    """A few files of this repository: a package of models, a service using them, and their tests."""
    shutil.copytree(ROOT / "rooms" / "contract", into / "pkg" / "contract")
    shutil.copytree(ROOT / "rooms" / "candidate", into / "pkg" / "candidate")
    shutil.copytree(ROOT / "tests" / "unit" / "contract", into / "tests" / "contract")
    for cache in into.rglob("__pycache__"):
        shutil.rmtree(cache)
    return into


def test_a_terminal_sees_the_phases_in_order_then_the_summary(
    neo4j_target: Target, repo_id: str, tmp_path: Path
) -> None:
    tree = small_tree(tmp_path / "tree")
    code, out, err = run_on_terminals(
        env_for(neo4j_target), "scan", str(tree), "--repo-id", repo_id, "--naming", "heuristic"
    )
    assert code == 0, err
    drawn = frames(err)
    phases = [frame.split("[")[0].strip(" …\n") for frame in drawn if not frame.startswith("scanning ")]
    firsts = [phase for i, phase in enumerate(phases) if i == 0 or phases[i - 1] != phase]
    assert firsts == list(PHASES), err
    parsed = [frame for frame in drawn if frame.startswith("parsing")]
    assert re.search(r"\] +(\d+)/\1 files", parsed[-1]), parsed  # the parse counts up to every file
    assert err.endswith(CLEAR), "the bar clears its line when the scan ends"
    assert "dependencies:" in out and " edges" in out and "unmapped residue:" in out
    assert re.search(r"\d+ files +\d+ tests", out)
    assert "coderooms serve" in out and "coderooms runner" in out


def test_json_on_a_terminal_is_one_document_with_members_roles_and_sockets(
    neo4j_target: Target, repo_id: str, tmp_path: Path
) -> None:
    tree = small_tree(tmp_path / "tree")
    code, out, err = run_on_terminals(
        env_for(neo4j_target), "scan", str(tree), "--repo-id", repo_id, "--naming", "heuristic", "--json"
    )
    assert code == 0, err
    assert CLEAR not in err and "\r" not in err and not any(phase in err for phase in PHASES)
    document = json.loads(out)  # exactly one document: anything else on stdout fails to parse
    files = {p.relative_to(tree).as_posix() for p in tree.rglob("*.py")}
    members = [m for block in document["blocks"] for m in block["members"]]
    claimed = {m["path"] for m in members}
    assert claimed <= files and len(claimed) + document["residue_count"] == len(files)
    for block in document["blocks"]:
        assert block["files"] == len(block["members"]) > 0
        assert block["tests"] == sum(1 for m in block["members"] if m["role"] == "test")
        assert all(
            m["role"] in {"primary", "shared", "generated", "test", "docs", "external_socket"} for m in block["members"]
        )
        assert isinstance(block["purpose"], str)
    assert any(m["role"] == "test" for m in members), "the tests are attached to the blocks they test"
    ids = {block["block_id"] for block in document["blocks"]}
    assert document["sockets"], "the service uses the models: at least one socket"
    for socket in document["sockets"]:
        assert set(socket) == {"from", "to", "edges", "type", "test_only"}
        assert socket["from"] in ids and socket["to"] in ids and socket["from"] != socket["to"]
        assert isinstance(socket["edges"], int) and socket["edges"] > 0
    edges = [socket["edges"] for socket in document["sockets"]]
    assert edges == sorted(edges, reverse=True)


def test_a_rescan_after_a_comment_keeps_the_map_and_says_so(neo4j_target: Target, repo_id: str, tmp_path: Path) -> None:
    tree = small_tree(tmp_path / "tree")
    scan = ("scan", str(tree), "--repo-id", repo_id, "--naming", "heuristic")
    code, out, err = run_on_terminals(env_for(neo4j_target), *scan, "--json")
    assert code == 0, err
    first = json.loads(out)
    assert first["kept"] is None
    edited = tree / "pkg" / "contract" / "paths.py"
    edited.write_text("# a comment moves every line down\n" + edited.read_text())

    code, out, err = run_on_terminals(env_for(neo4j_target), *scan)
    assert code == 0, err
    assert "1 edited file changes no node or edge of the code graph since the last scan: the map is kept" in out
    code, out, err = run_on_terminals(env_for(neo4j_target), *scan, "--json")
    assert code == 0, err
    again = json.loads(out)
    assert again["kept"] == {"edited_files": 0} and again["store_version"] == 3
    assert (again["blocks"], again["sockets"]) == (first["blocks"], first["sockets"])
