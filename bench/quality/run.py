"""bench/quality: how close the candidate comes to a planted architecture, next to two baselines.

For each planted repository (`bench.quality.plant`): write it to a temporary directory, ingest it
(`ingest.scan_tree` + the code-graph loader), build the candidate (`services.candidate`),
and score three partitions of its files against the plant with MoJoFM and ARI (`bench.quality.metrics`):

- ours: each file in the block that resolves it (a seam file in its first block by id; a residue file
  alone — the residue is honest, and it costs);
- directory: each file with the other files of its directory;
- louvain: plain GDS Louvain on the same File + Symbol graph — raw edge weights, no hub damping, no
  leaf folding, no structure; each file in its own node's community (a file outside the projection alone).

Each repository is then edited a little (`small_edit`), re-ingested incrementally and rescanned, seeded
and from scratch: the share of files still in a block with the same id is the stability figure.

Run: ``.venv/bin/python -m bench.quality`` (after ``.venv/bin/coderooms db start``); exit status 1 when
ours does not beat both baselines on every repository. ``--tune`` sweeps the levers over the declared
grid (clustering once per setting and repository, unseeded); ``--held-out`` scores the defaults on 24
repositories drawn with other seeds. Figures and the chosen defaults: ``bench/quality/README.md``.
"""

from __future__ import annotations

import argparse
import json
import posixpath
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from itertools import product
from pathlib import Path
from time import perf_counter

from bench.common import forget_repo
from bench.quality import archsets
from bench.quality.metrics import ari, mojofm
from bench.quality.plant import PlantedRepo, held_out_repos, planted_repos
from graphdb import codegraph
from graphdb.clustering import cluster
from graphdb.database import Database
from ingest import ScanOptions, ScanResult, scan_tree
from rooms.candidate import ClusterParams, build_candidate_seed
from rooms.candidate.membership import resolve
from rooms.contract import SeedFile
from services.candidate import build_candidate, collect_input

Loader = Callable[[Database, str, ScanResult], None]


@dataclass(frozen=True)
class Score:
    mojofm: float
    ari: float
    clusters: int


@dataclass(frozen=True)
class RepoFigures:
    repo: str
    files: int
    ours: Score
    directory: Score
    louvain: Score
    fallback: str | None
    seconds: float
    kept_seeded: float | None = None  # % of files in a block with the same id after a small edit (seeded)
    kept_unseeded: float | None = None  # the same, rescanned from scratch

    def wins(self) -> bool:
        return all(
            getattr(self.ours, m) > max(getattr(self.directory, m), getattr(self.louvain, m)) for m in ("mojofm", "ari")
        )


def seed_partition(seed: SeedFile, paths: Iterable[str]) -> dict[str, str]:
    paths = sorted(paths)
    members = resolve({b.block_id: list(b.membership) for b in seed.blocks}, paths)
    out: dict[str, str] = {}
    for block_id in sorted(members):
        for path in members[block_id]:
            out.setdefault(path, block_id)
    for path in paths:
        out.setdefault(path, f"residue::{path}")
    return out


def directory_partition(paths: Iterable[str]) -> dict[str, str]:
    return {p: posixpath.dirname(p) for p in paths}


PLAIN_LOUVAIN = ClusterParams(
    hub_factor=1.0,
    fold_leaves=False,
    seed_from_previous=False,
    edge_weights=dict.fromkeys(ClusterParams().edge_weights, 1.0),
)


def louvain_partition(db: Database, repo_id: str, paths: Iterable[str]) -> dict[str, str]:
    communities = cluster(db, repo_id, PLAIN_LOUVAIN).files
    return {p: f"c{communities[p]}" if p in communities else f"alone::{p}" for p in paths}


def score(partition: dict[str, str], truth: dict[str, str]) -> Score:
    return Score(round(mojofm(partition, truth), 2), round(ari(partition, truth), 4), len(set(partition.values())))


def full_load(db: Database, repo_id: str, result: ScanResult) -> None:
    codegraph.replace_repo(db, repo_id, result)


def incremental_load(db: Database, repo_id: str, result: ScanResult) -> None:
    codegraph.sync_repo(db, repo_id, result)


def ingest(db: Database, repo: PlantedRepo, repo_id: str, loader: Loader) -> None:
    with tempfile.TemporaryDirectory(prefix="coderooms-bench-") as root:
        repo.write(root)
        loader(db, repo_id, scan_tree(root, ScanOptions(use_git=False)))


def small_edit(repo: PlantedRepo) -> PlantedRepo:
    """The repository after a small edit: the last source file of its largest module is deleted (its users'
    imports now dangle) and a comment is added to the first source file."""
    modules: dict[str, list[str]] = {}
    for path, module in repo.truth.items():
        if "/" in path and not module.startswith("(") and module not in ("docs", "tests"):
            modules.setdefault(module, []).append(path)
    largest = max(sorted(modules), key=lambda m: len(modules[m]))
    gone = sorted(modules[largest])[-1]
    first = sorted(p for ps in modules.values() for p in ps)[0]
    comment = "# edited\n" if first.endswith(".py") else "// edited\n"
    files = {p: (t + comment if p == first else t) for p, t in repo.files.items() if p != gone}
    return PlantedRepo(repo.name, repo.language, files, {p: m for p, m in repo.truth.items() if p != gone})


def kept_ids(before: SeedFile, after: SeedFile, paths: Iterable[str]) -> float:
    """% of the files (present in both) that sit in a block with the same id after the rescan."""
    paths = sorted(paths)
    old, new = seed_partition(before, paths), seed_partition(after, paths)
    return round(100.0 * sum(1 for p in paths if old[p] == new[p]) / len(paths), 2)


def evaluate(
    db: Database,
    repo: PlantedRepo,
    params: ClusterParams,
    loader: Loader,
    *,
    load: bool = True,
    rescan: Loader | None = None,
) -> RepoFigures:
    """Score the candidate and the baselines; with ``rescan`` (an incremental loader), also rescan after
    `small_edit`, seeded from the first candidate and from scratch."""
    repo_id = f"bench-quality-{repo.name}"
    started = perf_counter()
    if load:
        ingest(db, repo, repo_id, loader)
    paths = sorted(repo.truth)
    seed, report = build_candidate(db, repo_id, params)
    figures = RepoFigures(
        repo=repo.name,
        files=len(paths),
        ours=score(seed_partition(seed, paths), repo.truth),
        directory=score(directory_partition(paths), repo.truth),
        louvain=score(louvain_partition(db, repo_id, paths), repo.truth),
        fallback=report.fallback.value if report.fallback else None,
        seconds=0.0,
    )
    if rescan is not None:
        edited = small_edit(repo)
        ingest(db, edited, repo_id, rescan)
        seeded, _ = build_candidate(db, repo_id, params, previous=seed)
        fresh, _ = build_candidate(db, repo_id, params.model_copy(update={"seed_from_previous": False}))
        figures = replace(
            figures, kept_seeded=kept_ids(seed, seeded, edited.truth), kept_unseeded=kept_ids(seed, fresh, edited.truth)
        )
    return replace(figures, seconds=round(perf_counter() - started, 2))


def _kept(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def table(figures: Sequence[RepoFigures]) -> str:
    head = (
        f"{'repository':<21}{'files':>6}  {'ours MoJoFM/ARI':>16}  {'directory':>15}  {'louvain':>15}  "
        f"{'kept ids seeded/fresh':>21}  fallback"
    )
    rows = [head, "-" * len(head)]
    for f in figures:
        rows.append(
            f"{f.repo:<21}{f.files:>6}  {f.ours.mojofm:>7.2f} / {f.ours.ari:<6.3f}  "
            f"{f.directory.mojofm:>6.2f} / {f.directory.ari:<6.3f}  {f.louvain.mojofm:>6.2f} / {f.louvain.ari:<6.3f}  "
            f"{_kept(f.kept_seeded):>9} / {_kept(f.kept_unseeded):<9}  "
            f"{f.fallback or '-'}{'' if f.wins() else '   <-- does not beat both'}"
        )
    kept = [f for f in figures if f.kept_seeded is not None and f.kept_unseeded is not None]
    rows.append("-" * len(head))
    rows.append(
        f"{'mean':<21}{'':>6}  "
        f"{_mean([f.ours.mojofm for f in figures]):>7.2f} / {_mean([f.ours.ari for f in figures]):<6.3f}  "
        f"{_mean([f.directory.mojofm for f in figures]):>6.2f} / {_mean([f.directory.ari for f in figures]):<6.3f}  "
        f"{_mean([f.louvain.mojofm for f in figures]):>6.2f} / {_mean([f.louvain.ari for f in figures]):<6.3f}  "
        + (
            f"{_mean([f.kept_seeded for f in kept]):>9.2f} / {_mean([f.kept_unseeded for f in kept]):<9.2f}"  # type: ignore[misc]
            if kept
            else f"{'-':>9} / {'-':<9}"
        )
    )
    return "\n".join(rows)


CLUSTER_GRID: dict[str, Sequence[object]] = {
    "hub_factor": (1.0, 0.3, 0.1, 0.0),
    "fold_leaves": (True, False),
    "max_levels": (1, 2, 10),
    "edge_weights": ({"IMPORTS": 1.0}, {"IMPORTS": 0.5}),
}
LEIDEN_GRID: dict[str, Sequence[object]] = {"algorithm": ("leiden",), "resolution": (1.0, 1.5, 2.0, 3.0)}
STRUCTURE_GRID: dict[str, Sequence[object]] = {
    "package_alignment": (0.3, 0.42, 0.6),
    "min_directory_files": (3, 4, 5, 6),
    "flat_min_files": (12, 16, 24),
    "min_group_files": (3, 4, 5),
    "split_cohesion": (0.3, 0.5),
}
PLANT_STRUCTURE_GRID: dict[str, Sequence[object]] = {
    "min_block_size": (2, 3, 4),
    "split_cohesion": (0.1, 0.3, 0.5, 0.7),
    "package_alignment": (0.3, 0.42, 0.6),
}


def _settings(grid: dict[str, Sequence[object]]) -> list[dict[str, object]]:
    keys = list(grid)
    return [dict(zip(keys, values, strict=True)) for values in product(*(grid[k] for k in keys))]


def _with_weights(setting: dict[str, object]) -> dict[str, object]:
    out = dict(setting)
    if "edge_weights" in out:
        out["edge_weights"] = {**ClusterParams().edge_weights, **out["edge_weights"]}  # type: ignore[dict-item]
    return out


def tune(db: Database, repos: Sequence[PlantedRepo], loader: Loader) -> list[tuple[dict, dict]]:
    """Every clustering setting x every structure setting; the clustering runs once per setting and repo."""
    baselines: dict[str, tuple[Score, Score]] = {}
    for repo in repos:
        repo_id = f"bench-quality-{repo.name}"
        ingest(db, repo, repo_id, loader)
        paths = sorted(repo.truth)
        baselines[repo.name] = (
            score(directory_partition(paths), repo.truth),
            score(louvain_partition(db, repo_id, paths), repo.truth),
        )
    results: list[tuple[dict, dict]] = []
    for clustering in _settings(CLUSTER_GRID) + _settings(LEIDEN_GRID):
        unseeded = ClusterParams(**_with_weights(clustering), seed_from_previous=False)
        inputs = {repo.name: collect_input(db, f"bench-quality-{repo.name}", unseeded)[0] for repo in repos}
        for structure in _settings(PLANT_STRUCTURE_GRID):
            setting = {**clustering, **structure}
            params = ClusterParams(**_with_weights(setting))
            scores = {}
            for repo in repos:
                seed, _ = build_candidate_seed(inputs[repo.name], params)
                scores[repo.name] = score(seed_partition(seed, repo.truth), repo.truth)
            wins = all(
                scores[r].mojofm > max(b.mojofm for b in baselines[r])
                and scores[r].ari > max(b.ari for b in baselines[r])
                for r in scores
            )
            summary = {
                "wins": wins,
                "mean_mojofm": round(sum(x.mojofm for x in scores.values()) / len(scores), 2),
                "mean_ari": round(sum(x.ari for x in scores.values()) / len(scores), 4),
                "min_mojofm": min(x.mojofm for x in scores.values()),
                "per_repo": {r: (x.mojofm, x.ari) for r, x in scores.items()},
            }
            results.append((setting, summary))
    results.sort(key=lambda r: (not r[1]["wins"], -(r[1]["mean_mojofm"] + 100 * r[1]["mean_ari"]), json.dumps(r[0])))
    for setting, summary in results[:25]:
        print(json.dumps(setting), json.dumps(summary))
    for name, (directory, louvain) in baselines.items():
        print(f"baseline {name}: directory {directory}, louvain {louvain}")
    return results


def main(argv: Sequence[str] | None = None, loader: Loader | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.quality", description=__doc__.splitlines()[0])
    parser.add_argument("--tune", action="store_true", help="sweep the levers over the declared grid")
    parser.add_argument(
        "--held-out",
        action="store_true",
        help="score the defaults on 24 more repositories drawn with other seeds (no rescan)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--archsets",
        nargs="?",
        const=archsets.default_archsets(),
        type=Path,
        metavar="DIR",
        help="score the default scan on the real systems of DIR (default: ../shared/archsets)",
    )
    parser.add_argument("--systems", help="with --archsets: a comma-separated subset")
    parser.add_argument("--no-rescan", action="store_true", help="with --archsets: skip the three unchanged rescans")
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="SRC",
        help="with --archsets: time fresh scans against the code of SRC (another revision's tree)",
    )
    args = parser.parse_args(argv)
    if args.archsets is not None and args.tune:
        return archsets.tune(args.archsets, _settings(STRUCTURE_GRID))
    if args.archsets is not None:
        with tempfile.TemporaryDirectory(prefix="archsets-") as scratch:
            return archsets.main(
                args.archsets,
                args.systems.split(",") if args.systems else None,
                not args.no_rescan,
                Path(scratch),
                args.baseline,
            )
    loader = loader or full_load
    repos = held_out_repos() if args.held_out else planted_repos()
    db = Database.connect()
    db.apply_schema()
    try:
        if args.tune:
            tune(db, repos, loader)
            return 0
        params = ClusterParams()
        figures = [
            evaluate(db, repo, params, loader, rescan=None if args.held_out else incremental_load) for repo in repos
        ]
        for repo in repos:
            forget_repo(db, f"bench-quality-{repo.name}")
    finally:
        db.close()
    if args.json:
        print(
            json.dumps({"parameters": params.model_dump(mode="json"), "repos": [asdict(f) for f in figures]}, indent=2)
        )
    else:
        print(table(figures))
    if args.held_out:
        print(f"wins: {sum(f.wins() for f in figures)} of {len(figures)}")
        return 0
    return 0 if all(f.wins() for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
