"""Reading runner answers: the schema gate, the size cap, the chat-completions content."""

from __future__ import annotations

import json

from rooms.naming import CleanLabel, FailureReason, NamingFailure, read_answer, read_chat_content
from rooms.naming.answer import ANSWER_MAX_BYTES


def test_a_well_formed_answer_is_read_and_sanitized() -> None:
    raw = json.dumps({"name": "  Ａｕｔｈ  ", "purpose": "Signs people in"}).encode()
    assert read_answer(raw) == CleanLabel("Auth", "Signs people in")


def test_the_size_cap_is_checked_before_parsing() -> None:
    body = json.dumps({"name": "Auth", "purpose": "p"})
    just_fits = (body + " " * (ANSWER_MAX_BYTES - len(body))).encode()
    assert len(just_fits) == ANSWER_MAX_BYTES and read_answer(just_fits) == CleanLabel("Auth", "p")
    too_big = just_fits + b" "
    assert read_answer(too_big) == NamingFailure(FailureReason.TOO_LARGE, f"more than {ANSWER_MAX_BYTES} bytes")


def test_chat_content_may_come_in_one_code_fence() -> None:
    fenced = '```json\n{"name": "Graph store", "purpose": "Keeps the map"}\n```'
    assert read_chat_content(fenced) == CleanLabel("Graph store", "Keeps the map")
    assert read_chat_content(' {"name": "Graph store", "purpose": "Keeps the map"} ') == CleanLabel(
        "Graph store", "Keeps the map"
    )


def test_chat_content_that_is_not_an_answer_fails_honestly() -> None:
    assert read_chat_content(None) == NamingFailure(FailureReason.SCHEMA_VIOLATION, "the message content is not text")
    prose = read_chat_content("The block handles graph storage.")
    assert isinstance(prose, NamingFailure) and prose.reason is FailureReason.NOT_JSON
    hostile = read_chat_content('```json\n{"name": "<b>x</b>", "purpose": "p"}\n```')
    assert hostile == NamingFailure(FailureReason.UNSAFE_LABEL, "name: slash")
