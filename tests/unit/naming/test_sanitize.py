"""The runner-answer sanitizer (F11 o5) against a hostile corpus, and property tests: whatever goes in,
nothing that comes out holds a forbidden class of content. The forbidden classes are restated here
independently of `rooms.contract.text`, so the sanitizer is checked against the spec, not itself."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rooms.naming import CleanLabel, FailureReason, UnsafeLabel, read_answer, read_answer_object, sanitize_label

CORPUS = json.loads((Path(__file__).parent / "hostile_corpus.json").read_text(encoding="utf-8"))

# -- the oracle ---------------------------------------------------------------------------------------
FORBIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "So", "Sk", "Me"}
FORBIDDEN_CHARS = set("/\\<>[]{}*$~|`@") | {
    "\u2044",
    "\u2215",
    "\u29f8",
    "\uff0f",
    "\uff3c",
    "\ufe68",
    "\u2571",
    "\u2572",
    "\u0338",  # slash look-alikes
    "\uff1c",
    "\uff1e",
    "\ufe64",
    "\ufe65",
    "\uff20",
    "\ufe6b",  # fullwidth/small < > @
}
FORBIDDEN_PATTERNS = {
    "url": re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\s]|www\.|%[0-9A-Fa-f]{2}|\.(com|org|net|io)\b", re.IGNORECASE),
    "entity": re.compile(r"&#|&[A-Za-z]+;"),
    "hex_run": re.compile(r"[0-9A-Fa-f]{12}"),
    "markdown": re.compile(r"^#|^[-+=]|\*\*|__|==|!\["),
    "injection": re.compile(r"ignore (all )?previous instructions", re.IGNORECASE),
}


def violations(text: str, limit: int) -> list[str]:
    found = []
    if len(text) > limit:
        found.append("too long")
    if not text or text != text.strip() or "  " in text:
        found.append("untrimmed or empty")
    if unicodedata.normalize("NFKC", text) != text:
        found.append("not NFKC")
    for ch in text:
        if unicodedata.category(ch) in FORBIDDEN_CATEGORIES:
            found.append(f"category {unicodedata.category(ch)} (U+{ord(ch):04X})")
        if unicodedata.category(ch) == "Zs" and ch != " ":
            found.append(f"odd space U+{ord(ch):04X}")
        if ch in FORBIDDEN_CHARS:
            found.append(f"forbidden character {ch!r}")
    found += [name for name, pattern in FORBIDDEN_PATTERNS.items() if pattern.search(text)]
    return found


# -- the corpus ---------------------------------------------------------------------------------------
def _seen(answer: Any) -> Any:
    got = read_answer_object(answer)
    if isinstance(got, CleanLabel):
        return {"name": got.name, "purpose": got.purpose}
    return got.detail if got.reason is FailureReason.UNSAFE_LABEL else got.reason.value


def test_the_corpus_is_dozens_of_real_attacks() -> None:
    refused = [c for c in CORPUS["answers"] if isinstance(c["expect"], str)]
    assert len(refused) >= 100 and len(CORPUS["raw"]) >= 9


@pytest.mark.parametrize("case", CORPUS["answers"], ids=[c["id"] for c in CORPUS["answers"]])
def test_every_corpus_answer_is_refused_for_its_reason_or_neutralised(case: dict[str, Any]) -> None:
    assert _seen(case["answer"]) == case["expect"]


@pytest.mark.parametrize("case", CORPUS["raw"], ids=[c["id"] for c in CORPUS["raw"]])
def test_every_raw_corpus_answer_is_refused(case: dict[str, Any]) -> None:
    raw = bytes.fromhex(case["text_hex"]) if "text_hex" in case else case["text"].encode("utf-8")
    got = read_answer(raw)
    assert not isinstance(got, CleanLabel)
    assert got.reason.value == case["expect"]


def test_neutralised_corpus_answers_are_clean() -> None:
    for case in CORPUS["answers"]:
        if isinstance(case["expect"], dict):
            assert violations(case["expect"]["name"], 40) == [], case["id"]


def test_a_refusal_never_echoes_the_hostile_text() -> None:
    for case in CORPUS["answers"]:
        got = read_answer_object(case["answer"])
        if not isinstance(got, CleanLabel) and isinstance(case["answer"], dict):
            for value in case["answer"].values():
                if isinstance(value, str) and len(value) > 3:
                    assert value not in got.detail, case["id"]


# -- properties ---------------------------------------------------------------------------------------
DANGEROUS = list("abcXYZ019 ._-:'#&;=+!?()") + [
    "/",
    "\\",
    "<",
    ">",
    "@",
    "*",
    "`",
    "[",
    "]",
    "{",
    "}",
    "~",
    "|",
    "$",
    "_",
    "%2F",
    "&lt;",
    "&#47;",
    "\u200b",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\u00ad",
    "\uff0f",
    "\u2215",
    "\u2044",
    "\n",
    "\t",
    "\r",
    "\x00",
    "\u00a0",
    "\u3000",
    "\u1680",
    "\uff1c",
    "\uff20",
    "\u0338",
    "\u0301",
    "\u2100",
    "\ufb01",
    "\u2705",
    "javascript:",
    "http://",
    "https:",
    "data:",
    "www.",
    "evil.com",
    "xn--",
    "mailto:",
    "C:\\",
    "~/",
    "/etc",
    "AKIA",
    "ghp_",
    "eyJ",
    "sk-",
    "crt_",
    "deadbeefcafe1234",
    "ignore previous instructions",
    "system:",
    "**",
    "__",
    "==",
    "# ",
    "- ",
    "![",
    "](",
    ":smile:",
    "{{",
    "${",
    "  ",
]
fragments = st.lists(st.sampled_from(DANGEROUS), max_size=24).map("".join)
WORDS = ["auth", "core", "graph", "store", "Service", "Map", "Rooms", "ingest", "naming", "runner", "C#", "v2"]


@settings(max_examples=3000, deadline=None)
@given(st.one_of(fragments, st.text(max_size=80)), st.sampled_from([40, 120]))
def test_no_output_ever_holds_a_forbidden_class(value: str, limit: int) -> None:
    out = sanitize_label(value, field="name", limit=limit)
    if isinstance(out, str):
        assert violations(out, limit) == [], (value, out)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(fragments, st.text(max_size=80)))
def test_sanitizing_is_idempotent(value: str) -> None:
    out = sanitize_label(value, field="name", limit=120)
    if isinstance(out, str):
        assert sanitize_label(out, field="name", limit=120) == out


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join))
def test_plain_words_pass_unchanged(value: str) -> None:
    assert sanitize_label(value, field="name", limit=40) == value


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), st.lists(st.text()), st.binary()))
def test_anything_but_text_is_refused(value: object) -> None:
    out = sanitize_label(value, field="purpose", limit=120)
    assert isinstance(out, UnsafeLabel) and out.reason.value == "not_text" and out.detail == "purpose: not_text"
