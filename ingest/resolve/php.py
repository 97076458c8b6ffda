"""PHP ``use`` and ``require``/``include`` to files.

Names (stored dotted: ``App.Models.User``) resolve through composer PSR-4/PSR-0 roots (longest
namespace prefix) to ``<dir>/Models/User.php``, else through the namespaces and top-level types
files declare; ``use function A\\b`` resolves to the files of namespace ``A``. Include paths are
relative to the including file, then to the root. A name outside the repository is a composer
dependency when its first segment matches the vendor or package of exactly one ``require``.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict

from ingest.parse.model import FileParse, RawImport
from ingest.resolve.base import (
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    normalize_join,
    package,
    resolved,
)

_TYPE_KINDS = frozenset({"class", "interface", "trait", "enum"})


def _key(name: str) -> str:
    return name.lower().replace("-", "").replace("_", "")


def build(index: RepoIndex) -> LanguageResolver:
    paths = index.paths
    roots: list[tuple[str, str]] = []  # (dotted namespace prefix, directory)
    for manifest_path, manifest in index.manifests_of("composer"):
        for prefix, directories in manifest.mappings:
            dotted = ".".join(part for part in prefix.split("\\") if part)
            for directory in directories:
                target = normalize_join(posixpath.dirname(manifest_path), directory)
                if target is not None:
                    roots.append((dotted, target))
    roots.sort(key=lambda item: (-len(item[0]), item))
    namespace_files: dict[str, list[str]] = defaultdict(list)
    type_files: dict[str, list[str]] = defaultdict(list)
    for path in index.language_files("php"):
        parse = index.parses[path]
        for namespace in parse.namespaces or ("",):
            namespace_files[namespace].append(path)
            for symbol in parse.symbols:
                if symbol.parent == "" and symbol.kind in _TYPE_KINDS:
                    type_files[f"{namespace}.{symbol.name}" if namespace else symbol.name].append(path)
    vendors: dict[str, list[str]] = defaultdict(list)
    for name in sorted(index.declared("composer")):
        vendor, _, project = name.partition("/")
        for key in {_key(vendor), _key(project)}:
            vendors[key].append(name)

    def through_roots(spec: str) -> str | None:
        for prefix, directory in roots:
            if not prefix or spec.startswith(prefix + "."):
                rest = spec[len(prefix) + 1 :] if prefix else spec
                candidate = posixpath.join(directory, *rest.split(".")) + ".php"
                if candidate in paths:
                    return candidate
        return None

    def resolve(parse: FileParse, imp: RawImport) -> ImportOutcome:
        spec = imp.specifier
        if imp.form == "path":
            for base in (posixpath.dirname(parse.path), ""):
                target = normalize_join(base, spec.lstrip("/"))
                if target is not None and target in paths:
                    return resolved(target)
            return UNRESOLVED_OUTCOME
        target = through_roots(spec)
        if target:
            return resolved(target)
        if imp.form in ("function", "const"):
            files = namespace_files.get(spec.rpartition(".")[0], [])
        else:
            files = type_files.get(spec, [])
        if files:
            return resolved(*files)
        candidates = vendors.get(_key(spec.split(".")[0]), [])
        return package("composer", candidates[0]) if len(set(candidates)) == 1 else UNRESOLVED_OUTCOME

    def peers(parse: FileParse) -> list[str]:
        return sorted(
            {
                path
                for namespace in parse.namespaces
                for path in namespace_files.get(namespace, ())
                if path != parse.path
            }
        )

    return LanguageResolver(resolve, peers)
