"""Helpers shared by tests."""

from __future__ import annotations

from pathlib import Path

FIXTURE_CYPHER = Path(__file__).parent / "cypher"


def fixture_cypher(name: str) -> str:
    """A fixture-data statement from ``tests/cypher/`` (tests keep their Cypher in files too)."""
    return (FIXTURE_CYPHER / f"{name}.cypher").read_text(encoding="utf-8")


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
