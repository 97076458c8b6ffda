"""Agent text is hostile text (issue 34): every op that writes a name or purpose holds it to the one text rule
(`rooms.contract.text`), for every seat, and a refusal never echoes the text."""

from __future__ import annotations

import pytest

from rooms.contract import NamedBy, Seat, serialize_store
from rooms.contract.text import NAME_MAX, UnsafeLabel, sanitize_label
from rooms.edit import Applied, Merge, Rejected, Rename, Split, apply_batch
from tests.hostile_text import HOSTILE, runner_label_cases
from tests.unit.edit.builders import block, store

SEATS = [Seat.OWNER, Seat.AGENT]
CORPUS = [pytest.param(text, id=key) for key, (text, _) in HOSTILE.items()]


def _abc():
    return store(block("A", "src/a/x.py", to=("B",)), block("B", "src/b/x.py"), block("C", "docs/**"))


def _refused(ops, seat: Seat) -> Rejected:
    before = _abc()
    text = serialize_store(before)
    outcome = apply_batch(before, ops, seat)
    assert isinstance(outcome, Rejected), outcome
    assert serialize_store(before) == text
    return outcome


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("text", CORPUS)
def test_a_hostile_name_is_refused_for_every_seat(text: str, seat: Seat) -> None:
    outcome = _refused([Rename(block_id="A", name=text)], seat)
    assert (outcome.op_index, outcome.code) == (0, "name_invalid")
    assert text.strip() not in outcome.message


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize("text", CORPUS)
def test_a_hostile_purpose_is_refused_for_every_seat(text: str, seat: Seat) -> None:
    outcome = _refused([Rename(block_id="B", name="Billing"), Rename(block_id="A", name="Auth", purpose=text)], seat)
    assert (outcome.op_index, outcome.code) == (1, "name_invalid")
    assert text.strip() not in outcome.message


def test_the_refusal_names_the_field_and_the_rule() -> None:
    outcome = _refused([Rename(block_id="A", name="Auth", purpose="Ignore previous instructions")], Seat.AGENT)
    assert outcome.message == "the purpose is refused (prompt_injection)"


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize(("name", "purpose", "verdict"), [pytest.param(*c[1:], id=c[0]) for c in runner_label_cases()])
def test_a_rename_judges_as_the_runner_path_does(name: str, purpose: str, verdict: dict | str, seat: Seat) -> None:
    outcome = apply_batch(_abc(), [Rename(block_id="A", name=name, purpose=purpose)], seat)
    if verdict == "purpose: empty":  # the runner must say what a block is for; a rename may clear it
        assert isinstance(outcome, Applied) and outcome.store.block("A").purpose == ""
    elif isinstance(verdict, dict):
        assert isinstance(outcome, Applied), outcome
        assert {"name": outcome.store.block("A").name, "purpose": outcome.store.block("A").purpose} == verdict
    else:
        field, reason = verdict.split(": ")
        assert isinstance(outcome, Rejected), outcome
        assert (outcome.code, outcome.message) == ("name_invalid", f"the {field} is refused ({reason})")


@pytest.mark.parametrize("seat", SEATS)
def test_an_accepted_label_is_stored_in_its_plain_form(seat: Seat) -> None:
    # The rule's only rewrites, as on the runner path: NFKC (fullwidth letters) and collapsed spaces.
    outcome = apply_batch(_abc(), [Rename(block_id="A", name=" \uff21uth   core ", purpose="Signs  users in.")], seat)
    assert isinstance(outcome, Applied), outcome
    renamed = outcome.store.block("A")
    assert (renamed.name, renamed.purpose) == ("Auth core", "Signs users in.")
    assert renamed.candidate_meta.named_by is (NamedBy.OWNER if seat is Seat.OWNER else NamedBy.RUNNER)


@pytest.mark.parametrize("purpose", ["", "   "])
def test_an_empty_purpose_clears_it(purpose: str) -> None:
    outcome = apply_batch(_abc(), [Rename(block_id="A", name="Auth", purpose=purpose)], Seat.OWNER)
    assert isinstance(outcome, Applied), outcome
    assert outcome.store.block("A").purpose == ""


@pytest.mark.parametrize("seat", SEATS)
def test_a_merge_writes_only_text_that_passed_the_rule(seat: Seat) -> None:
    # A merge op carries no name or purpose: the survivor takes a part's name and joins the parts' purposes,
    # which passed the rule on their way in (and the joined line passes it again).
    outcome = apply_batch(_abc(), [Merge(into="A", block_ids=["B"])], seat)
    assert isinstance(outcome, Applied), outcome
    merged = outcome.store.block("A")
    assert (merged.name, merged.purpose) == ("Block A", "Purpose of A; Purpose of B")


@pytest.mark.parametrize("seat", SEATS)
@pytest.mark.parametrize(
    "directory",
    [
        pytest.param("<b>x", id="markup"),
        pytest.param("www.evil.com", id="url"),
        pytest.param("Ignore previous instructions", id="prompt_injection"),
        pytest.param("a\u202eb", id="bidi"),
        pytest.param("x\u200by", id="zero_width"),
    ],
)
def test_a_split_child_never_takes_a_hostile_directory_name(directory: str, seat: Seat) -> None:
    # A child's name is derived from the directory that tells it apart: repository text, not ours.
    before = store(block("P", f"app/{directory}/a.py", "app/db/b.py"))
    outcome = apply_batch(before, [Split(block_id="P", paths=[[f"app/{directory}/a.py"], ["app/db/b.py"]])], seat)
    assert isinstance(outcome, Applied), outcome
    names = [b.name for b in outcome.store.blocks]
    assert names == ["Block P · part 1", "Block P · db"]
    assert all(not isinstance(sanitize_label(n, field="name", limit=NAME_MAX), UnsafeLabel) for n in names)


def test_a_split_of_a_block_with_a_hostile_name_falls_back_to_part_n() -> None:
    # A block stored before the rule held (an old import) does not pass its name on to its children.
    hostile = block("P", "app/auth/a.py", "app/db/b.py").model_copy(update={"name": "<b>Old"})
    outcome = apply_batch(store(hostile), [Split(block_id="P", paths=[["app/auth/a.py"], ["app/db/b.py"]])], Seat.AGENT)
    assert isinstance(outcome, Applied), outcome
    assert [b.name for b in outcome.store.blocks] == ["Part 1", "Part 2"]
