"""Ingest: any repository tree -> File/Symbol/Package records and typed, weighted edges.

Pure apart from reading the tree: ``scan_tree`` discovers files (git or .gitignore-aware walk),
parses them with tree-sitter, resolves imports/calls/inheritance per language and returns
sorted, deterministic records plus a report. Pass the previous result to rescan incrementally,
and a ``ParseSink`` to be told of parses and resolved edges as they come (a loader writes meanwhile).
"""

from ingest.changes import Edits, StoredFile, neutral_edits
from ingest.options import ScanOptions
from ingest.parse import PARSER_VERSION, FileParse, parse_file
from ingest.records import (
    EdgeKind,
    EdgeRecord,
    FileIssue,
    FileRecord,
    PackageRecord,
    ScanReport,
    ScanResult,
    SkippedEntry,
    SymbolKind,
    SymbolRecord,
)
from ingest.survey import Survey, survey_tree
from ingest.tree_scan import ParseSink, ScanProgress, scan_tree

__all__ = [
    "PARSER_VERSION",
    "EdgeKind",
    "Edits",
    "EdgeRecord",
    "FileIssue",
    "FileParse",
    "FileRecord",
    "PackageRecord",
    "ParseSink",
    "ScanOptions",
    "ScanProgress",
    "ScanReport",
    "ScanResult",
    "SkippedEntry",
    "StoredFile",
    "Survey",
    "SymbolKind",
    "SymbolRecord",
    "neutral_edits",
    "parse_file",
    "scan_tree",
    "survey_tree",
]
