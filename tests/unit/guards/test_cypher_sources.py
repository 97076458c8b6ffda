"""Static guard: every string that reaches the Neo4j driver comes from the Cypher catalog.

In product code (`api/`, `services/`, `graphdb/`, `ingest/`, `rooms/`), the statement argument of a driver or GDS
call must be `query(...)` (a file under graphdb/cypher/), such a statement wrapped in `neo4j.Query`, or a
parameter annotated `LiteralString` that callers feed from `query(...)`. Anything else — an f-string, a
concatenation, `.format`, `%` — fails this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("api", "services", "graphdb", "ingest", "rooms")
# Methods whose first argument is a Cypher statement, by the receiver names they are called on.
DRIVER_METHODS = {"execute_query", "run_cypher", "cypher"}
TX_RECEIVERS = {"tx", "session", "transaction"}


def _literal_params(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names = set()
    for arg in function.args.args + function.args.kwonlyargs + function.args.posonlyargs:
        if arg.annotation is not None and "LiteralString" in ast.unparse(arg.annotation):
            names.add(arg.arg)
    return names


def _is_statement_call(call: ast.Call) -> bool:
    func = call.func
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr in DRIVER_METHODS:
        return True
    receiver = func.value
    return func.attr == "run" and isinstance(receiver, ast.Name) and receiver.id in TX_RECEIVERS


def _allowed(argument: ast.expr, literal_params: set[str]) -> bool:
    if isinstance(argument, ast.Call) and isinstance(argument.func, ast.Name) and argument.func.id == "query":
        return True
    if isinstance(argument, ast.Call) and isinstance(argument.func, ast.Name) and argument.func.id == "Query":
        return bool(argument.args) and _allowed(argument.args[0], literal_params)  # neo4j.Query(text, timeout=…)
    return isinstance(argument, ast.Name) and argument.id in literal_params


class _Visitor(ast.NodeVisitor):
    """Checks each statement call against the LiteralString parameters of its enclosing functions."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.visible: list[set[str]] = [set()]
        self.problems: list[str] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.visible.append(self.visible[-1] | _literal_params(node))
        self.generic_visit(node)
        self.visible.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_Call(self, node: ast.Call) -> None:
        if _is_statement_call(node) and node.args and not _allowed(node.args[0], self.visible[-1]):
            self.problems.append(f"{self.filename}:{node.lineno}: {ast.unparse(node.args[0])[:80]}")
        self.generic_visit(node)


def offending_calls(source: str, filename: str) -> list[str]:
    visitor = _Visitor(filename)
    visitor.visit(ast.parse(source, filename))
    return visitor.problems


def test_every_statement_comes_from_the_catalog() -> None:
    problems = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            problems += offending_calls(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not problems, "Cypher built outside graphdb/cypher/:\n" + "\n".join(problems)


def test_the_guard_catches_formatting() -> None:
    bad = """
def f(tx, label):
    tx.run(f"MATCH (n:{label}) RETURN n")
    tx.run("MATCH (n) " + label)
    driver.execute_query("MATCH (n:%s)" % label)
    gds.run_cypher("MATCH (n:{}) RETURN n".format(label))
    driver.execute_query(Query(f"MATCH (n:{label}) RETURN n", timeout=1))
    driver.execute_query(Query(query("store_read"), timeout=1))
"""
    assert len(offending_calls(bad, "bad.py")) == 5


def test_the_guard_accepts_catalog_statements() -> None:
    good = """
from typing import LiteralString
def f(tx, statement: LiteralString):
    tx.run(query("store_lock"), repo_id=1)
    def work(inner):
        tx.run(statement)
    driver.execute_query(query("server_versions"))
"""
    assert offending_calls(good, "good.py") == []
