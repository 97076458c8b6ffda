"""The curation packet (F11 §3a): what a hand receives — the full candidate seed, the scan report (when
the store has one) and the owner's note — plus a review summary computed from the store (blocks waiting
for a name, unresolved seams, residue), so a hand sees the work without recomputing it."""

from __future__ import annotations

from typing import Any

from rooms.contract import Store, seed_from_store
from rooms.edit import unresolved_seams
from rooms.review import unmapped_paths, zero_touch

PACKET_SCHEMA = "coderooms-curation-packet-v1"


def review_summary(store: Store) -> dict[str, Any]:
    status = zero_touch(store.blocks)
    _, residue_total = unmapped_paths(store)
    return {
        "block_count": status.block_count,
        "needs_owner_naming": [
            b.block_id for b in store.blocks if b.candidate_meta is not None and b.candidate_meta.needs_owner_naming
        ],
        "unresolved_seams": [
            {"path": path, "block_ids": owners} for path, owners in sorted(unresolved_seams(store.blocks).items())
        ],
        "residue_total": residue_total,
        "status": status.line,
    }


def curation_packet(mission_id: str, store: Store, note: str, report: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "schema": PACKET_SCHEMA,
        "mission_id": mission_id,
        "repo_id": store.repo.repo_id,
        "store_version": store.store_version,
        "note": note,
        "seed": seed_from_store(store).model_dump(mode="json"),
        "report": report,
        "review": review_summary(store),
    }
