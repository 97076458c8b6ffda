"""JavaScript/TypeScript specifiers to files.

Relative specifiers try the exact path, each extension, a ``.js`` spelling of a TypeScript file,
then ``index`` files. Bare specifiers try, in order: the nearest tsconfig/jsconfig ``paths``
(longest matching prefix wins, following relative ``extends``), its ``baseUrl``, and workspace
packages (a ``package.json`` ``name`` in the repo, via its entry or ``src/index``/``index``).
What remains is a Node built-in, a dependency declared in some package.json, or unresolved.
"""

from __future__ import annotations

import posixpath

from ingest.manifests import Manifest
from ingest.parse.model import FileParse, RawImport
from ingest.resolve.base import (
    STDLIB_OUTCOME,
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    ancestors,
    normalize_join,
    package,
    resolved,
)

_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".json")
_TS_FOR_JS = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
_NEAREST_CONFIGS = ("tsconfig.json", "jsconfig.json")
_NODE_BUILTINS = frozenset(
    """
assert async_hooks buffer child_process cluster console constants crypto dgram diagnostics_channel dns
domain events fs http http2 https inspector module net os path perf_hooks process punycode querystring
readline repl stream string_decoder sys test timers tls trace_events tty url util v8 vm wasi
worker_threads zlib
""".split()
)


def build(index: RepoIndex) -> LanguageResolver:
    return LanguageResolver(_ScriptImports(index).resolve)


class _ScriptImports:
    def __init__(self, index: RepoIndex) -> None:
        self._paths = index.paths
        self._configs = {path: manifest for path, manifest in index.manifests_of("tsconfig")}
        self._workspace = {
            manifest.name: (posixpath.dirname(path), manifest)
            for path, manifest in index.manifests_of("npm")
            if manifest.name
        }
        self._declared = index.declared("npm")
        self._options_by_config: dict[str, tuple[str | None, str, tuple[tuple[str, tuple[str, ...]], ...]]] = {}

    def resolve(self, parse: FileParse, imp: RawImport) -> ImportOutcome:
        spec = imp.specifier.split("?", 1)[0]
        if spec.startswith((".", "/")):
            base = normalize_join(posixpath.dirname(parse.path), spec) if spec.startswith(".") else None
            target = self._file_for(base) if base is not None else None
            return resolved(target) if target else UNRESOLVED_OUTCOME
        target = self._through_tsconfig(parse.path, spec) or self._through_workspace(spec)
        if target:
            return resolved(target)
        return self._external(spec)

    def _file_for(self, base: str) -> str | None:
        paths = self._paths
        if base in paths:
            return base
        for extension in _EXTENSIONS:
            if base + extension in paths:
                return base + extension
        stem, extension = posixpath.splitext(base)
        for alternative in _TS_FOR_JS.get(extension, ()):
            if stem + alternative in paths:
                return stem + alternative
        for extension in _EXTENSIONS:
            candidate = posixpath.join(base, "index" + extension)
            if candidate in paths:
                return candidate
        return None

    def _through_tsconfig(self, importer: str, spec: str) -> str | None:
        config = next(
            (
                posixpath.join(directory, name)
                for directory in ancestors(importer)
                for name in _NEAREST_CONFIGS
                if posixpath.join(directory, name) in self._configs
            ),
            None,
        )
        if config is None:
            return None
        if config not in self._options_by_config:
            self._options_by_config[config] = self._compiler_options(config)
        base_url, paths_base, mappings = self._options_by_config[config]
        best: tuple[int, str, tuple[str, ...]] | None = None
        for pattern, targets in mappings:
            prefix, star, suffix = pattern.partition("*")
            if star and spec.startswith(prefix) and spec.endswith(suffix) and len(spec) >= len(prefix + suffix):
                captured = spec[len(prefix) : len(spec) - len(suffix)]
            elif not star and spec == pattern:
                captured = ""
            else:
                continue
            if best is None or len(prefix) > best[0]:
                best = (len(prefix), captured, targets)
        if best is not None:
            for target in best[2]:
                base = normalize_join(paths_base, target.replace("*", best[1]))
                found = self._file_for(base) if base is not None else None
                if found:
                    return found
        if base_url is not None:
            base = normalize_join(base_url, spec)
            return self._file_for(base) if base is not None else None
        return None

    def _compiler_options(self, config: str) -> tuple[str | None, str, tuple[tuple[str, tuple[str, ...]], ...]]:
        """(baseUrl dir, dir that ``paths`` are relative to, paths) after following ``extends``."""
        chain: list[tuple[str, Manifest]] = []
        current: str | None = config
        while current is not None and current in self._configs and all(current != seen for seen, _ in chain):
            manifest = self._configs[current]
            chain.append((current, manifest))
            extends = manifest.extends
            current = None
            if extends.startswith("."):
                target = normalize_join(posixpath.dirname(chain[-1][0]), extends)
                if target is not None:
                    current = target if target.endswith(".json") else target + ".json"
        base_url: str | None = None
        mappings: tuple[tuple[str, tuple[str, ...]], ...] = ()
        mappings_dir = ""
        for path, manifest in reversed(chain):  # the nearest config overrides what it extends
            if manifest.entry:
                base_url = normalize_join(posixpath.dirname(path), manifest.entry)
            if manifest.mappings:
                mappings, mappings_dir = manifest.mappings, posixpath.dirname(path)
        return base_url, base_url if base_url is not None else mappings_dir, mappings

    def _through_workspace(self, spec: str) -> str | None:
        name = _package_name(spec)
        if name not in self._workspace:
            return None
        directory, manifest = self._workspace[name]
        subpath = spec[len(name) + 1 :]
        if subpath:
            starts = [posixpath.join(directory, subpath), posixpath.join(directory, "src", subpath)]
        else:
            starts = [posixpath.join(directory, manifest.entry)] if manifest.entry else []
            starts += [posixpath.join(directory, "src", "index"), posixpath.join(directory, "index")]
        for start in starts:
            base = normalize_join("", start)
            found = self._file_for(base) if base is not None else None
            if found:
                return found
        return None

    def _external(self, spec: str) -> ImportOutcome:
        if spec.startswith("node:") or spec.split("/")[0] in _NODE_BUILTINS:
            return STDLIB_OUTCOME
        name = _package_name(spec)
        return package("npm", name) if name in self._declared else UNRESOLVED_OUTCOME


def _package_name(spec: str) -> str:
    parts = spec.split("/")
    return "/".join(parts[:2]) if spec.startswith("@") else parts[0]
