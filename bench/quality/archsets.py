"""``python -m bench.quality --archsets``: the default scan against real systems' expert architectures.

For each system of the archsets development set (``../shared/archsets``: source tree, expert gold, the
set's own scorer), the tree is unpacked once into ``$CODEROOMS_HOME/archsets/<system>``, then:

1. the repository id is emptied and the tree scanned fresh with the plain CLI (``coderooms scan``, default
   settings, heuristic naming), timed as a user would time it;
2. the seed is exported (``coderooms export-seed``) and scored by the set's ``score.py`` (MoJoFM, full
   semantics), beside the set's directory baseline, its best published technique and SARIF;
3. unless ``--no-rescan``, the same tree is scanned again three times under the same id, unchanged, each time
   after importing the first export (the store moved, so the scan builds the map again rather than keeping
   it): each export must equal the first, byte for byte ("stable");
4. with ``--baseline SRC`` (a source tree of another revision, e.g. ``git archive <rev> | tar -x -C SRC``),
   three fresh scans with our code and three with SRC's, alternated, time the whole ``coderooms scan``:
   medians and their ratio.

Nothing here passes a system's name or gold to the scan: every system gets the same command. Exit status 1
when a system scores under the directory baseline or SARIF, or a rescan changed the map.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter
from typing import Any

from bench.common import forget_repo
from graphdb.database import Database
from graphdb.settings import DbSettings
from rooms.candidate import ClusterParams, build_candidate_seed
from rooms.contract import serialize_seed
from services.candidate import collect_input

RESCANS = 3
TIMED_ROUNDS = 3


@dataclass(frozen=True)
class SystemFigures:
    system: str
    mojofm: float
    directory: float
    best_name: str
    best: float
    sarif: float
    blocks: int
    scan_s: float
    stable: bool | None
    timed: tuple[float, float] | None = None  # medians of alternated fresh scans: ours, the baseline's

    def wins(self) -> bool:
        return self.mojofm >= self.directory and self.mojofm >= self.sarif and self.stable is not False


def unpack(archsets: Path, system: str, into: Path | None = None) -> Path:
    """The system's tree, unpacked once (the archives are deterministic; a marker file says it is whole) into
    ``into`` (default: ``$CODEROOMS_HOME/archsets``). Reads the system's ``src.tar.gz`` and nothing else."""
    target = (into or DbSettings().home / "archsets") / system
    marker = target.parent / f".{system}.unpacked"
    archive = archsets / system / "src.tar.gz"
    if marker.exists() and marker.read_text() == str(archive.stat().st_mtime_ns):
        return target
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target, filter="data")
    marker.write_text(str(archive.stat().st_mtime_ns))
    return target


def _cli(*args: str, source: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI as a user runs it; with ``source``, the code of that source tree (another revision)."""
    coderooms = Path(sys.executable).with_name("coderooms")
    env = None if source is None else {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([str(coderooms), *args], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"coderooms {' '.join(args)} exited {done.returncode}: {done.stderr.strip()[-2000:]}")
    return done


def _scan_and_export(tree: Path, repo_id: str, source: Path | None = None) -> tuple[str, float]:
    started = perf_counter()
    _cli("scan", str(tree), "--repo-id", repo_id, "--naming", "heuristic", "--json", source=source)
    seconds = perf_counter() - started
    return _cli("export-seed", repo_id).stdout, seconds


def _rebuilt_export(tree: Path, repo_id: str, seed: Path) -> str:
    """The export after a scan that builds the map again: the store is moved first (``seed`` imported), so the
    map is not kept (``services.kept_map``)."""
    _cli("import-seed", str(seed))
    return _scan_and_export(tree, repo_id)[0]


def _fresh_scan_seconds(tree: Path, repo_id: str, source: Path | None) -> float:
    _forget(repo_id)
    seconds = _scan_and_export(tree, repo_id, source)[1]
    _forget(repo_id)
    return seconds


def _score(archsets: Path, system: str, seed_text: str, scratch: Path) -> dict:
    partition = scratch / f"{system}.json"
    partition.write_text(seed_text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(archsets / "score.py"), system, str(partition), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def _forget(repo_id: str) -> None:
    db = Database.connect()
    try:
        forget_repo(db, repo_id)
    finally:
        db.close()


def run_system(archsets: Path, system: str, scratch: Path, rescan: bool, baseline: Path | None = None) -> SystemFigures:
    tree = unpack(archsets, system)
    repo_id = _repo_id(system)
    _forget(repo_id)
    first, seconds = _scan_and_export(tree, repo_id)
    stable: bool | None = None
    if rescan:
        exported = scratch / f"{system}.first.json"
        exported.write_text(first, encoding="utf-8")
        stable = all(_rebuilt_export(tree, repo_id, exported) == first for _ in range(RESCANS))
    timed: tuple[float, float] | None = None
    if baseline is not None:  # alternated fresh scans, ours and the baseline revision's, under a scratch id
        ours, theirs = [], []
        for _ in range(TIMED_ROUNDS):
            ours.append(_fresh_scan_seconds(tree, repo_id + "-timed", None))
            theirs.append(_fresh_scan_seconds(tree, repo_id + "-timed", baseline))
        timed = (statistics.median(ours), statistics.median(theirs))
    scored = _score(archsets, system, first, scratch)
    base = scored["baselines"]
    return SystemFigures(
        system=system,
        mojofm=scored["mojofm_full"],
        directory=base["directory"],
        best_name=base["best_technique"]["name"],
        best=base["best_technique"]["mojofm"],
        sarif=base["SARIF"],
        blocks=len(json.loads(first)["blocks"]),
        scan_s=seconds,
        stable=stable,
        timed=timed,
    )


def print_table(rows: list[SystemFigures]) -> None:
    print(
        f"{'system':24} {'ours':>6} {'dir':>6} {'best technique':>16} {'SARIF':>6} {'blocks':>6} "
        f"{'scan s':>7} {'stable':>6}  verdict   timed: ours / baseline s (ratio)"
    )
    for r in rows:
        stable = "-" if r.stable is None else ("yes" if r.stable else "NO")
        timed = "" if r.timed is None else f"{r.timed[0]:.2f} / {r.timed[1]:.2f} ({r.timed[0] / r.timed[1]:.2f})"
        print(
            f"{r.system:24} {r.mojofm:6.2f} {r.directory:6.2f} {r.best_name[:9]:>9} {r.best:6.2f} "
            f"{r.sarif:6.2f} {r.blocks:6} {r.scan_s:7.1f} {stable:>6}  {'ok' if r.wins() else 'MISSED':7}   {timed}"
        )
    if rows:
        mean = lambda f: sum(f(r) for r in rows) / len(rows)  # noqa: E731
        print(
            f"{'mean':24} {mean(lambda r: r.mojofm):6.2f} {mean(lambda r: r.directory):6.2f} "
            f"{'':>9} {mean(lambda r: r.best):6.2f} {mean(lambda r: r.sarif):6.2f}"
        )


def main(archsets: Path, systems: list[str] | None, rescan: bool, scratch: Path, baseline: Path | None = None) -> int:
    if not (archsets / "score.py").is_file():
        print(f"no archsets development set at {archsets}", file=sys.stderr)
        return 2
    chosen = [s for s in _systems(archsets) if systems is None or s in systems]
    rows = []
    for system in chosen:
        rows.append(run_system(archsets, system, scratch, rescan, baseline))
        print(f"  {system}: {rows[-1].mojofm:.2f} in {rows[-1].scan_s:.1f}s", file=sys.stderr, flush=True)
    print_table(rows)
    return 0 if all(r.wins() for r in rows) else 1


def default_archsets() -> Path:
    return Path(os.environ.get("CODEROOMS_ARCHSETS", Path(__file__).resolve().parents[3] / "shared" / "archsets"))


def tune(archsets: Path, settings: Sequence[dict[str, object]]) -> int:
    """Score each of ``settings`` (levers of the structure) on all systems at once: each system's graph and clustering
    are read once (ingesting the tree if the database lacks it), then the pure builder runs per setting and
    the set's scorer scores the seed in-process. Prints one line per setting, best mean first."""
    sys.path.insert(0, str(archsets))
    import score  # the set's own scorer: its glob semantics, its MoJoFM

    db = Database.connect()
    try:
        inputs = {}
        for system in _systems(archsets):
            repo_id = _repo_id(system)
            _cli("ingest", str(unpack(archsets, system)), "--repo-id", repo_id, "--json")
            inputs[system] = collect_input(db, repo_id, ClusterParams())[0]
    finally:
        db.close()
    rows = []
    for setting in settings:
        params = ClusterParams(**setting)
        figures = {}
        for system, data in inputs.items():
            seed, _ = build_candidate_seed(data, params)
            seed_json = json.loads(serialize_seed(seed))
            partition = score.partition_from_seed(seed_json, score.tree_files(system), [])
            figures[system] = score.score(system, partition)["mojofm_full"]
        misses = sum(1 for s, f in figures.items() if f < min_reference(score, s))
        rows.append((sum(figures.values()) / len(figures), misses, setting, figures))
    for mean, misses, setting, figures in sorted(rows, key=lambda r: (r[1], -r[0])):
        print(f"{mean:6.2f} misses {misses}  {setting}  " + " ".join(f"{s[:8]} {f:.1f}" for s, f in figures.items()))
    return 0


def min_reference(score: Any, system: str) -> float:
    base = score.baseline_summary(system)
    return max(base["directory"], base["SARIF"])


def _repo_id(system: str) -> str:
    return "archsets-" + system.lower()


def _systems(archsets: Path) -> list[str]:
    return sorted((d.name for d in archsets.iterdir() if (d / "gold.json").is_file()), key=str.lower)
