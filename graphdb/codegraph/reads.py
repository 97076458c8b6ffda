"""What the loader and its callers read back from the stored code graph."""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from graphdb.codegraph.batches import batch_parameters
from graphdb.database import Database
from ingest import EdgeRecord, FileParse, StoredFile


def stored_digests(db: Database, repo_id: str) -> dict[str, str | None]:
    """Every File node's digest by path, null for a file whose load was interrupted."""
    return {row["path"]: row["digest"] for row in db.rows("codegraph_file_digests", **batch_parameters(repo_id))}


def unwritten_ends(db: Database, repo_id: str, edges: Sequence[EdgeRecord], *written: Container[str]) -> dict[str, str]:
    """Element ids of the relationships' ends that are in none of ``written`` (the keys of what this load writes),
    by key: nodes of unchanged files, of which this load writes nothing, so they may be looked up while it writes."""
    missing = {end for edge in edges for end in (edge.source, edge.target) if not any(end in keys for keys in written)}
    if not missing:
        return {}
    files = sorted(end for end in missing if end.startswith("file::"))
    symbols = sorted(missing.difference(files))  # packages are all written by every load
    return {
        row["id"]: row["node"]
        for row in db.rows("codegraph_element_ids", **batch_parameters(repo_id, files=files, symbols=symbols))
    }


def stored_files(db: Database, repo_id: str) -> dict[str, StoredFile]:
    """Each file as the last load stored it, by path: an incremental scan compares the tree with these."""
    return {
        row["path"]: StoredFile(row["language"], row["sha256"], row["parse"])
        for row in db.rows("codegraph_stored_files", repo_id=repo_id)
    }


def parses_of(files: Mapping[str, StoredFile]) -> dict[str, FileParse]:
    """The parses of ``stored_files``: ``scan_tree(root, previous=...)`` reuses them."""
    parses = {}
    for path, file in files.items():
        try:
            parses[path] = FileParse.from_json_text(file.parse)
        except (ValueError, KeyError, TypeError):
            continue  # written by another version: that file is parsed again
    return parses


def stored_parses(db: Database, repo_id: str) -> dict[str, FileParse]:
    """``parses_of(stored_files(...))``, for a sync that compares nothing else."""
    return parses_of(stored_files(db, repo_id))


def file_paths(db: Database, repo_id: str) -> list[str]:
    """The paths of the files of the repository's latest ingest."""
    return [row["path"] for row in db.rows("reconcile_file_paths", repo_id=repo_id)]
