"""C/C++ ``#include`` to files.

Quoted includes try the including file's directory, then the repository's include directories
(the root and every directory named ``include``); several different hits are ambiguous. Failing
those, the header is looked for in the directories that contain it: a unique file ending in
``/<spec>`` is taken (confidence 1.0 when the spec has a directory part, 0.5 for a bare file
name). Angle-bracket includes try the include directories and the directory-suffix match, and
are otherwise system headers. There is no C/C++ package manifest to name packages from.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict

from ingest.parse.model import FileParse, RawImport
from ingest.resolve.base import (
    AMBIGUOUS_OUTCOME,
    STDLIB_OUTCOME,
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    normalize_join,
    resolved,
)

_BARE_NAME_CONFIDENCE = 0.5


def build(index: RepoIndex) -> LanguageResolver:
    paths = index.paths
    include_dirs = ["", *sorted(d for d in index.directories if posixpath.basename(d) == "include")]
    by_basename: dict[str, list[str]] = defaultdict(list)
    for path in sorted(paths):
        by_basename[posixpath.basename(path)].append(path)

    def resolve(parse: FileParse, imp: RawImport) -> ImportOutcome:
        spec = imp.specifier
        if imp.form != "system":
            local = normalize_join(posixpath.dirname(parse.path), spec)
            if local is not None and local in paths:
                return resolved(local)
        hits = {hit for d in include_dirs if (hit := normalize_join(d, spec)) is not None and hit in paths}
        if len(hits) > 1:
            return AMBIGUOUS_OUTCOME
        if hits:
            return resolved(*hits)
        has_directory = "/" in spec
        if imp.form == "system" and not has_directory:
            return STDLIB_OUTCOME
        suffix = "/" + spec.lstrip("./")
        found = [path for path in by_basename.get(posixpath.basename(spec), ()) if path.endswith(suffix)]
        if len(found) == 1:
            return resolved(found[0], confidence=1.0 if has_directory else _BARE_NAME_CONFIDENCE)
        if len(found) > 1:
            return AMBIGUOUS_OUTCOME
        return STDLIB_OUTCOME if imp.form == "system" else UNRESOLVED_OUTCOME

    return LanguageResolver(resolve)
