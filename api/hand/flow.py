"""What the reference hand does with one mission, over GraphQL only.

1. ``claimMission`` (takes the candidate's advisory lease; `LeaseBusy` or a refusal stops the hand);
2. read the candidate (``store { storeVersion }`` + ``exportSeed``) and apply the hand's plan — thin
   blocks merged into their most-connected neighbour, seams resolved to the strongest ties, unambiguous
   residue assigned — as ONE ``candidateEdit`` batch (re-planned on a `VersionConflict`, up to 3 tries);
3. ``nameWithRunner`` on every block still provisional (none pinned: they stay provisional, and the
   summary says so);
4. ``deliverMission`` with the version it produced and a summary letter.
The hand never ratifies: that is the owner's gesture (and the API refuses it to the AGENT seat anyway).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from api.hand.client import HandClient
from rooms.contract import ErrorCode, parse_seed, store_from_seed
from rooms.edit import AssignUnmapped, EditOp, Merge, ResolveSeam
from rooms.missions.hand import SIZE_FLOOR, CurationPlan, curation_plan

ATTEMPTS = 3

MISSION = "query($m: ID!) { mission(missionId: $m) { missionId repoId state note } }"
CLAIM = """mutation($m: ID!, $ttl: Int!) { claimMission(input: {missionId: $m, ttlSecs: $ttl}) {
  __typename ... on MissionClaimed { lease { curatingUntil } } ... on LeaseBusy { current { curatingBy curatingUntil } }
  ... on Refused { code message } } }"""
READ = "query($r: ID!) { store(repoId: $r) { storeVersion } exportSeed(repoId: $r) }"
EDIT = """mutation($r: ID!, $v: Int!, $ops: [CandidateEditOp!]!) {
  candidateEdit(input: {repoId: $r, expectedStoreVersion: $v, ops: $ops}) {
    __typename ... on EditApplied { storeVersion } ... on EditRejected { opIndex code message }
    ... on VersionConflict { expected actual } ... on Refused { code message } } }"""
NAME = """mutation($r: ID!, $v: Int!) { nameWithRunner(input: {repoId: $r, expectedStoreVersion: $v}) {
  __typename ... on RunnerNamed { storeVersion runnerId named { blockId } fallbacks { blockId reason } }
  ... on EditRejected { code message } ... on VersionConflict { expected actual } ... on Refused { code message } } }"""
DELIVER = """mutation($m: ID!, $v: Int!, $s: String!) {
  deliverMission(input: {missionId: $m, storeVersion: $v, summary: $s}) {
    __typename ... on MissionDelivered { mission { state deliveredStoreVersion } }
    ... on Refused { code message } } }"""


class HandStopped(RuntimeError):
    """The mission cannot be worked (not found, delivered, another hand's live lease, a refusal)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def _code(name: str) -> ErrorCode:
    """The code of a refusal as GraphQL names it (UPPER_SNAKE)."""
    return ErrorCode[name]


@dataclass
class HandResult:
    mission_id: str
    repo_id: str
    base_version: int = 0
    delivered_version: int = 0
    plan: CurationPlan = field(default_factory=CurationPlan)
    edit_note: str = ""
    named: int = 0
    kept_heuristic: dict[str, int] = field(default_factory=dict)
    naming_note: str = ""

    def summary(self) -> str:
        p = self.plan
        lines = [f"Curated {self.repo_id} from store version {self.base_version} to {self.delivered_version}."]
        lines.append(
            f"- merged {sum(len(m.block_ids) for m in p.merges)} thin block(s) into {len(p.merges)} "
            f"neighbour(s)" + "".join(f"; {', '.join(m.block_ids)} → {m.into}" for m in p.merges[:10])
        )
        lines.append(f"- resolved {len(p.seams)} seam(s) to the block with the strongest ties")
        lines.append(f"- assigned {len(p.residue)} residue file(s) listed on exactly one block")
        if self.edit_note:
            lines.append(f"- edits: {self.edit_note}")
        lines.append(
            f"- the runner named {self.named} block(s)"
            + (
                "; kept heuristic: " + ", ".join(f"{n} ({r})" for r, n in sorted(self.kept_heuristic.items()))
                if self.kept_heuristic
                else ""
            )
        )
        if self.naming_note:
            lines.append(f"- naming: {self.naming_note}")
        lines.append("Nothing is ratified: review the map and ratify it when it reads right.")
        return "\n".join(lines)


def _wire(op: EditOp) -> dict[str, Any]:
    if isinstance(op, Merge):
        return {"merge": {"into": op.into, "blockIds": list(op.block_ids)}}
    if isinstance(op, ResolveSeam):
        return {"resolveSeam": {"path": op.path, "resolution": op.resolution}}
    if isinstance(op, AssignUnmapped):
        return {"assignUnmapped": {"path": op.path, "blockId": op.block_id}}
    raise TypeError(f"the hand does not send {type(op).__name__}")


def _read(client: HandClient, repo_id: str) -> tuple[int, Any]:
    data = client.run(READ, {"r": repo_id})
    if data["store"] is None or data["exportSeed"] is None:
        raise HandStopped(ErrorCode.NO_STORE, f"repository {repo_id!r} has no store")
    seed = parse_seed(data["exportSeed"])
    version = int(data["store"]["storeVersion"])
    return version, store_from_seed(seed, version)


def _edit(client: HandClient, result: HandResult, floor: int) -> int:
    """Plan and apply the curation batch; the store version after it."""
    version, store = _read(client, result.repo_id)
    result.base_version = version
    for _ in range(ATTEMPTS):
        plan = curation_plan(store, floor)
        if not plan.ops:
            return version
        answer = client.run(EDIT, {"r": result.repo_id, "v": version, "ops": [_wire(op) for op in plan.ops]})
        answer = answer["candidateEdit"]
        if answer["__typename"] == "EditApplied":
            result.plan = plan
            return int(answer["storeVersion"])
        if answer["__typename"] != "VersionConflict":
            result.edit_note = f"the batch was refused ({answer.get('code')}: {answer.get('message')})"
            return version
        version, store = _read(client, result.repo_id)
    result.edit_note = f"gave up after {ATTEMPTS} version conflicts (someone else is editing)"
    return version


def _name(client: HandClient, result: HandResult, version: int) -> int:
    for _ in range(ATTEMPTS):
        answer = client.run(NAME, {"r": result.repo_id, "v": version})["nameWithRunner"]
        kind = answer["__typename"]
        if kind == "RunnerNamed":
            result.named = len(answer["named"])
            for fallback in answer["fallbacks"]:
                result.kept_heuristic[fallback["reason"]] = result.kept_heuristic.get(fallback["reason"], 0) + 1
            return int(answer["storeVersion"])
        if kind == "VersionConflict":
            version = int(answer["actual"])
            continue
        result.naming_note = f"not named ({answer.get('code')}: {answer.get('message')})"
        return version
    result.naming_note = f"gave up after {ATTEMPTS} version conflicts"
    return version


def curate(
    client: HandClient,
    mission_id: str,
    *,
    floor: int = SIZE_FLOOR,
    ttl_s: int = 900,
    log: Callable[[str], None] = lambda _: None,
) -> HandResult:
    mission = client.run(MISSION, {"m": mission_id})["mission"]
    if mission is None:
        raise HandStopped(ErrorCode.MISSION_NOT_FOUND, f"no mission {mission_id!r}")
    claim = client.run(CLAIM, {"m": mission_id, "ttl": ttl_s})["claimMission"]
    if claim["__typename"] == "LeaseBusy":
        raise HandStopped(
            ErrorCode.LEASE_BUSY,
            f"{claim['current']['curatingBy']} holds the lease until {claim['current']['curatingUntil']}",
        )
    if claim["__typename"] != "MissionClaimed":
        raise HandStopped(_code(claim["code"]), claim["message"])
    result = HandResult(mission_id, mission["repoId"])
    log(f"claimed {mission_id} on {result.repo_id}")
    version = _edit(client, result, floor)
    log(
        f"edited: {len(result.plan.merges)} merge(s), {len(result.plan.seams)} seam(s), "
        f"{len(result.plan.residue)} residue file(s)"
    )
    version = _name(client, result, version)
    log(f"named {result.named} block(s)")
    result.delivered_version = version
    delivered = client.run(DELIVER, {"m": mission_id, "v": version, "s": result.summary()})["deliverMission"]
    if delivered["__typename"] != "MissionDelivered":
        raise HandStopped(_code(delivered["code"]), delivered["message"])
    log(f"delivered {mission_id} at store version {version}")
    return result
