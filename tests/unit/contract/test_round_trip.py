from hypothesis import given, settings

from rooms.contract import parse_seed, parse_store, serialize_seed, serialize_store
from tests.strategies import candidate_stores, seeds, stores


@settings(max_examples=200)
@given(seeds())
def test_any_valid_seed_round_trips_byte_stable(seed) -> None:
    text = serialize_seed(seed)
    parsed = parse_seed(text)
    assert parsed == seed
    assert serialize_seed(parsed) == text


@settings(max_examples=100)
@given(stores())
def test_any_valid_store_round_trips_byte_stable(store) -> None:
    text = serialize_store(store)
    parsed = parse_store(text)
    assert parsed == store
    assert serialize_store(parsed) == text


@settings(max_examples=50)
@given(candidate_stores())
def test_candidate_stores_are_valid_stores(store) -> None:
    text = serialize_store(store)
    assert serialize_store(parse_store(text)) == text
