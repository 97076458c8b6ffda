"""Hypothesis strategies for contract objects, shared by every test package.

- `repo_paths()` / `globs()` / `candidate_metas()`: safe repo-relative paths, globs, candidate scores
- `seeds()`: any valid `SeedFile` (receipts only on ratified skeletons, since candidates never carry them;
  block names and purposes the text rule accepts, as `parse_seed` requires)
- `stores()`: any valid `Store` (labels any text: a stored store is not re-judged)
- `candidate_stores()`: a candidate `Store` shaped like a scan result for the edit engine: exact-path
  members, seams (a path `shared` on 2-3 blocks), per-block residue, internal sockets between blocks
"""

from __future__ import annotations

from hypothesis import strategies as st

from rooms.contract import (
    BlockKind,
    BlockState,
    CandidateMeta,
    Emitter,
    EmitterKind,
    Evidence,
    Layout,
    Member,
    MemberRole,
    MembershipSource,
    NamedBy,
    Ratification,
    Receipt,
    ReceiptContract,
    ReceiptScope,
    ReceiptType,
    Repo,
    Req,
    SeedFile,
    Skeleton,
    SkeletonState,
    Socket,
    Sockets,
    Store,
    SystemBlock,
    UnmappedPolicy,
    Validity,
)

_SEGMENT = st.text("abcxyz019_-.é", min_size=1, max_size=8).filter(lambda s: not s.startswith("."))
texts = st.text(max_size=12)
idents = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=10).filter(str.strip)
fractions = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
counts = st.integers(min_value=0, max_value=2**40)
optional_texts = st.none() | texts
# Labels the text rule (`rooms.contract.text`) accepts: a few words, non-ASCII and digits included.
_WORDS = st.sampled_from(["Auth", "billing", "Ledger", "core", "étude", "v2", "Grüße", "会計", "ops", "(tests)"])
labels = st.lists(_WORDS, min_size=1, max_size=4).map(" ".join)


_PATHS = st.lists(_SEGMENT, min_size=1, max_size=4).map("/".join)
_GLOBS = st.one_of(
    _PATHS.map(lambda p: p + "/**"),
    _PATHS.map(lambda p: p + "/*.py"),
    _PATHS.map(lambda p: "**/" + p),
)
_SOCKETS = st.builds(Socket, type=optional_texts, alias=optional_texts, class_=optional_texts)
_REQS = st.lists(st.builds(Req, type=st.sampled_from(ReceiptType), stales_on=st.lists(texts, max_size=2)), max_size=2)
_RECEIPT_CONTRACTS = st.builds(
    ReceiptContract,
    version=counts,
    required=_REQS,
    optional=_REQS,
    waived=_REQS,
    declared_by=optional_texts,
    declared_at=optional_texts,
)
_COORDS = st.none() | st.floats(allow_nan=False, allow_infinity=False)
_LAYOUTS = st.builds(
    Layout,
    x=_COORDS,
    y=_COORDS,
    locked=st.booleans(),
    algorithm_seed=st.none() | st.integers() | texts,
    version=counts,
)
_CANDIDATE_METAS = st.builds(
    CandidateMeta,
    named_by=st.sampled_from(NamedBy),
    needs_owner_naming=st.booleans(),
    graph_cohesion=st.none() | fractions,
    edge_sample_size=counts,
    directory_support=fractions,
    coverage_ratio=fractions,
    shared_member_count=counts,
)


_DIRS = ("src/auth", "src/db", "lib", "docs", "app/ui", "tests", "naïve dir")


def _pick(draw: st.DrawFn, items):
    # Index draws keep generation cheap for the engine's property tests: no strategy built per example.
    return items[draw(st.integers(0, len(items) - 1))]


def repo_paths() -> st.SearchStrategy[str]:
    return _PATHS


def globs() -> st.SearchStrategy[str]:
    return _GLOBS


def candidate_metas() -> st.SearchStrategy[CandidateMeta]:
    return _CANDIDATE_METAS


@st.composite
def receipts(draw: st.DrawFn, block_id: str, boundary_version: int, contract_version: int) -> Receipt:
    kind = draw(st.sampled_from(ReceiptType))
    executed = kind is ReceiptType.TEST or draw(st.booleans())
    evidence = Evidence(
        command=draw(texts) if executed else None,
        cwd=draw(st.just(".") | _PATHS) if executed else None,
        exit_status=draw(st.integers(-255, 255)) if executed else None,
        started_at=draw(texts) if executed else None,
        ended_at=draw(texts) if executed else None,
        artifact_hash="sha256:" + draw(st.text("0123456789abcdef", min_size=8, max_size=8)),
        stdout_excerpt=draw(optional_texts),
        evidence_refs=draw(st.lists(texts, min_size=1, max_size=2)),
    )
    return Receipt(
        type=kind,
        emitter=Emitter(kind=draw(st.sampled_from(EmitterKind)), id=draw(texts)),
        scope=ReceiptScope(
            block_id=block_id,
            boundary_version=boundary_version,
            contract_version=contract_version,
            resolution_hash=draw(texts),
        ),
        evidence=evidence,
        validity=Validity(expires_on=draw(optional_texts), stales_on=draw(st.lists(texts, max_size=2))),
    )


def _sockets(draw: st.DrawFn, ids: list[str]) -> list[Socket]:
    """Sockets whose ``to`` (when set) names a block of the same map, as the contract requires."""
    found = draw(st.lists(_SOCKETS, max_size=2))
    return [s if draw(st.booleans()) else s.model_copy(update={"to": _pick(draw, ids)}) for s in found]


@st.composite
def system_blocks(
    draw: st.DrawFn, block_id: str, ids: list[str], with_receipts: bool, names: st.SearchStrategy[str]
) -> SystemBlock:
    boundary, contract = draw(counts), draw(counts)
    paths = draw(st.lists(_PATHS | _GLOBS, max_size=5, unique=True))
    return SystemBlock(
        block_id=block_id,
        name=draw(names),
        purpose=draw(names | st.just("")),
        kind=draw(st.sampled_from(BlockKind)),
        state=draw(st.sampled_from(BlockState)),
        boundary_version=boundary,
        contract_version=contract,
        membership_source=draw(st.sampled_from(MembershipSource)),
        membership=[
            Member(path=p, role=draw(st.sampled_from(MemberRole)), optional=draw(st.booleans())) for p in paths
        ],
        sockets=Sockets(
            inputs=_sockets(draw, ids),
            outputs=_sockets(draw, ids),
            external=_sockets(draw, ids),
        ),
        receipt_contract=draw(_RECEIPT_CONTRACTS),
        receipts=draw(st.lists(receipts(block_id, boundary, contract), max_size=2)) if with_receipts else [],
        layout=draw(_LAYOUTS),
        unmapped_residue=draw(st.lists(_PATHS, max_size=3)),
        membership_fingerprint=draw(optional_texts),
        resolved_members=draw(st.lists(_PATHS, max_size=3)),
        pre_archive_state=draw(st.none() | st.sampled_from(BlockState)),
        candidate_meta=draw(st.none() | _CANDIDATE_METAS),
    )


@st.composite
def seeds(draw: st.DrawFn, names: st.SearchStrategy[str] = labels) -> SeedFile:
    state = draw(st.sampled_from(SkeletonState))
    ids = draw(st.lists(idents, max_size=4, unique=True))
    with_receipts = state is SkeletonState.RATIFIED
    return SeedFile(
        repo=Repo(repo_id=draw(idents), root=draw(st.just(".") | _PATHS), source_commit=draw(texts)),
        skeleton=Skeleton(
            skeleton_id=draw(idents),
            version=draw(counts),
            state=state,
            ratification=Ratification(
                method=draw(texts), ratifier=draw(texts), ratified_at=draw(texts), commit=draw(texts)
            ),
        ),
        blocks=[draw(system_blocks(block_id, ids, with_receipts, names)) for block_id in ids],
        unmapped_policy=UnmappedPolicy(visible=draw(st.booleans())),
    )


@st.composite
def stores(draw: st.DrawFn) -> Store:
    seed = draw(seeds(texts))
    revision = draw(st.none() | seeds(texts).filter(lambda s: s.skeleton.state is SkeletonState.CANDIDATE))
    return Store(
        store_version=draw(counts),
        repo=seed.repo,
        skeleton=seed.skeleton,
        blocks=seed.blocks,
        unmapped_policy=seed.unmapped_policy,
        unmapped_files=draw(st.lists(_PATHS, max_size=3)),
        unmapped_total=draw(st.none() | counts),
        candidate_revision=revision,
        curating_by=draw(optional_texts),
        curating_until=draw(optional_texts),
    )


@st.composite
def candidate_stores(draw: st.DrawFn, max_blocks: int = 5, max_files: int = 14) -> Store:
    """A scan-shaped candidate: every file is in the residue, primary in one block, or shared by 2-3."""
    n_blocks = draw(st.integers(1, max_blocks))
    ids = [f"sb_{i}" for i in range(n_blocks)]
    n_files = draw(st.integers(n_blocks, max_files))
    # Unique by index; one entry in six is a directory glob.
    files = [
        f"{_pick(draw, _DIRS)}/g{i}/**" if draw(st.integers(0, 5)) == 0 else f"{_pick(draw, _DIRS)}/f{i}.py"
        for i in range(n_files)
    ]
    claims: dict[str, list[tuple[str, MemberRole]]] = {b: [] for b in ids}
    residue: dict[str, list[str]] = {b: [] for b in ids}
    # One primary file per block first, so no block starts empty.
    for block_id, path in zip(ids, files, strict=False):
        claims[block_id].append((path, MemberRole.PRIMARY))
    for path in files[n_blocks:]:
        owners = list(dict.fromkeys(_pick(draw, ids) for _ in range(draw(st.integers(0, 3)))))
        if not owners:
            residue[_pick(draw, ids)].append(path)
        elif len(owners) == 1:
            roles = (MemberRole.PRIMARY, MemberRole.PRIMARY, MemberRole.TEST, MemberRole.DOCS)
            claims[owners[0]].append((path, _pick(draw, roles)))
        else:
            for owner in owners:
                claims[owner].append((path, MemberRole.SHARED))
    store_unmapped = [f"tools/u{i}.sh" for i in range(draw(st.integers(0, 2)))]
    blocks = []
    for block_id in ids:
        targets = [b for b in ids if b != block_id]
        links = list(dict.fromkeys(_pick(draw, targets) for _ in range(draw(st.integers(0, 2))))) if targets else []
        membership = [Member(path=p, role=r) for p, r in claims[block_id]]
        blocks.append(
            SystemBlock(
                block_id=block_id,
                name=f"Block {block_id}",
                purpose="",
                kind=BlockKind.SCANNED,
                state=BlockState.CANDIDATE,
                boundary_version=1,
                contract_version=1,
                membership_source=MembershipSource.PROPOSED,
                membership=membership,
                sockets=Sockets(
                    inputs=[Socket(to=t, type="imports") for t in links],
                    external=[Socket(class_="database")] if draw(st.booleans()) else [],
                ),
                unmapped_residue=residue[block_id],
                candidate_meta=CandidateMeta(
                    named_by=_pick(draw, (NamedBy.HEURISTIC, NamedBy.RUNNER)),
                    needs_owner_naming=draw(st.booleans()),
                    graph_cohesion=None if draw(st.booleans()) else draw(st.integers(0, 100)) / 100,
                    edge_sample_size=draw(st.integers(0, 500)),
                    directory_support=draw(st.integers(0, 100)) / 100,
                    coverage_ratio=draw(st.integers(0, 100)) / 100,
                    shared_member_count=sum(1 for m in membership if m.role is MemberRole.SHARED),
                ),
            )
        )
    return Store(
        store_version=draw(st.integers(1, 50)),
        repo=Repo(repo_id="repo_x", root=".", source_commit="abc123"),
        skeleton=Skeleton(skeleton_id="sk_repo_x", version=1, state=SkeletonState.CANDIDATE),
        blocks=blocks,
        unmapped_files=store_unmapped,
        unmapped_total=len(store_unmapped) + draw(st.integers(0, 3)) if store_unmapped else None,
    )
