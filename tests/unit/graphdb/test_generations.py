"""The staging key of a scan is always a generation key that is not live, and never a repository id."""

from __future__ import annotations

import pytest

from graphdb.codegraph.generations import Binding
from rooms.contract.base import REPO_ID


@pytest.mark.parametrize(
    ("live", "staging"),
    [("shop", "shop~1"), ("shop~1", "shop~2"), ("shop~2", "shop~1")],
)
def test_a_scan_stages_into_the_generation_that_is_not_live(live: str, staging: str) -> None:
    binding = Binding("shop", live, None)
    assert binding.staging == staging != binding.live
    assert not REPO_ID.fullmatch(binding.staging), "no repository id can name a staging generation"
