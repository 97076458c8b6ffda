"""The cycle collector's pause: none inside, on again after, with what it made already in the oldest
generation (no collection walks it all at once), and objects the process froze itself left frozen."""

from __future__ import annotations

import gc

from rooms.ingest.gc_pause import cycle_collector_paused


def test_no_collection_inside_and_the_collector_on_again_after() -> None:
    assert gc.isenabled()
    with cycle_collector_paused():
        assert not gc.isenabled()
        with cycle_collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves it to the outer one
        made = [[index] for index in range(50_000)]
        assert gc.get_count()[0] >= len(made)
    assert gc.isenabled()
    assert gc.get_count()[0] < 1_000  # promoted, not pending in the youngest generation
    assert all(gc.is_tracked(item) for item in made[:10])


def test_a_pause_after_the_process_froze_objects_leaves_them_frozen() -> None:
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with cycle_collector_paused():
            [[index] for index in range(1_000)]
        assert gc.get_freeze_count() == frozen
        assert gc.isenabled()
    finally:
        gc.unfreeze()


def test_cycles_made_in_a_pause_are_collected_after_it() -> None:
    class Node:
        pass

    with cycle_collector_paused():
        node = Node()
        node.self = node  # type: ignore[attr-defined]
        del node
    before = sum(1 for obj in gc.get_objects() if type(obj) is Node)
    assert before == 1
    gc.collect()
    assert sum(1 for obj in gc.get_objects() if type(obj) is Node) == 0
