"""The last-known-good cache: what it keeps, for how long, and how much."""

from __future__ import annotations

from api.stale_reads import StaleReads
from graphdb.tokens import Identity
from rooms.contract import Repo, Seat, SeedFile, Skeleton, SkeletonState, Store, store_from_seed

HOLDER = Identity(token_id="tok_1", seat=Seat.AGENT, agent_id="hand-1")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _store(repo_id: str) -> Store:
    seed = SeedFile(
        repo=Repo(repo_id=repo_id, root="repo", source_commit="c0ffee"),
        skeleton=Skeleton(skeleton_id=f"sk_{repo_id}", version=1, state=SkeletonState.CANDIDATE),
        blocks=[],
    )
    return store_from_seed(seed, store_version=3)


def test_a_confirmed_identity_serves_until_it_is_too_old() -> None:
    clock = Clock()
    cache = StaleReads(identity_max_age_s=900, clock=clock)
    cache.identity_confirmed("crt_a", HOLDER)
    clock.now += 899
    assert cache.identity("crt_a") == HOLDER
    clock.now += 2
    assert cache.identity("crt_a") is None, "older than the bound: the token needs the database again"
    assert cache.identity("crt_unknown") is None


def test_a_refused_token_is_forgotten_at_once() -> None:
    cache = StaleReads()
    cache.identity_confirmed("crt_a", HOLDER)
    cache.identity_refused("crt_a")
    assert cache.identity("crt_a") is None


def test_tokens_are_kept_only_as_hashes() -> None:
    cache = StaleReads()
    cache.identity_confirmed("crt_secret", HOLDER)
    assert "crt_secret" not in repr(cache.__dict__)


def test_both_caches_are_bounded_least_recent_first() -> None:
    cache = StaleReads(max_identities=2, max_stores=2)
    for token in ("crt_1", "crt_2", "crt_3"):
        cache.identity_confirmed(token, HOLDER)
    assert [cache.identity(t) is not None for t in ("crt_1", "crt_2", "crt_3")] == [False, True, True]
    for repo in ("r1", "r2", "r3"):
        cache.store_read(repo, _store(repo))
    cache.store_read("r2", _store("r2"))  # read again: now the most recent
    cache.store_read("r4", _store("r4"))
    assert [cache.store(r) is not None for r in ("r1", "r2", "r3", "r4")] == [False, True, False, True]


def test_a_store_that_is_gone_is_not_served_stale() -> None:
    cache = StaleReads()
    cache.store_read("r1", _store("r1"))
    kept = cache.store("r1")
    assert kept is not None and kept.store.store_version == 3 and kept.read_at.tzinfo is not None
    cache.store_read("r1", None)
    assert cache.store("r1") is None
