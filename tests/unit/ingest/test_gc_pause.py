"""The cycle collector's pause: none inside, on again after, with what it made already in the oldest
generation (no collection walks it all at once), and objects the process froze itself left frozen; and a
parse worker's chunk of files, which runs inside one."""

from __future__ import annotations

import gc
from pathlib import Path

from rooms.ingest import FileParse, ScanOptions, scan
from rooms.ingest.discovery import discover
from rooms.ingest.gc_pause import cycle_collector_paused
from tests.unit.ingest.trees import write


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


def test_a_parse_workers_chunk_runs_no_collection(tmp_path: Path) -> None:
    write(tmp_path, {f"pkg/m{i}.py": "class A:\n" + "".join(f"    def f{j}(self):\n        return self.f{j + 1}()\n"
                                                             for j in range(40)) for i in range(8)})
    options = ScanOptions(use_git=False)
    candidates = discover(tmp_path, options).candidates
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.callbacks.append(count)
    try:
        made = scan._parse_chunk(tmp_path, candidates, options)
        assert collections == []
        [[index] for index in range(10_000)]  # premise: the callback does see the collections outside a chunk
        assert collections
    finally:
        gc.callbacks.remove(count)
    assert [FileParse.from_json_text(text).path for text in made] == [c.path for c in candidates]
    assert gc.isenabled()
