"""A stored block doc is deterministic and loads back to the very block it was written from (digests,
torn-read checks and exports depend on it)."""

from __future__ import annotations

from hypothesis import given, settings

from graphdb.store import _block_doc
from rooms.contract import Store, SystemBlock
from tests.strategies import stores


@settings(max_examples=150, deadline=None)
@given(stores())
def test_a_block_doc_round_trips_and_is_deterministic(store: Store) -> None:
    for block in [*store.blocks, *(store.candidate_revision.blocks if store.candidate_revision else [])]:
        doc = _block_doc(block)
        loaded = SystemBlock.model_validate_json(doc)
        assert loaded == block
        assert _block_doc(loaded) == doc
