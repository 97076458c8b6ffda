// The GraphQL documents the screen sends (see `coderooms schema`).

const BLOCK = `fragment B on Block {
  blockId name purpose state
  membership { path role }
  files(first: 0) { totalCount }
  seamPaths resolvedSeams unmappedResidue
  candidateMeta { namedBy needsOwnerNaming graphCohesion edgeSampleSize directorySupport coverageRatio sharedMemberCount }
}`;

const OUTCOMES = `... on VersionConflict { expected actual } ... on Refused { code message }`;

export const REPOS = `query Repos { repos { repoId storeVersion } }`;

export const MAP = `query Map($repo: ID!, $unmapped: Int!) {
  store(repoId: $repo) {
    storeVersion
    repo { repoId root sourceCommit }
    skeleton { version state ratification { ratifier ratifiedAt } }
    blocks { ...B }
    candidateRevision { skeleton { version state } blocks { ...B } }
  }
  zeroTouchStatus(repoId: $repo) { blockCount runnerNamed ownerNamed needsOwnerNaming unresolvedSeams readyToRatify line }
  lease(repoId: $repo) { curatingBy curatingUntil live }
  unmapped(repoId: $repo, first: $unmapped) { totalCount nodes pageInfo { hasNextPage endCursor } }
}
${BLOCK}`;

export const PULSE = `query Pulse($repo: ID!) {
  store(repoId: $repo) { storeVersion }
  lease(repoId: $repo) { curatingBy curatingUntil live }
}`;

export const UNMAPPED_PAGE = `query Unmapped($repo: ID!, $first: Int!, $after: String) {
  unmapped(repoId: $repo, first: $first, after: $after) { totalCount nodes pageInfo { hasNextPage endCursor } }
}`;

export const REVIEW_PAGE = `query Review($repo: ID!, $first: Int!, $after: String) {
  reviewQueue(repoId: $repo, first: $first, after: $after) {
    totalCount nodes { blockId } pageInfo { hasNextPage endCursor }
  }
}`;

// Optional parts of the contract: asked separately, so a server without them still shows the map.
export const RUNNERS = `query Runners($repo: ID!) { runners(role: NAMING, repoId: $repo) { runnerId pinned } }`;
export const MISSIONS = `query Missions($repo: ID!) {
  missions(repoId: $repo) { missionId state claimedBy openedAt deliveredStoreVersion summary }
}`;

export const SCAN = `mutation Scan($repo: ID!, $path: String!, $v: Int, $limit: Int!) {
  skeletonCandidate(input: {repoId: $repo, path: $path, expectedStoreVersion: $v, reviewLimit: $limit, naming: AUTO}) {
    __typename
    ... on CandidateWritten { outcome store { storeVersion } reviewQueue { totalCount } }
    ${OUTCOMES}
  }
}`;

export const EDIT = `mutation Edit($repo: ID!, $v: Int!, $batch: ID, $ops: [CandidateEditOp!]!) {
  candidateEdit(input: {repoId: $repo, expectedStoreVersion: $v, batchId: $batch, ops: $ops}) {
    __typename
    ... on EditApplied { storeVersion leaseWarning replayed }
    ... on EditRejected { opIndex code message }
    ${OUTCOMES}
  }
}`;

export const RATIFY = `mutation Ratify($repo: ID!, $v: Int!, $ids: [ID!]) {
  ratifyBlocks(input: {repoId: $repo, expectedStoreVersion: $v, blockIds: $ids}) {
    __typename
    ... on Ratified { store { storeVersion skeleton { version } } }
    ... on RatifyRejected { blocks { blockId reason message } }
    ${OUTCOMES}
  }
}`;

export const NAME_WITH_RUNNER = `mutation Name($repo: ID!, $v: Int!, $ids: [ID!]) {
  nameWithRunner(input: {repoId: $repo, expectedStoreVersion: $v, blockIds: $ids}) {
    __typename
    ... on RunnerNamed { storeVersion named { blockId } fallbacks { blockId reason } leaseWarning }
    ... on EditRejected { opIndex code message }
    ${OUTCOMES}
  }
}`;

export const SEND_TO_CURATION = `mutation Curate($repo: ID!, $note: String!) {
  sendToCuration(input: {repoId: $repo, note: $note}) {
    __typename
    ... on MissionOpened { mission { missionId state } }
    ... on Refused { code message }
  }
}`;

// The architecture picture: positions, sockets with edge counts, the edges behind one arrow, moving boxes.
export const PICTURE = `query Picture($repo: ID!) {
  store(repoId: $repo) {
    storeVersion
    blocks { blockId layout { x y locked stored } sockets { inputs { to type testOnly edgeCount } } }
  }
}`;

// A literal page (not a variable), so the cost budget prices the page the screen asks for.
export const SOCKET_EDGES = `query SocketEdges($repo: ID!, $from: ID!, $to: ID!) {
  block(repoId: $repo, blockId: $from) {
    socketEdges(to: $to, first: 50) { totalCount edges { source target kind weight callers used } }
  }
}`;

export const PLACE_BLOCKS = `mutation Place($repo: ID!, $positions: [BlockPosition!]!) {
  placeBlocks(input: {repoId: $repo, positions: $positions}) {
    __typename
    ... on BlocksPlaced { storeVersion blockIds }
    ... on Refused { code message }
  }
}`;

export const STORE_HEAD = `query StoreHead($repo: ID!) { store(repoId: $repo) { storeVersion skeleton { state version } } }`;
export const BLOCK_FILES = `query Files($repo: ID!, $block: ID!, $first: Int!, $after: String) {
  block(repoId: $repo, blockId: $block) {
    files(first: $first, after: $after) {
      totalCount nodes { path role entry language bytes edgesIn edgesOut community } pageInfo { hasNextPage endCursor }
    }
  }
}`;

const SCAN_JOB_FIELDS = `jobId state phase progress { done total } cancelRequested
  result { __typename ... on CandidateWritten { outcome store { storeVersion } reviewQueue { totalCount } }
  ... on VersionConflict { expected actual } ... on Refused { code message } }`;

export const START_SCAN = `mutation StartScan($repo: ID!, $path: String!, $v: Int, $limit: Int!) {
  startScan(input: {repoId: $repo, path: $path, expectedStoreVersion: $v, reviewLimit: $limit, naming: AUTO}) {
    __typename
    ... on ScanJob { ${SCAN_JOB_FIELDS} }
    ... on Refused { code message }
  }
}`;

export const SCAN_JOB = `query ScanJob($job: ID!) { scanJob(jobId: $job) { ${SCAN_JOB_FIELDS} } }`;

export const CANCEL_SCAN = `mutation CancelScan($job: ID!) {
  cancelScan(input: {jobId: $job}) {
    __typename
    ... on ScanJob { ${SCAN_JOB_FIELDS} }
    ... on Refused { code message }
  }
}`;
