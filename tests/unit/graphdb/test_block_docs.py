"""A stored block doc is the block's canonical JSON, byte for byte, however it is produced (digests,
torn-read checks and exports depend on it)."""

from __future__ import annotations

import json

from hypothesis import given, settings

from graphdb.store import _block_doc
from rooms.contract import Store
from tests.strategies import stores


@settings(max_examples=150, deadline=None)
@given(stores())
def test_a_block_doc_is_the_canonical_json_of_the_block(store: Store) -> None:
    for block in [*store.blocks, *(store.candidate_revision.blocks if store.candidate_revision else [])]:
        assert _block_doc(block) == json.dumps(block.model_dump(mode="json"), ensure_ascii=False)
