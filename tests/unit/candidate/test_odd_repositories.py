"""Odd repositories get a sensible map or a named fallback: never a crash, never an empty block."""

from __future__ import annotations

import pytest

from rooms.candidate import CandidateInput, ClusterParams, build_candidate_seed
from rooms.candidate.membership import resolve
from rooms.contract import MemberRole
from tests.unit.candidate.builders import chain, clique, graph

DEFAULTS = ClusterParams()


def _flat(count: int) -> CandidateInput:
    paths = [f"src/m{i:04d}.c" for i in range(count)]
    groups = [paths[i : i + 40] for i in range(0, count, 40)]
    return graph(
        {p: index for index, group in enumerate(groups) for p in group}, [e for group in groups for e in chain(group)]
    )


def _only_tests() -> CandidateInput:
    tests = [f"tests/test_{i}.py" for i in range(40)]
    return graph(dict.fromkeys(tests, 1), chain(tests))


def _only_docs() -> CandidateInput:
    return graph(dict.fromkeys([f"docs/page{i}.md" for i in range(40)] + ["README.md"], None))


def _vendored_and_mixed() -> CandidateInput:
    vendored = [f"vendor/zlib/z{i}.c" for i in range(30)]
    ours = [f"app/a{i}.go" for i in range(10)] + [f"web/w{i}.ts" for i in range(10)]
    files = {
        **dict.fromkeys(vendored, 1),
        **dict.fromkeys(ours[:10], 2),
        **dict.fromkeys(ours[10:], 3),
        "go.mod": None,
        "web/package.json": None,
        "gen/api_pb.go": None,
    }
    return graph(files, clique(vendored[:6]) + chain(vendored) + chain(ours[:10]) + chain(ours[10:]))


def _no_manifest_no_directories() -> CandidateInput:
    paths = [f"m{i}.py" for i in range(40)]
    return graph(dict.fromkeys(paths, 1), chain(paths))


@pytest.mark.parametrize(
    "data",
    [_flat(2000), _only_tests(), _only_docs(), _vendored_and_mixed(), _no_manifest_no_directories()],
    ids=["2000-files-one-directory", "only-tests", "only-docs", "vendored-and-mixed", "no-manifest-no-directories"],
)
def test_every_block_resolves_files_and_every_file_is_mapped_or_residue(data: CandidateInput) -> None:
    seed, report = build_candidate_seed(data, DEFAULTS)
    paths = sorted(f.path for f in data.files)
    members = resolve({b.block_id: list(b.membership) for b in seed.blocks}, paths)
    assert seed.blocks, "a repository with files gets a map"
    assert all(members[b.block_id] for b in seed.blocks), "no empty block"
    mapped = set().union(*members.values())
    assert report.residue_count == len(set(paths) - mapped)
    assert len({b.name.lower() for b in seed.blocks}) == len(seed.blocks), "names are unique"


def test_a_flat_directory_of_2000_files_splits_along_its_communities() -> None:
    seed, _ = build_candidate_seed(_flat(2000), DEFAULTS)
    assert len(seed.blocks) == 50  # the fifty planted chains of forty files, nothing merged or lost


def test_generated_code_keeps_its_role_and_a_directory_of_it_is_not_split() -> None:
    generated = [f"api/gen/f{i}.pb.go" for i in range(40)]
    code = [f"server/s{i}.go" for i in range(6)]
    groups = [generated[i : i + 8] for i in range(0, 40, 8)]
    files = {**{p: index for index, group in enumerate(groups) for p in group}, **dict.fromkeys(code, 9)}
    seed, _ = build_candidate_seed(graph(files, [e for g in groups for e in clique(g)] + chain(code)), DEFAULTS)
    owners = {b.block_id for b in seed.blocks for m in b.membership if m.path.startswith("api/")}
    assert len(owners) == 1, "five communities of generated files are still one tool's output"
    block = next(b for b in seed.blocks if b.block_id in owners)
    assert {m.role for m in block.membership} == {MemberRole.GENERATED}
