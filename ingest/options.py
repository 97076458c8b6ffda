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
    # Parser processes: 0 = one per CPU (only used from a few hundred files to parse), 1 = in process.
    workers: int = 0
