"""The scan report (F0c §1 output, CONTRACT §2 `report`): how the candidate was made and what it left."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict


class Fallback(StrEnum):
    """The declared degeneration fallbacks (F0c §2c)."""

    TINY_REPO = "tiny_repo"  # < tiny_repo_files: one block per top-level directory, no clustering
    DOCS_NO_EDGE = "docs_no_edge"  # too few edges: directory + extension clustering, no graph scores
    SINGLE_DIRECTORY = "single_directory"  # all code under one directory: community-first inside it


class Seam(BaseModel):
    """A file whose symbols tie between communities: `shared` on every claimant (F0c §2a)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    block_ids: list[str]


class SuggestedSplit(BaseModel):
    """A block kept whole at one level (a build module) that also reads at a finer one: its directories."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    block_id: str
    directories: list[str]


class CandidateReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fallback: Fallback | None
    algorithm: str
    parameters: dict[str, Any]
    block_count: int
    file_count: int
    multi_owner_seams: list[Seam]
    residue_count: int
    residue_first: list[str]
    hubs: list[str]
    edge_sample_size: int
    suggested_splits: list[SuggestedSplit] = []
    seeded: bool = False  # the clustering started from the previous candidate's blocks
    projected_nodes: int = 0  # nodes / relationships in the GDS projection (0 when not clustered)
    projected_relationships: int = 0
    timings: dict[str, float] = {}

    def comparable(self) -> dict[str, Any]:
        """Everything but the timings: equal for two scans of the same graph."""
        return self.model_dump(mode="json", exclude={"timings"})
