"""Parsing one file into a cacheable ``FileParse``: tree-sitter extraction plus manifest reading."""

from __future__ import annotations

import hashlib
import posixpath

from ingest.manifests import Manifest, ManifestError, read_manifest
from ingest.parse.engine import LanguageSpec, extract
from ingest.parse.model import PARSER_VERSION, FileParse, RawImport, RawReference, RawSymbol
from ingest.parse.specs import c_family, csharp, go, java, javascript, php, python, ruby, rust
from ingest.records import FileIssue

__all__ = ["PARSER_VERSION", "FileParse", "Manifest", "RawImport", "RawReference", "RawSymbol", "parse_file"]

_SPECS: dict[str, LanguageSpec] = {
    "python": python.SPEC,
    "javascript": javascript.JAVASCRIPT,
    "typescript": javascript.TYPESCRIPT,
    "go": go.SPEC,
    "rust": rust.SPEC,
    "java": java.SPEC,
    "c": c_family.C,
    "cpp": c_family.CPP,
    "csharp": csharp.SPEC,
    "ruby": ruby.SPEC,
    "php": php.SPEC,
}


def spec_for(path: str, language: str) -> LanguageSpec | None:
    if language == "typescript" and path.endswith(".tsx"):
        return javascript.TSX
    return _SPECS.get(language)


def parse_file(path: str, language: str, data: bytes) -> FileParse:
    """Everything one file contributes, as a pure function of its path, language and bytes.

    Problems (syntax errors, invalid UTF-8, unreadable manifests) become issues; they never raise.
    """
    issues: list[FileIssue] = []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        issues.append(FileIssue(path, "bad_encoding", f"invalid UTF-8 at byte {exc.start}; decoded with replacement"))
        text = data.decode("utf-8", "replace")
    source = data[3:] if data.startswith(b"\xef\xbb\xbf") else data  # tree-sitter does not skip a BOM
    symbols: tuple[RawSymbol, ...] = ()
    references: tuple[RawReference, ...] = ()
    imports: tuple[RawImport, ...] = ()
    namespaces: tuple[str, ...] = ()
    spec = spec_for(path, language)
    if spec is not None:
        try:
            (symbols, references, imports, namespaces), error_line = extract(spec, source)
        except Exception as exc:  # one unreadable file must never stop a scan of thousands
            issues.append(FileIssue(path, "parse_failed", f"{type(exc).__name__}: {exc}"))
        else:
            if error_line:
                issues.append(FileIssue(path, "syntax_error", f"first error at line {error_line}"))
    try:
        manifest = read_manifest(posixpath.basename(path), text)
    except ManifestError as exc:
        issues.append(FileIssue(path, "manifest_error", str(exc)))
        manifest = None
    return FileParse(
        path=path,
        language=language,
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        lines=data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0),
        symbols=symbols,
        references=references,
        imports=imports,
        namespaces=namespaces,
        manifest=manifest,
        issues=tuple(issues),
    )
