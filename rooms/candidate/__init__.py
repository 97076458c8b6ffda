"""The skeleton candidate (F0c §2-§3), pure: plain graph data in, a candidate seed and a report out.

Public API:
- `build_candidate_seed(data, params) -> (SeedFile, CandidateReport)`
- inputs: `CandidateInput`, `FileInfo`, `SymbolVote`, `FileEdge`, `PackageUse`, `SymbolInfo`
- levers: `ClusterParams` (every declared parameter and its measured default), `CONCURRENCY`
- report: `CandidateReport`, `Seam`, `Fallback`
- helpers the database side shares: `plan_fallback`, `find_hubs`, `fan_in`, `complete_seeds`,
  `seeds_from_previous`
"""

from rooms.candidate.builder import build_candidate_seed
from rooms.candidate.fallbacks import plan_fallback
from rooms.candidate.hubs import fan_in, find_hubs
from rooms.candidate.inputs import CandidateInput, FileEdge, FileInfo, PackageUse, SymbolInfo, SymbolVote
from rooms.candidate.params import CONCURRENCY, ClusterParams
from rooms.candidate.report import CandidateReport, Fallback, Seam
from rooms.candidate.seeding import complete_seeds, seeds_from_previous

__all__ = [
    "CONCURRENCY",
    "CandidateInput",
    "CandidateReport",
    "ClusterParams",
    "Fallback",
    "FileEdge",
    "FileInfo",
    "PackageUse",
    "Seam",
    "SymbolInfo",
    "SymbolVote",
    "build_candidate_seed",
    "complete_seeds",
    "fan_in",
    "find_hubs",
    "plan_fallback",
    "seeds_from_previous",
]
