"""The one text rule for block names and purposes (F11 o5): text an agent, a runner or a seed writes is
hostile input, on every path that stores it — runner answers, `candidateEdit` renames by any seat,
`importSeed` — with the same limits everywhere (name 1-40 characters, purpose at most 120).

`sanitize_answer(name, purpose)` answers `CleanLabel` (plain text, safe to store and to render escaped) or
`UnsafeLabel` naming the field and the rule it broke — the runner path then keeps the heuristic label,
marked; the edit engine and the seed import refuse with ``name_invalid``. `hidden_character` is the part of
the rule that free prose (mission notes and letters) shares: no control or invisible characters.
It refuses rather than repairs: the only changes made to an accepted value are Unicode NFKC normalization
(fullwidth and other compatibility forms become their plain characters) and whitespace collapsing (runs of
spaces become one, ends trimmed). The refusal never echoes the hostile text.

Rules, checked in this order (the first one broken is the reason):

1. ``not_text``            the value is not a string
2. ``too_long``            (cheap bound first) more than 8× the limit before normalization
3. ``control_character``   Cc (tab, newline, NUL, DEL, C1...), line/paragraph separators
4. ``invisible_character`` Cf (zero-width, bidi controls, BOM, soft hyphen), private use, surrogates,
                           unassigned code points, spaces other than U+0020 (after NFKC)
5. ``symbol_character``    So/Sk/Me (emoji, pictographs, check marks, modifier symbols such as ``^`` and
                           a backtick, enclosing marks) and more than two stacked combining marks
6. ``empty``               nothing left after trimming
7. ``absolute_path``       a token starting with ``/``, ``\\`` or ``~``, or a drive letter (``C:\\``)
8. ``slash``               ``/``, ``\\`` or any look-alike (division/fraction slash, fullwidth or small
                           solidus, box-drawing diagonals, combining solidus overlays...)
9. ``url``                 a scheme (``word:`` directly followed by text: ``javascript:``, ``data:``,
                           ``http:``, ``localhost:8080``), ``www.``, punycode ``xn--``, a percent-escape,
                           an IPv4 address, or a dot followed by a common web TLD (``evil.com``, ``socket.io``)
10. ``email``              ``@`` anywhere (addresses and @mentions)
11. ``markup``             ``< > [ ] { } * $ ~ |`` , ``==``, an HTML entity (``&lt;``, ``&#47;``), an
                           underscore at a word edge (``_emphasis_``), an emoji shortcode (``:smile:``),
                           or a heading/list/quote marker at the start (``# ``, ``- ``, ``+ ``, ``1. ``)
12. ``secret_like``        hex runs of 12+, long digit runs, UUIDs, known token prefixes (``sk-``,
                           ``ghp_``, ``AKIA``, ``eyJ``, ``crt_``...), and random-looking runs of 16+
                           letters/digits (many case/digit switches, no vowels, base64 padding)
13. ``prompt_injection``   instruction-like text aimed at an agent reading the map ("ignore previous
                           instructions", "system prompt", a leading ``system:`` role tag...)
14. ``too_long``           more than the limit (name 40, purpose 120) after normalization
15. ``no_words``           no letter or digit at all
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

NAME_MAX = 40
PURPOSE_MAX = 120
RAW_FACTOR = 8


class Reason(StrEnum):
    NOT_TEXT = "not_text"
    TOO_LONG = "too_long"
    CONTROL = "control_character"
    INVISIBLE = "invisible_character"
    SYMBOL = "symbol_character"
    EMPTY = "empty"
    ABSOLUTE_PATH = "absolute_path"
    SLASH = "slash"
    URL = "url"
    EMAIL = "email"
    MARKUP = "markup"
    SECRET_LIKE = "secret_like"
    PROMPT_INJECTION = "prompt_injection"
    NO_WORDS = "no_words"


@dataclass(frozen=True)
class CleanLabel:
    name: str
    purpose: str


@dataclass(frozen=True)
class UnsafeLabel:
    field: str  # "name" | "purpose"
    reason: Reason

    @property
    def detail(self) -> str:
        return f"{self.field}: {self.reason.value}"


SLASHES = frozenset(
    "/\\"
    "\u2044\u2215\u2216\u29f5\u29f6\u29f7\u29f8\u29f9\u2571\u2572\u27cb\u27cd"  # math slashes, box diagonals
    "\ufe68\uff0f\uff3c\u1735\u2f03\u4e3f\u3033\u3035"  # small/fullwidth solidus, look-alike glyphs
    "\u0337\u0338\u20e5"  # combining solidus overlays
)
_CONTROL = frozenset({"Cc", "Zl", "Zp"})
_INVISIBLE = frozenset({"Cf", "Co", "Cs", "Cn"})
_SYMBOL = frozenset({"So", "Sk", "Me"})
_MAX_STACKED_MARKS = 2
_MARKUP_CHARS = frozenset("<>[]{}*$~|")

_WEB_TLDS = (
    "com|org|net|io|dev|app|ai|co|info|biz|xyz|me|ly|gg|ru|cn|tk|top|site|online|link|click|us|uk|de|fr|cc|tv|"
    "ws|gov|edu|mil|int|eu|onion|zip|mov|club|shop|store|live|email|cloud|page|tech|space"
)
_URL = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]*:(?=[^\s])"  # a scheme: word + colon + text, wherever it starts
    r"|www\."
    r"|xn--"
    r"|%[0-9A-Fa-f]{2}"
    r"|\b\d{1,3}(?:\.\d{1,3}){3}\b"
    rf"|\.(?:{_WEB_TLDS})\b",  # a dotted name ending in a common web TLD
    re.IGNORECASE,
)
_DRIVE = re.compile(r"(?:^|\s)[A-Za-z]:[\\/]")
_MARKUP = re.compile(
    r"=="
    r"|&(?:#|[A-Za-z][A-Za-z0-9]{0,31};|(?:amp|lt|gt|quot|apos|nbsp|copy|reg)\b)"
    r"|(?<![^\W_])_|_(?![^\W_])"  # an underscore with no letter/digit on one side
    r"|:[A-Za-z0-9_+-]+:"
    r"|^(?:#|[-+=]|\d+[.)]\s)"  # a heading or list marker, or a spreadsheet formula lead
)
_HEX_RUN = re.compile(r"[0-9A-Fa-f]{12,}")
_DIGIT_RUN = re.compile(r"\d{8,}")
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
_TOKEN_PREFIX = re.compile(
    r"(?<![A-Za-z0-9])(?:sk-|pk-|rk-|sk_live|pk_live|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|AKIA[0-9A-Z]{4}|"
    r"ASIA[0-9A-Z]{4}|AIza|eyJ[A-Za-z0-9_-]{4}|crt_|npm_[A-Za-z0-9]{4}|hf_[A-Za-z0-9]{4})"
)
_TOKENISH = re.compile(r"[A-Za-z0-9+=_-]{16,}")
_PIECE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_CONSONANT_RUN = re.compile(r"[b-df-hj-np-tv-xz]{5,}", re.IGNORECASE)
_INJECTION = re.compile(  # no leading word boundary: "xIgnore previous instructions" still reads as one
    r"(?:ignore|disregard|forget)[^.]{0,40}(?:instruction|prompt|rules|context|guideline)"
    r"|system\s*prompt|you\s*are\s*now|new\s*instructions|jailbreak|developer\s*mode|do\s*anything\s*now"
    r"|as\s*an\s*ai\b|^(?:system|assistant|user|developer)\s*:",
    re.IGNORECASE,
)


def _char_reason(text: str, *, normalized: bool) -> Reason | None:
    """The first character-class rule `text` breaks. Odd spaces are judged after NFKC, which turns
    no-break and ideographic spaces into plain ones."""
    stacked = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in _CONTROL:
            return Reason.CONTROL
        if category in _INVISIBLE or (normalized and category == "Zs" and ch != " "):
            return Reason.INVISIBLE
        if category in _SYMBOL:
            return Reason.SYMBOL
        stacked = stacked + 1 if category == "Mn" else 0
        if stacked > _MAX_STACKED_MARKS:
            return Reason.SYMBOL
    return None


def hidden_character(text: str, *, allowed: frozenset[str] = frozenset()) -> Reason | None:
    """Whether prose (a mission note or letter) holds a control or an invisible character — bidi controls,
    zero-width characters, line separators — other than those in `allowed` (newline and tab). Prose keeps
    the label rule's character classes but not its patterns: a letter may name a path or a glob, and is
    always shown escaped."""
    for ch in text:
        if ch in allowed:
            continue
        category = unicodedata.category(ch)
        if category in _CONTROL:
            return Reason.CONTROL
        if category in _INVISIBLE:
            return Reason.INVISIBLE
    return None


def _random_looking(token: str) -> bool:
    """A run of 16+ token characters that reads like a key rather than words or an identifier: base64
    padding or ``+``, four digits or more, many case/digit switches, or a piece with no vowels, five
    consonants in a row (acronyms aside) or 24 letters on end."""
    if "+" in token or token.endswith("=") or sum(ch.isdigit() for ch in token) >= 4:
        return True
    pieces = [piece for part in re.split(r"[_=-]+", token) for piece in _PIECE.findall(part)]
    if len(pieces) / max(1, sum(len(p) for p in pieces)) > 0.3:
        return True
    for piece in pieces:
        vowels = sum(ch in "aeiouyAEIOUY" for ch in piece)
        if len(piece) >= 24 or (len(piece) >= 8 and vowels / len(piece) < 0.15):
            return True
        if piece[1:].islower() and _CONSONANT_RUN.search(piece):
            return True
    return False


def _secret_like(text: str) -> bool:
    if _HEX_RUN.search(text) or _DIGIT_RUN.search(text) or _UUID.search(text) or _TOKEN_PREFIX.search(text):
        return True
    return any(_random_looking(m.group()) for m in _TOKENISH.finditer(text))


def _pattern_reason(text: str) -> Reason | None:
    tokens = text.split(" ")
    if any(t[:1] in ("/", "\\", "~") for t in tokens) or _DRIVE.search(text):
        return Reason.ABSOLUTE_PATH
    if any(ch in SLASHES for ch in text):
        return Reason.SLASH
    if _URL.search(text):
        return Reason.URL
    if "@" in text:
        return Reason.EMAIL
    if any(ch in _MARKUP_CHARS for ch in text) or _MARKUP.search(text):
        return Reason.MARKUP
    if _secret_like(text):
        return Reason.SECRET_LIKE
    if _INJECTION.search(text):
        return Reason.PROMPT_INJECTION
    return None


def _collapse_spaces(text: str) -> str:
    return " ".join(part for part in text.split(" ") if part)


def sanitize_label(value: object, *, field: str, limit: int) -> str | UnsafeLabel:
    """The plain-text form of one runner-supplied label, or why it is refused."""
    if not isinstance(value, str):
        return UnsafeLabel(field, Reason.NOT_TEXT)
    if len(value) > RAW_FACTOR * limit:
        return UnsafeLabel(field, Reason.TOO_LONG)
    normalized = unicodedata.normalize("NFKC", value)
    reason = _char_reason(value, normalized=False) or _char_reason(normalized, normalized=True)
    if reason is not None:
        return UnsafeLabel(field, reason)
    text = _collapse_spaces(normalized)
    if not text:
        return UnsafeLabel(field, Reason.EMPTY)
    reason = _pattern_reason(text)
    if reason is not None:
        return UnsafeLabel(field, reason)
    if len(text) > limit:
        return UnsafeLabel(field, Reason.TOO_LONG)
    if not any(unicodedata.category(ch)[0] in "LN" for ch in text):
        return UnsafeLabel(field, Reason.NO_WORDS)
    return text


def sanitize_answer(name: object, purpose: object) -> CleanLabel | UnsafeLabel:
    """Both fields of a runner answer, or the first refusal (the name is checked first)."""
    clean_name = sanitize_label(name, field="name", limit=NAME_MAX)
    if isinstance(clean_name, UnsafeLabel):
        return clean_name
    clean_purpose = sanitize_label(purpose, field="purpose", limit=PURPOSE_MAX)
    if isinstance(clean_purpose, UnsafeLabel):
        return clean_purpose
    return CleanLabel(clean_name, clean_purpose)
