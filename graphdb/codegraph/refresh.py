"""Edited files refreshed in place, when the edits leave the code graph's nodes and edges as they were."""

from __future__ import annotations

from collections.abc import Iterable

from neo4j import ManagedTransaction

from graphdb.queries import query
from ingest import FileParse
from ingest.assemble import file_graph


def refresh_files(tx: ManagedTransaction, repo_id: str, parses: Iterable[FileParse]) -> None:
    """In the caller's transaction: the files of ``parses`` get their new records and parses, and their symbols
    their new lines (``ingest.neutral_edits`` found nothing else changed)."""
    rows = []
    for parse in parses:
        record, symbols, _ = file_graph(parse)
        lines = [[s.id, s.start_line, s.end_line] for s in symbols]
        rows.append([record.id, record.size, record.sha256, record.lines, parse.to_json_text(), lines])
    if rows:
        tx.run(query("codegraph_refresh_files"), repo_id=repo_id, rows=rows).consume()
