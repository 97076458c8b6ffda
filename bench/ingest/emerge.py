"""The peer tool ``emerge-viz``, in a virtualenv of its own under the cache directory (so it does not
touch ours), configured for the same work as our ingest: for each language of the tree it supports,
one analysis over the same directories with its file-level dependency graph, method counts and lines
of code (plus, for Java, its entity dependency and inheritance graphs -- the only language where
emerge has entities), exported as JSON. Metrics we do not compute (Louvain, TF-IDF, fan-in/out) and
its HTML/D3 export are left off, which only makes emerge faster.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ingest import SkippedEntry

VERSION = "2.0.7"
# Our language -> (emerge's language name, the extensions it reads).
LANGUAGES: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "python": ("py", (".py",)),
    "javascript": ("javascript", (".js", ".jsx", ".mjs", ".cjs")),
    "typescript": ("typescript", (".ts", ".tsx")),
    "c": ("c", (".c", ".h")),
    "cpp": ("cpp", (".cpp", ".cc", ".cxx", ".hpp", ".hh", ".hxx")),
    "java": ("java", (".java",)),
    "go": ("go", (".go",)),
    "ruby": ("ruby", (".rb",)),
}
_ENTITY_LANGUAGES = {"java"}


@dataclass(frozen=True)
class EmergeRun:
    seconds: float
    peak_rss_mb: float
    languages: tuple[str, ...]  # ours, that emerge analysed
    unsupported: tuple[str, ...]  # ours, with source files, that emerge has no parser for
    ok: bool
    cpu_seconds: float  # user + system, of the emerge process
    note: str = ""
    timed_out: bool = False


def ensure_emerge(cache: Path) -> Path:
    """The ``emerge`` executable of the cache's own virtualenv (created once)."""
    venv = cache / "emerge-venv"
    executable = venv / "bin" / "emerge"
    if not executable.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
        subprocess.run(
            [str(venv / "bin" / "pip"), "install", "--quiet", f"emerge-viz=={VERSION}"],
            check=True,
            capture_output=True,
            timeout=1200,
        )
    return executable


def pruned_dir_names(skipped: Iterable[SkippedEntry]) -> list[str]:
    """The names of the directories our discovery pruned (its skipped entries that end in ``/``): emerge is told
    to leave them out too, so that both tools read the same tree."""
    return sorted({Path(entry.path.rstrip("/")).name for entry in skipped if entry.path.endswith("/")})


def config(tree: Path, export: Path, languages: Iterable[str], pruned_dirs: Iterable[str]) -> str:
    """emerge's YAML (written as JSON, which YAML reads) for ``languages`` of ``tree``."""
    ignored = sorted({"node_modules", ".git", "__pycache__", *pruned_dirs})
    analyses = []
    for language in languages:
        name, extensions = LANGUAGES[language]
        analysis: dict[str, object] = {
            "analysis_name": f"{language} check",
            "source_directory": str(tree),
            "only_permit_languages": [name],
            "only_permit_file_extensions": list(extensions),
            "ignore_directories_containing": ignored,
            "file_scan": ["number_of_methods", "source_lines_of_code", "dependency_graph"],
            "export": [{"directory": str(export / language)}, "json"],
        }
        if language in _ENTITY_LANGUAGES:
            analysis["entity_scan"] = ["dependency_graph", "inheritance_graph"]
        analyses.append(analysis)
    return json.dumps({"project_name": tree.name, "loglevel": "error", "analyses": analyses}, indent=2)


def run_emerge(
    cache: Path, tree: Path, files_by_language: Mapping[str, int], pruned_dirs: Iterable[str], timeout_s: float
) -> EmergeRun:
    executable = ensure_emerge(cache)
    source_languages = sorted(lang for lang, count in files_by_language.items() if count and lang in _SOURCE)
    languages = tuple(lang for lang in source_languages if lang in LANGUAGES)
    unsupported = tuple(lang for lang in source_languages if lang not in LANGUAGES)
    work = cache / "emerge-runs" / tree.name
    work.mkdir(parents=True, exist_ok=True)
    for language in languages:
        (work / "export" / language).mkdir(parents=True, exist_ok=True)
    config_file = work / "config.yaml"
    config_file.write_text(config(tree, work / "export", languages, pruned_dirs))
    started = time.perf_counter()
    with open(work / "emerge.log", "wb") as log:
        process = subprocess.Popen(
            [str(executable), "-c", str(config_file), "-e"],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=work,
            start_new_session=True,
        )
        deadline = started + timeout_s
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                return EmergeRun(
                    time.perf_counter() - started,
                    usage.ru_maxrss / 1024,
                    languages,
                    unsupported,
                    False,
                    usage.ru_utime + usage.ru_stime,
                    f"stopped after {timeout_s:.0f}s",
                    timed_out=True,
                )
            time.sleep(0.05)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    ok = process.returncode == 0
    return EmergeRun(
        seconds,
        usage.ru_maxrss / 1024,
        languages,
        unsupported,
        ok,
        usage.ru_utime + usage.ru_stime,
        "" if ok else f"exit {process.returncode}, see {work / 'emerge.log'}",
    )


# Our languages that are program source (the rest -- docs, config, html, css... -- emerge does not read).
_SOURCE = {"python", "javascript", "typescript", "c", "cpp", "java", "go", "ruby", "rust", "csharp", "php"}
