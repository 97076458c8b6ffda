"""The GraphQL documents the load bench sends: the screen's own (copied from ``ui/src/documents.js``; a unit
test keeps the copies equal) and the rename batches it edits with."""

from __future__ import annotations

import random
from typing import Any

BLOCK = """fragment B on Block {
  blockId name purpose state
  membership { path role }
  files(first: 0) { totalCount }
  seamPaths resolvedSeams unmappedResidue
  candidateMeta { namedBy needsOwnerNaming graphCohesion edgeSampleSize directorySupport coverageRatio sharedMemberCount }
}"""

OUTCOMES = "... on VersionConflict { expected actual } ... on Refused { code message }"

# What the screen sends to load the map (`MAP`), to check the version (`PULSE`) and to write (`EDIT`).
MAP = f"""query Map($repo: ID!, $unmapped: Int!) {{
  store(repoId: $repo) {{
    storeVersion
    repo {{ repoId root sourceCommit }}
    skeleton {{ version state ratification {{ ratifier ratifiedAt }} }}
    blocks {{ ...B }}
    candidateRevision {{ skeleton {{ version state }} blocks {{ ...B }} }}
  }}
  zeroTouchStatus(repoId: $repo) {{ blockCount runnerNamed ownerNamed needsOwnerNaming unresolvedSeams readyToRatify line }}
  lease(repoId: $repo) {{ curatingBy curatingUntil live }}
  unmapped(repoId: $repo, first: $unmapped) {{ totalCount nodes pageInfo {{ hasNextPage endCursor }} }}
}}
{BLOCK}"""

PULSE = """query Pulse($repo: ID!) {
  store(repoId: $repo) { storeVersion }
  lease(repoId: $repo) { curatingBy curatingUntil live }
}"""

EDIT = f"""mutation Edit($repo: ID!, $v: Int!, $batch: ID, $ops: [CandidateEditOp!]!) {{
  candidateEdit(input: {{repoId: $repo, expectedStoreVersion: $v, batchId: $batch, ops: $ops}}) {{
    __typename
    ... on EditApplied {{ storeVersion leaseWarning replayed }}
    ... on EditRejected {{ opIndex code message }}
    {OUTCOMES}
  }}
}}"""

TRAY_PAGE = 50  # the screen's `unmapped` page size (ui/src/state.js)


def rename_ops(rng: random.Random, block_ids: list[str], client: int, serial: int) -> list[dict[str, Any]]:
    """One to three renames of distinct blocks, with names that stay valid (≤ 40 characters, plain text)."""
    chosen = rng.sample(block_ids, k=min(len(block_ids), rng.randint(1, 3)))
    return [{"rename": {"blockId": b, "name": f"{b} by client {client} #{serial}"[:40]}} for b in chosen]
