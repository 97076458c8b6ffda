"""Scan settings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ScanOptions:
    max_file_bytes: int = 2_000_000
    # Use ``git ls-files`` when the root is in a git work tree; otherwise walk honouring .gitignore.
    use_git: bool = True
    # A JavaScript/TypeScript/CSS file whose mean line length exceeds this is a minified bundle.
    minified_mean_line_length: int = 250
    # Parser processes; 1 parses in this process. Worth it from a few hundred changed files.
    workers: int = 1
