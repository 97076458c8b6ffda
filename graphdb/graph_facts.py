"""What the code graph tells a naming packet: file languages, symbols worth naming a block after, and
symbol counts per kind. Read once per naming run; empty (`GraphFacts().available` is false) when the
repository has no code graph, and packets then fall back to the membership paths."""

from __future__ import annotations

from graphdb.database import Database
from rooms.naming import GraphFacts


def graph_facts(db: Database, repo_id: str) -> GraphFacts:
    languages = {str(r["path"]): str(r["language"]) for r in db.rows("cluster_files", repo_id=repo_id)}
    if not languages:
        return GraphFacts()
    symbols = tuple(
        (str(r["path"]), str(r["name"]), str(r["kind"]), float(r["weight"]))
        for r in db.rows("cluster_named_symbols", repo_id=repo_id)
    )
    kinds = tuple(
        (str(r["path"]), str(r["kind"]), int(r["count"])) for r in db.rows("naming_symbol_kinds", repo_id=repo_id)
    )
    return GraphFacts(languages=languages, symbols=symbols, kinds=kinds)
