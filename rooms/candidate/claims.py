"""F0c §2a — from node assignments to file claims.

- a FILE node's own assignment wins for its path;
- otherwise its symbols vote by weight, and the heaviest community claims the file;
- a tie between the heaviest communities claims the file for each of them, as a seam (`shared` on every
  claimant block that ends up distinct, listed in ``multi_owner_seams``);
- a file with no graph node claims nothing and attaches by directory only.

Community ids are relabelled canonically (0, 1, ... in the order of the sorted paths each claims), so the
result depends on the grouping alone, never on the numbers the algorithm happened to pick.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rooms.candidate.inputs import SymbolVote

_TIE_EPSILON = 1e-9


@dataclass(frozen=True)
class Claims:
    """``by_path[path]`` is the tuple of communities claiming ``path`` (several only for a tie)."""

    by_path: Mapping[str, tuple[int, ...]]

    def of(self, path: str) -> tuple[int, ...]:
        return self.by_path.get(path, ())

    def is_tie(self, path: str) -> bool:
        return len(self.of(path)) > 1

    def profile(self, files: Iterable[str]) -> dict[int, float]:
        """Community -> claimed share over ``files`` (a tied file counts 1/k for each of its k communities)."""
        out: dict[int, float] = defaultdict(float)
        for path in files:
            owners = self.of(path)
            for community in owners:
                out[community] += 1.0 / len(owners)
        return dict(out)

    def dominant(self, files: Iterable[str]) -> int | None:
        """The community with the largest share of ``files`` (smallest label on a tie); None if unclaimed."""
        profile = self.profile(files)
        if not profile:
            return None
        return min(profile, key=lambda c: (-round(profile[c], 9), c))


def file_claims(paths: Iterable[str], file_communities: Mapping[str, int], votes: Iterable[SymbolVote]) -> Claims:
    paths = sorted(set(paths))
    known = set(paths)
    tally: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    for vote in votes:
        if vote.path in known and vote.weight > 0:
            tally[vote.path][vote.community] += vote.weight
    raw: dict[str, tuple[int, ...]] = {}
    for path in paths:
        if path in file_communities:
            raw[path] = (file_communities[path],)
        elif path in tally:
            weights = tally[path]
            top = max(weights.values())
            raw[path] = tuple(sorted(c for c, w in weights.items() if top - w <= _TIE_EPSILON * max(1.0, top)))
    # Canonical labels: communities ordered by the sorted list of paths they claim.
    members: dict[int, list[str]] = defaultdict(list)
    for path in paths:
        for community in raw.get(path, ()):
            members[community].append(path)
    order = sorted(members, key=lambda c: (members[c], c))
    labels = {community: index for index, community in enumerate(order)}
    return Claims({path: tuple(sorted(labels[c] for c in owners)) for path, owners in raw.items()})
