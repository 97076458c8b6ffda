"""The trees the ingest benchmark runs on: real source from PyPI sdists and npm packages, and a
generated repository. Downloads and unpacked trees are cached under ``<cache>/downloads`` and
``<cache>/trees`` (a second run downloads nothing)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Source:
    name: str  # the tree's directory name
    registry: str  # "pypi" or "npm"
    spec: str  # NAME==VER (pip) or NAME@VER (npm)
    archive: str  # the file the client saves
    languages: str  # what the tree holds, for the table


# Sizeable real trees in several languages; Django is the one over 5,000 files.
SOURCES = (
    Source("django", "pypi", "django==5.1.4", "Django-5.1.4.tar.gz", "Python, HTML, JS, docs"),
    Source("pillow", "pypi", "pillow==11.0.0", "pillow-11.0.0.tar.gz", "C, Python"),
    Source("jpype1", "pypi", "jpype1==1.5.1", "jpype1-1.5.1.tar.gz", "Java, C++, Python"),
    Source("three", "npm", "three@0.171.0", "three-0.171.0.tgz", "JavaScript"),
    Source("mui-material", "npm", "@mui/material@6.3.0", "mui-material-6.3.0.tgz", "JavaScript, TypeScript"),
    Source("rxjs", "npm", "rxjs@7.8.1", "rxjs-7.8.1.tgz", "TypeScript"),
)


def fetch(source: Source, cache: Path) -> Path:
    """The unpacked tree of ``source`` (downloaded and unpacked once)."""
    tree = cache / "trees" / source.name
    if tree.is_dir() and any(tree.iterdir()):
        return tree
    downloads = cache / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    archive = downloads / source.archive
    if not archive.exists():
        if source.registry == "pypi":
            command = [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--no-binary",
                ":all:",
                source.spec,
                "-d",
                str(downloads),
            ]
        else:
            command = ["npm", "pack", "--silent", source.spec, "--pack-destination", str(downloads)]
        subprocess.run(command, check=True, capture_output=True, timeout=600)
    tree.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as packed:
        members = []
        for member in packed.getmembers():
            parts = Path(member.name).parts[1:]  # drop the archive's top directory
            if not parts or not (member.isfile() or member.isdir()):
                continue
            member.name = str(Path(*parts))
            members.append(member)
        packed.extractall(tree, members=members, filter="data")
    return tree
