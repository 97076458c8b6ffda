"""The version check every store write makes first (a scan makes it again before it reads its tree)."""

from __future__ import annotations

import pytest

from rooms.store_rules import VersionConflict, version_conflict
from tests.integration.store.ratified import ratified_with_receipts


@pytest.mark.parametrize(
    ("exists", "expected", "conflict"),
    [
        (False, None, None),
        (False, 0, None),
        (False, 1, VersionConflict(1, 0)),
        (True, 3, None),
        (True, 2, VersionConflict(2, 3)),
        (True, None, VersionConflict(None, 3)),
        (True, 0, VersionConflict(0, 3)),
    ],
)
def test_a_write_expects_the_stored_version_or_no_store(exists: bool, expected: int | None, conflict: object) -> None:
    store = ratified_with_receipts("shop").model_copy(update={"store_version": 3}) if exists else None
    assert version_conflict(store, expected) == conflict
