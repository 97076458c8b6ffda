"""What ``coderooms scan`` reads of a tree, found without parsing it: the files its discovery keeps and whose
content it accepts (``ingest.discovery``, with the command line's default options), their languages, and the
directories it prunes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench.ingest.emerge import pruned_dir_names
from ingest import ScanOptions, SkippedEntry
from ingest.discovery import Candidate, discover, read_candidate
from ingest.languages import PARSED_LANGUAGES


@dataclass(frozen=True)
class Inventory:
    files: tuple[Candidate, ...]  # every file the scan reads, in path order
    pruned_dirs: tuple[str, ...]  # directory names, for emerge to leave out too

    @property
    def files_by_language(self) -> dict[str, int]:
        return dict(Counter(candidate.language for candidate in self.files))

    @property
    def source(self) -> list[str]:
        """The paths of the files it parses (program source; docs and config are files without symbols)."""
        return [candidate.path for candidate in self.files if candidate.language in PARSED_LANGUAGES]


def inventory(tree: Path) -> Inventory:
    root = tree.resolve()
    options = ScanOptions()
    found = discover(root, options)
    read = tuple(c for c in found.candidates if not isinstance(read_candidate(root, c, options), SkippedEntry))
    return Inventory(read, tuple(pruned_dir_names(found.skipped)))
