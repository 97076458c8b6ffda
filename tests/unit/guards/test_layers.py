"""Static guard: the layers import one way, and product code leans on no library's private parts.

    api → services → graphdb, ingest, rooms
                     graphdb → ingest, rooms (it stores what ingest reads and what rooms decides)
                     ingest and rooms → nothing of ours

Also: nothing in product code imports a private name (one with a leading underscore) of Strawberry,
graphql-core or the Neo4j driver, reaches into a private attribute such as ``schema._schema``, or edits
``sys.modules``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MAY_IMPORT = {
    "api": {"api", "services", "graphdb", "ingest", "rooms"},
    "services": {"services", "graphdb", "ingest", "rooms"},
    "graphdb": {"graphdb", "ingest", "rooms"},
    "ingest": {"ingest"},
    "rooms": {"rooms"},
}
LIBRARIES = ("strawberry", "graphql", "neo4j")


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _imported(tree: ast.AST) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) for every import in the file."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return found


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_each_layer_imports_only_the_layers_below_it(package: str) -> None:
    wrong = []
    for path in _modules(package):
        for line, module, _ in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            top = module.split(".")[0]
            if top in MAY_IMPORT and top not in MAY_IMPORT[package]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_no_private_parts_of_the_libraries_and_no_sys_modules_edits() -> None:
    wrong = []
    for package in MAY_IMPORT:
        for path in _modules(package):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = path.relative_to(ROOT)
            for line, module, names in _imported(tree):
                if module.split(".")[0] in LIBRARIES and any(p.startswith("_") for p in [*module.split("."), *names]):
                    wrong.append(f"{where}:{line} imports a private part of {module}")
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr == "_schema":
                    wrong.append(f"{where}:{node.lineno} reads ._schema")
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr == "modules"
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "sys"
                ):
                    wrong.append(f"{where}:{node.lineno} touches sys.modules")
    assert not wrong, "\n".join(wrong)
