"""Java imports and C# usings to files, through the packages/namespaces files declare.

Java: ``import a.b.C`` (and static imports of members, and nested types) resolves to the file
declaring top-level type ``C`` in package ``a.b``; ``import a.b.*`` to every file of the
package. C#: ``using A.B;`` resolves to every file declaring namespace ``A.B``; ``using static``
and aliases name a type first. Standard libraries are ``java.*``/``javax.*``/``jdk.*`` and
``System.*``/``Microsoft.*``; a declared Maven artifact matches when its groupId prefixes the
import (several artifacts of one group are ambiguous), a NuGet package when its id prefixes it.
Files of the same package/namespace are peers (their names are visible without imports).

A Java import binds its last name (a wildcard none). A qualifier whose first name no import binds is in the
repository when that name is ``this``/``super`` or a type some Java file declares; else a qualifier that names a
class (``Objects`` of ``Objects.hash()``, ``java.util.Objects``, the ``java.util`` of ``java.util.List``) is outside
unless its package is one the repository declares. An all-lowercase qualifier of a call (``config.values.get()``)
reads as fields, and an all-capitals one (``LOG.info()``) as a constant: neither is judged.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Callable

from ingest.parse.model import FileParse, RawImport, RawReference
from ingest.resolve.base import (
    AMBIGUOUS_OUTCOME,
    STDLIB_OUTCOME,
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    package,
    resolved,
)

_TYPE_KINDS = frozenset({"class", "struct", "interface", "enum", "trait"})
_JAVA_STANDARD = ("java", "javax", "jdk", "sun")
_DOTNET_STANDARD = ("System", "Microsoft")


class _Declarations:
    """Which files declare each package/namespace, and each top-level type in it."""

    def __init__(self, index: RepoIndex, language: str) -> None:
        self.files: dict[str, list[str]] = defaultdict(list)
        self.types: dict[tuple[str, str], list[str]] = defaultdict(list)
        for path in index.language_files(language):
            parse = index.parses[path]
            names = {s.name for s in parse.symbols if s.parent == "" and s.kind in _TYPE_KINDS}
            if language == "java":  # the public type is named after its file
                names.add(posixpath.splitext(posixpath.basename(path))[0])
            for namespace in parse.namespaces or ("",):
                self.files[namespace].append(path)
                for name in names:
                    self.types[(namespace, name)].append(path)

    def type_files(self, dotted: str) -> list[str]:
        """Files of the longest ``namespace.Type`` prefix of ``dotted`` (members and nested types)."""
        parts = dotted.split(".")
        for size in range(len(parts) - 1, 0, -1):
            found = self.types.get((".".join(parts[:size]), parts[size]))
            if found:
                return found
        return []

    def peers(self, parse: FileParse) -> list[str]:
        return sorted(
            {
                path
                for namespace in parse.namespaces or ("",)
                for path in self.files.get(namespace, ())
                if path != parse.path
            }
        )


def build_java(index: RepoIndex) -> LanguageResolver:
    declarations = _Declarations(index, "java")
    artifacts = sorted(index.declared("maven"))
    types = index.defined_names("java", _TYPE_KINDS)

    def outside(names: list[str], ref: RawReference) -> bool:
        head = names[0]
        if head in ("this", "super") or head in types:
            return False
        path = [*names, ref.name]
        capitalized = next((i for i, name in enumerate(path) if name[:1].isupper()), None)
        if capitalized is None:
            return False  # fields, or a package alone
        if capitalized == 0:
            return not head.isupper()  # a class neither imported nor declared here (java.lang's); LOG is a constant
        return ".".join(path[:capitalized]) not in declarations.files  # a package and a class of it

    def resolve(parse: FileParse, imp: RawImport) -> ImportOutcome:
        spec = imp.specifier
        if imp.form == "wildcard":
            files = declarations.files.get(spec) or declarations.type_files(spec + ".*")
        else:
            files = declarations.type_files(spec)
        if files:
            return resolved(*files)
        if spec.split(".")[0] in _JAVA_STANDARD:
            return STDLIB_OUTCOME
        return _maven_package(spec, artifacts)

    return LanguageResolver(resolve, declarations.peers, binds=_java_binds, outside=outside)


def _java_binds(imp: RawImport) -> tuple[str, ...]:
    return () if imp.form == "wildcard" else (imp.specifier.rpartition(".")[2],)


def _maven_package(spec: str, artifacts: list[str]) -> ImportOutcome:
    matches: dict[str, list[str]] = defaultdict(list)
    for artifact in artifacts:
        group = artifact.split(":")[0]
        if spec == group or spec.startswith(group + "."):
            matches[group].append(artifact)
    if not matches:
        return UNRESOLVED_OUTCOME
    best = matches[max(matches, key=len)]
    return package("maven", best[0]) if len(best) == 1 else AMBIGUOUS_OUTCOME


def build_csharp(index: RepoIndex) -> LanguageResolver:
    declarations = _Declarations(index, "csharp")
    packages = sorted(index.declared("nuget"), key=lambda name: (-len(name), name))

    def resolve(parse: FileParse, imp: RawImport) -> ImportOutcome:
        spec = imp.specifier
        lookups: list[Callable[[str], list[str]]] = [lambda s: declarations.files.get(s, []), declarations.type_files]
        if imp.form in ("static", "alias"):
            lookups.reverse()
        for lookup in lookups:
            files = lookup(spec)
            if files:
                return resolved(*files)
        if spec.split(".")[0] in _DOTNET_STANDARD:
            return STDLIB_OUTCOME
        lowered = spec.lower()
        for name in packages:
            if lowered == name.lower() or lowered.startswith(name.lower() + "."):
                return package("nuget", name)
        return UNRESOLVED_OUTCOME

    return LanguageResolver(resolve, declarations.peers)
