"""Ruby ``require_relative``/``require`` to files.

``require_relative`` is relative to the requiring file. ``require`` searches the load path:
every directory named ``lib`` and the root (several different hits are ambiguous). What is not
in the repository is a gem declared in a Gemfile or gemspec (``active_support`` matches the gem
``activesupport``, ``rspec/core`` matches ``rspec-core``), part of Ruby's standard library, or
unresolved.
"""

from __future__ import annotations

import posixpath

from ingest.parse.model import FileParse, RawImport
from ingest.resolve.base import (
    AMBIGUOUS_OUTCOME,
    STDLIB_OUTCOME,
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    normalize_join,
    package,
    resolved,
)

_STANDARD = frozenset(
    """
abbrev base64 benchmark bigdecimal cgi csv date delegate digest English erb etc fcntl fiber fileutils
find forwardable getoptlong io/console ipaddr json logger matrix monitor net/http objspace observer
open-uri open3 openssl optparse ostruct pathname pp prettyprint prime pstore psych racc rbconfig readline
resolv ripper securerandom set shellwords singleton socket stringio strscan syslog tempfile time timeout
tmpdir tsort un uri weakref yaml zlib coverage pty expect io/wait net/https
""".split()
)


def _gem_key(name: str) -> str:
    return name.lower().replace("-", "").replace("_", "").replace("/", "")


def build(index: RepoIndex) -> LanguageResolver:
    paths = index.paths
    load_path = [*sorted(d for d in index.directories if posixpath.basename(d) == "lib"), ""]
    gems = {_gem_key(name): name for name in index.declared("gem")}

    def with_extension(path: str) -> str:
        return path if path.endswith(".rb") else path + ".rb"

    def resolve(parse: FileParse, imp: RawImport) -> ImportOutcome:
        spec = imp.specifier
        if imp.form == "relative":
            target = normalize_join(posixpath.dirname(parse.path), with_extension(spec))
            return resolved(target) if target is not None and target in paths else UNRESOLVED_OUTCOME
        hits = {hit for d in load_path if (hit := normalize_join(d, with_extension(spec))) is not None and hit in paths}
        if len(hits) > 1:
            return AMBIGUOUS_OUTCOME
        if hits:
            return resolved(*hits)
        for key in (_gem_key(spec), _gem_key(spec.split("/")[0])):
            if key in gems:
                return package("gem", gems[key])
        if spec in _STANDARD or spec.split("/")[0] in _STANDARD:
            return STDLIB_OUTCOME
        return UNRESOLVED_OUTCOME

    return LanguageResolver(resolve)
