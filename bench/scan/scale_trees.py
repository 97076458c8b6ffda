"""Trees of a given size made of real source: whole copies of the real trees' source files, each copy under a
renamed top-level folder (``copy-0007/<tree>/<path>``), then a share of every tree for the files left over.
Deterministic for a given size and set of trees; written once, then cached. Only files ``coderooms scan``
parses are copied, so a tree of N files is N files to the scan."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ingest.languages import language_of

# A line comment in each language a changed file may be picked from (PHP is not: a comment needs its tags).
LINE_COMMENTS = {
    "python": "#",
    "ruby": "#",
    "c": "//",
    "cpp": "//",
    "csharp": "//",
    "go": "//",
    "java": "//",
    "javascript": "//",
    "rust": "//",
    "typescript": "//",
}

Sources = Sequence[tuple[str, Path, Sequence[str]]]  # (tree name, its root, its source paths in order)


def build(root: Path, size: int, sources: Sources) -> Path:
    """Write ``size`` source files under ``root`` (kept if a complete tree of the same make is there)."""
    marker = root.with_name(root.name + ".complete")  # beside the tree: inside, the scan would read it
    make = f"{size} files from " + ", ".join(f"{name} {len(paths)}" for name, _, paths in sources)
    if marker.exists() and marker.read_text() == make and root.is_dir():
        return root
    marker.unlink(missing_ok=True)
    shutil.rmtree(root, ignore_errors=True)
    for index, picked in enumerate(copies(size, [len(paths) for _, _, paths in sources])):
        for (name, tree, paths), count in zip(sources, picked, strict=True):
            for path in paths[:count]:
                target = root / f"copy-{index:04d}" / name / path
                target.parent.mkdir(parents=True, exist_ok=True)
                # Copies, not links: the one-file change must change one file.
                shutil.copyfile(tree / path, target)
    marker.write_text(make)
    return root


def copies(size: int, counts: Sequence[int]) -> list[list[int]]:
    """How many files of each tree each copy takes: whole copies, then the rest shared out in proportion to
    the trees' sizes (largest remainders first), each tree's first files in path order."""
    total = sum(counts)
    whole, rest = divmod(size, total)
    shares = [rest * count // total for count in counts]
    by_remainder = sorted(range(len(counts)), key=lambda i: (-(rest * counts[i] % total), i))
    for i in by_remainder[: rest - sum(shares)]:
        shares[i] += 1
    return [list(counts)] * whole + ([shares] if rest else [])


@contextmanager
def one_file_changed(root: Path) -> Iterator[str]:
    """A comment line appended to the tree's first source file with a line comment; restored afterwards, bytes
    and times, so that the cached tree stays as built."""
    path = next(_commentable(root))
    file = root / path
    before, times = file.read_bytes(), file.stat()
    comment = LINE_COMMENTS[language_of(path)]
    file.write_bytes(before + f"\n{comment} bench.scan: one changed line\n".encode())
    try:
        yield path
    finally:
        file.write_bytes(before)
        os.utime(file, ns=(times.st_atime_ns, times.st_mtime_ns))


@contextmanager
def one_file_added(root: Path) -> Iterator[str]:
    """A copy of the tree's first source file with a line comment added beside it (new nodes and edges);
    deleted afterwards."""
    source = root / next(_commentable(root))
    copy = source.with_name(f"{source.stem}_bench_copy{source.suffix}")
    copy.write_bytes(source.read_bytes())
    try:
        yield copy.relative_to(root).as_posix()
    finally:
        copy.unlink()


def _commentable(root: Path) -> Iterator[str]:
    for directory, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            path = Path(directory, name).relative_to(root).as_posix()
            if language_of(path) in LINE_COMMENTS:
                yield path
