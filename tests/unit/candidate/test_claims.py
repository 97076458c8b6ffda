"""F0c §2a: from node assignments to file claims."""

from __future__ import annotations

from rooms.candidate import SymbolVote
from rooms.candidate.claims import file_claims

PATHS = ["a.py", "b.py", "c.py", "d.py"]
VOTES = [
    SymbolVote("a.py", 5, 9.0),  # outweighed by nothing: a.py's own node decides
    SymbolVote("b.py", 3, 2.0),
    SymbolVote("b.py", 5, 1.0),
    SymbolVote("c.py", 3, 1.5),
    SymbolVote("c.py", 5, 1.5),
]


def test_the_file_node_wins_symbols_vote_by_weight_ties_claim_for_each_and_no_node_claims_nothing() -> None:
    claims = file_claims(PATHS, {"a.py": 7}, VOTES)
    # Canonical labels, by the sorted paths each community claims: 7 {a} -> 0, 3 {b, c} -> 1, 5 {c} -> 2.
    assert claims.of("a.py") == (0,)
    assert claims.of("b.py") == (1,)
    assert claims.of("c.py") == (1, 2)
    assert claims.is_tie("c.py") and not claims.is_tie("b.py")
    assert claims.of("d.py") == ()


def test_labels_depend_on_the_grouping_not_on_the_numbers() -> None:
    renumbered = [SymbolVote(v.path, {5: 900, 3: 12}[v.community], v.weight) for v in VOTES]
    assert file_claims(PATHS, {"a.py": 7}, VOTES) == file_claims(list(reversed(PATHS)), {"a.py": 41}, renumbered)


def test_profile_and_dominant_count_a_tie_as_a_share() -> None:
    claims = file_claims(PATHS, {"a.py": 7}, VOTES)
    assert claims.profile(["b.py", "c.py"]) == {1: 1.5, 2: 0.5}
    assert claims.dominant(["b.py", "c.py"]) == 1
    assert claims.dominant(["d.py"]) is None
