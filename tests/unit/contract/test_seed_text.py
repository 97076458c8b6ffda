"""A seed's block names and purposes pass the same text rule as a rename (issue 34, points 4 and 7): a seed
is written outside this system, so `parse_seed` refuses what every other path refuses."""

from __future__ import annotations

import json

import pytest

from rooms.contract import ContractError, parse_seed, serialize_seed, validate_seed
from rooms.contract.text import NAME_MAX, PURPOSE_MAX
from tests.hostile_text import HOSTILE, runner_label_cases
from tests.unit.contract.test_models import CANONICAL

CORPUS = [pytest.param(text, id=key) for key, (text, _) in HOSTILE.items()]


def _with(block: int, field: str, value: str) -> dict:
    doc = json.loads(CANONICAL)
    doc["blocks"][block][field] = value
    return doc


@pytest.mark.parametrize("field", ["name", "purpose"])
@pytest.mark.parametrize("text", CORPUS)
def test_a_hostile_label_is_refused_and_named(text: str, field: str) -> None:
    for parse in (lambda doc: parse_seed(json.dumps(doc)), validate_seed):
        with pytest.raises(ContractError) as caught:
            parse(_with(1, field, text))
        assert (caught.value.code, caught.value.field) == ("name_invalid", f"blocks[1].{field}")
        assert text.strip() not in caught.value.message


def _words(size: int) -> str:
    text = ("Ledger entries " * 10)[:size]
    return text[:-1] + "s" if text.endswith(" ") else text


@pytest.mark.parametrize(("name", "purpose", "verdict"), [pytest.param(*c[1:], id=c[0]) for c in runner_label_cases()])
def test_a_seed_is_judged_as_the_runner_path_judges(name: str, purpose: str, verdict: dict | str) -> None:
    doc = _with(1, "name", name)
    doc["blocks"][1]["purpose"] = purpose
    if isinstance(verdict, dict) or verdict == "purpose: empty":  # an empty purpose is no purpose
        assert parse_seed(json.dumps(doc)).blocks[1].name == name  # judged, kept as written
        return
    field, reason = verdict.split(": ")
    with pytest.raises(ContractError) as caught:
        parse_seed(json.dumps(doc))
    assert (caught.value.code, caught.value.message) == ("name_invalid", f"blocks[1].{field}: refused ({reason})")


@pytest.mark.parametrize(("field", "limit"), [("name", NAME_MAX), ("purpose", PURPOSE_MAX)])
def test_the_limits_are_the_rename_limits(field: str, limit: int) -> None:
    assert getattr(parse_seed(json.dumps(_with(0, field, _words(limit)))).blocks[0], field) == _words(limit)
    with pytest.raises(ContractError) as caught:
        parse_seed(json.dumps(_with(0, field, _words(limit + 1))))
    assert caught.value.code == "name_invalid"


def test_an_empty_name_is_refused_an_empty_purpose_is_no_purpose() -> None:
    with pytest.raises(ContractError) as caught:
        parse_seed(json.dumps(_with(0, "name", " ")))
    assert caught.value.code == "name_invalid"
    seed = parse_seed(json.dumps(_with(0, "purpose", "")))
    assert seed.blocks[0].purpose == ""


def test_a_clean_seed_is_kept_byte_for_byte() -> None:
    # The rule judges; it does not rewrite an imported seed (round trips stay byte-stable).
    assert serialize_seed(parse_seed(CANONICAL)) == CANONICAL
