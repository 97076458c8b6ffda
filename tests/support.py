"""Helpers shared by tests."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from graphdb.database import Database

FIXTURE_CYPHER = Path(__file__).parent / "cypher"


T = TypeVar("T")


def fixture_cypher(name: str) -> str:
    """A fixture-data statement from ``tests/cypher/`` (tests keep their Cypher in files too)."""
    return (FIXTURE_CYPHER / f"{name}.cypher").read_text(encoding="utf-8")


@contextmanager
def scan_held_at_loading(db: Database, graph: str, path: str) -> Iterator[None]:
    """While the block runs, a scan loading ``path`` into the code graph ``graph`` (a staging key, e.g.
    ``repo~1`` for a repository's first scan) waits on the key of that file: it reports its phases up to
    parsing or loading and cannot reach writing. Nothing of this is left afterwards (rolled back)."""
    with db.driver.session(database=db.database) as session:
        tx = session.begin_transaction()
        try:
            tx.run(fixture_cypher("hold_file_key"), graph=graph, path=path).consume()
            yield
        finally:
            tx.rollback()


def write_python_repo(
    root: Path, modules: tuple[str, ...] = ("billing", "catalog", "shipping"), files_per_module: int = 12
) -> list[str]:
    """A small Python code base with a planted architecture: each module's files import each other in a
    chain, and each module's entry point imports the next module's. Returns the written paths."""
    written = []
    for m, module in enumerate(modules):
        package = root / "src" / module
        package.mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").write_text("")
        written.append(f"src/{module}/__init__.py")
        for f in range(files_per_module):
            lines = [
                f"from {module} import part{(f + 1) % files_per_module}",
                f"from {module} import part{(f + 2) % files_per_module}",
            ]
            if f == 0:
                lines.append(f"from {modules[(m + 1) % len(modules)]} import part1")
            lines += [
                "",
                f"def run_{module}_{f}(x):",
                f"    return part{(f + 1) % files_per_module}.run_{module}_{(f + 1) % files_per_module}(x)",
                "",
            ]
            (package / f"part{f}.py").write_text("\n".join(lines))
            written.append(f"src/{module}/part{f}.py")
    (root / "README.md").write_text("# planted\n")
    written.append("README.md")
    return written


def run_async(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(make())`` in a thread of its own: the screen tests' Playwright keeps an event loop running
    in the main thread for the whole session, where ``asyncio.run`` is refused."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()
