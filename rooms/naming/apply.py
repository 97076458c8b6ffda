"""Putting sanitized runner labels where they belong — and nowhere else (F11 §2a/§2c).

- a scan (`naming: AUTO`): `apply_runner_names(seed, labels)` sets each named block's ``name`` and
  ``purpose`` and marks it ``named_by: runner``, ``needs_owner_naming: false``; every other block keeps
  its heuristic label and its honest marks;
- an existing candidate (`nameWithRunner`): `rename_ops(labels)` are the ``rename`` ops of ONE
  ``candidate_edit`` batch, so provenance (stamped by the engine from the seat) and OCC hold.

`needs_runner_naming(block)` is the default selection: a block still waiting for a name.
"""

from __future__ import annotations

from collections.abc import Mapping

from rooms.contract import NamedBy, SeedFile, SystemBlock
from rooms.contract.text import CleanLabel
from rooms.edit import Rename


def needs_runner_naming(block: SystemBlock) -> bool:
    return block.candidate_meta is not None and block.candidate_meta.needs_owner_naming


def runner_named(block: SystemBlock, label: CleanLabel) -> SystemBlock:
    update: dict[str, object] = {"name": label.name, "purpose": label.purpose}
    if block.candidate_meta is not None:
        update["candidate_meta"] = block.candidate_meta.model_copy(
            update={"named_by": NamedBy.RUNNER, "needs_owner_naming": False}
        )
    return block.model_copy(update=update)


def apply_runner_names(seed: SeedFile, labels: Mapping[str, CleanLabel]) -> SeedFile:
    """The seed with every labelled block runner-named; never mutates `seed`."""
    blocks = [runner_named(b, labels[b.block_id]) if b.block_id in labels else b for b in seed.blocks]
    return seed.model_copy(update={"blocks": blocks})


def rename_ops(labels: Mapping[str, CleanLabel]) -> list[Rename]:
    return [Rename(block_id=block_id, name=label.name, purpose=label.purpose) for block_id, label in labels.items()]
