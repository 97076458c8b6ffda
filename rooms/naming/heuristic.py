"""Heuristic block labels (F0c §3a): provisional, and marked so (`named_by: heuristic`,
`needs_owner_naming: true` — set by the candidate builder).

- name (plain text, at most 40 characters): the block's anchor directory, read from its last meaningful
  segment (``src``, ``main``, ``java``, ``com``... and a JVM package's reverse-domain prefix say nothing);
  when two blocks would read the same, the top-level directory is added in brackets, then more parent
  segments; a group split out of a directory adds `` · `` and its core file's stem (a group of a
  directory that says nothing, like ``src``, is named after that stem alone). A
  block anchored at the root is named after the repository, else its dominant symbol, or ``Root files``.
- purpose (plain text, at most 120 characters): the dominant language, where the block lives, and its
  dominant symbols (types before functions, then by weight), e.g. ``Python code in rooms › ingest:
  ScanResult, scan_tree, resolve (18 files)``.

No ``/`` or ``\\`` appears in either (directories read with `` › ``), and both pass the text rule
(`rooms.contract.text`) like a sanitized runner label: directory and symbol names are repository text, so a
name the rule refuses becomes ``Block N`` and a purpose drops its symbols, then its location.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rooms.contract.text import NAME_MAX, PURPOSE_MAX, UnsafeLabel, sanitize_label

GENERIC_SEGMENTS = frozenset(
    {
        "src",
        "source",
        "sources",
        "lib",
        "libs",
        "main",
        "java",
        "kotlin",
        "scala",
        "com",
        "org",
        "net",
        "io",
        "pkg",
        "python",
        "go",
        "js",
        "ts",
    }
)
_TYPE_KINDS = ("class", "struct", "interface", "trait", "enum")
_LANGUAGE_NAMES = {
    "python": "Python",
    "typescript": "TypeScript",
    "javascript": "JavaScript",
    "go": "Go",
    "java": "Java",
    "rust": "Rust",
    "c": "C",
    "cpp": "C++",
    "csharp": "C#",
    "ruby": "Ruby",
    "php": "PHP",
    "docs": "Documentation",
    "config": "Configuration",
    "kotlin": "Kotlin",
    "swift": "Swift",
    "scala": "Scala",
    "shell": "Shell",
    "html": "HTML",
    "css": "CSS",
    "sql": "SQL",
    "cypher": "Cypher",
}
_SEPARATORS = re.compile(r"[_\-.\s]+")
_JVM_ROOTS = frozenset({"java", "kotlin", "scala", "groovy"})
_DOMAIN = re.compile(r"[a-z]{2,3}")


@dataclass(frozen=True)
class LabelInput:
    anchor: str
    tag: str  # the core file of a group split out of a directory, or ""
    languages: Sequence[str]  # of the block's files
    symbols: Sequence[tuple[str, str, float]]  # (name, kind, weight) defined in the block's files
    root_name: str = ""  # the repository's name, for a block anchored at its root


def humanize(text: str) -> str:
    words = [w for w in _SEPARATORS.split(text) if w]
    if not words:
        return ""
    phrase = " ".join(words)
    return phrase[0].upper() + phrase[1:]


_ELLIPSIS = "…"
# The text rule measures after NFKC, which reads the ellipsis as three dots: a clipped label keeps room for them.
_ELLIPSIS_ROOM = len(unicodedata.normalize("NFKC", _ELLIPSIS))


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - _ELLIPSIS_ROOM].rsplit(" ", 1)[0].rstrip(" ·,;:")
    return (cut or text[: limit - _ELLIPSIS_ROOM]) + _ELLIPSIS


def _meaningful(anchor: str) -> list[str]:
    segments = [s for s in anchor.split("/") if s]
    kept = [s for s in _without_package_prefix(segments) if s.lower() not in GENERIC_SEGMENTS]
    return kept or segments


def _without_package_prefix(segments: list[str]) -> list[str]:
    """A JVM source root's reverse-domain prefix says nothing: ``src/main/java/us/codecraft/webmagic/x``
    reads as ``webmagic/x`` (a two- or three-letter top-level domain and the organisation after it)."""
    for index, segment in enumerate(segments[:-1]):
        if segment in _JVM_ROOTS and index > 0 and segments[index - 1] in ("main", "test"):
            rest = segments[index + 1 :]
            if len(rest) > 2 and _DOMAIN.fullmatch(rest[0]):
                return segments[: index + 1] + rest[2:]
    return segments


def dominant_symbols(symbols: Iterable[tuple[str, str, float]], limit: int = 3) -> list[str]:
    best: dict[str, tuple[int, float]] = {}
    for name, kind, weight in symbols:
        if not name or name.startswith("_"):
            continue
        rank = (0 if kind in _TYPE_KINDS else 1, -weight)
        if name not in best or rank < best[name]:
            best[name] = rank
    return [name for name, _ in sorted(best.items(), key=lambda item: (item[1], item[0]))[:limit]]


def _base_name(label: LabelInput, depth: int) -> str:
    segments = _meaningful(label.anchor)
    if not segments:
        if label.root_name:
            return humanize(label.root_name)
        top = dominant_symbols(label.symbols, 1)
        return humanize(top[0]) if top else "Root files"
    if depth == 2 and len(segments) >= 2:  # told apart by where they live first: "Pipeline (webmagic core)"
        return f"{humanize(segments[-1])} ({humanize(segments[0]).lower()})"
    return humanize(" ".join(segments[-depth:]))


def _name(label: LabelInput, depth: int) -> str:
    base = _base_name(label, depth)
    if label.tag:
        stem = humanize(posixpath.splitext(posixpath.basename(label.tag))[0])
        generic = all(s.lower() in GENERIC_SEGMENTS for s in label.anchor.split("/") if s)
        if stem and generic and depth == 1:  # a group of a flat src/ reads as what it is: "Websocket"
            base = stem
        elif stem and stem.lower() != base.lower():
            base = f"{base} · {stem.lower()}"
    return _clip(base, NAME_MAX)


def _passes(text: str, limit: int) -> bool:
    return not isinstance(sanitize_label(text, field="label", limit=limit), UnsafeLabel)


def names_for(labels: Sequence[LabelInput]) -> list[str]:
    """One name per label; labels that would read the same get more of their anchor, then a number."""
    depth = [1] * len(labels)
    names = [_name(label, 1) for label in labels]
    for _ in range(8):
        clashes = Counter(n.lower() for n in names)
        changed = False
        for i, label in enumerate(labels):
            if clashes[names[i].lower()] > 1 and depth[i] < len(_meaningful(label.anchor)):
                depth[i] += 1
                names[i] = _name(label, depth[i])
                changed = True
        if not changed:
            break
    seen: Counter[str] = Counter()
    final: list[str] = []
    for index, name in enumerate(names):
        seen[name.lower()] += 1
        name = name if seen[name.lower()] == 1 else _clip(f"{name} {seen[name.lower()]}", NAME_MAX)
        final.append(name if _passes(name, NAME_MAX) else f"Block {index + 1}")
    return final


def purpose_for(label: LabelInput, file_count: int) -> str:
    languages = Counter(label.languages)
    code = [lang for lang, _ in languages.most_common() if lang not in ("docs", "config", "other")]
    main = code[0] if code else (languages.most_common(1)[0][0] if languages else "other")
    what = f"{_LANGUAGE_NAMES.get(main, humanize(main) or 'Other')} {'code' if code else 'files'}"
    where = " › ".join(label.anchor.split("/")) if label.anchor else "the repository root"
    tail = f" ({file_count} file{'s' if file_count != 1 else ''})"
    head = f"{what} in {where}"
    top = dominant_symbols(label.symbols)
    while top:
        text = f"{head}: {', '.join(top)}{tail}"
        if len(text) <= PURPOSE_MAX and _passes(text, PURPOSE_MAX):
            return text
        top.pop()
    text = _clip(head + tail, PURPOSE_MAX)
    return text if _passes(text, PURPOSE_MAX) else what + tail
