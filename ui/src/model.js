// Pure readings of the store, as the screen shows them. No DOM, no fetch.

export const isGlob = (path) => /[*?[]/.test(path);

/** How well the evidence backs a block, 0–1, as the review queue sorts (rooms/review.py): the mean of its
 * components, a missing graph cohesion (too few edges to tell) counting as half — no evidence is not certainty. */
export function support(block) {
  const m = block.candidateMeta;
  if (!m) return 1;
  const cohesion = m.graphCohesion === null || m.graphCohesion === undefined ? 0.5 : m.graphCohesion;
  return (m.directorySupport + m.coverageRatio + cohesion) / 3;
}

export const pct = (x) => `${Math.round(x * 100)}%`;

export const needsYou = (block) => Boolean(block.candidateMeta?.needsOwnerNaming);

/** Provisional names first ("— needs you"), then lowest support, then id: the friction ordering. */
export function blockOrder(blocks) {
  return [...blocks].sort((a, b) =>
    Number(needsYou(b)) - Number(needsYou(a)) || support(a) - support(b) || a.blockId.localeCompare(b.blockId));
}

/** Unresolved seams: path -> ids of the blocks claiming it (claimed more than once, some claim shared that
 * its block has not kept by decision — resolveSeam "both" keeps a seam shared and lists it in resolvedSeams). */
export function unresolvedSeams(blocks) {
  const claims = new Map();
  for (const block of blocks) {
    const kept = new Set(block.resolvedSeams || []);
    for (const member of block.membership) {
      if (!claims.has(member.path)) claims.set(member.path, []);
      claims.get(member.path).push({ blockId: block.blockId, open: member.role === "SHARED" && !kept.has(member.path) });
    }
  }
  const seams = new Map();
  for (const [path, owners] of claims) {
    if (owners.length > 1 && owners.some((o) => o.open)) seams.set(path, owners.map((o) => o.blockId));
  }
  return seams;
}

export function seamsOf(block, seams) {
  return block.membership.filter((m) => seams.has(m.path)).map((m) => m.path);
}

/** A block's files (every file behind its members, globs expanded by the server when it has the code graph:
 * `files.totalCount`) and its directory globs. */
export function memberCounts(block) {
  const globs = block.membership.filter((m) => isGlob(m.path)).length;
  const exact = block.membership.length - globs;
  const total = block.files?.totalCount;
  // the globs were expanded when they added files (no code graph: the total is the exact members alone)
  const expanded = globs > 0 && total !== undefined && total !== null && total > exact;
  return { files: expanded ? total : exact, globs, expanded };
}

export function countLabel({ files, globs, expanded }) {
  const parts = [`${files} file${files === 1 ? "" : "s"}`];
  if (globs) parts.push(expanded ? `in ${globs} director${globs === 1 ? "y" : "ies"}` : `${globs} director${globs === 1 ? "y" : "ies"}`);
  return parts.join(expanded ? " " : " + ");
}

/**
 * How sure the map is of one member: a primary claim is certain, a shared one is contested (a seam),
 * other roles (test, docs, generated, external socket) belong by role.
 */
export function certainty(member, seams) {
  if (seams.has(member.path) || member.role === "SHARED") return "contested";
  if (member.role === "PRIMARY") return "certain";
  return "by-role";
}

export const CERTAINTY_LABEL = {
  certain: "certain: claimed by this block alone",
  contested: "contested: a seam shared with another block",
  "by-role": "belongs by role",
};

const NAMED_BY = { OWNER: "named by you", RUNNER: "named by the naming runner", HEURISTIC: "provisional heuristic label" };

export function provenance(block) {
  const m = block.candidateMeta;
  if (!m) return "hand-authored";
  return m.needsOwnerNaming ? `${NAMED_BY[m.namedBy]} — needs you` : NAMED_BY[m.namedBy];
}

/** The component scores, one per line, for a block's tooltip. */
export function scoreLines(block) {
  const m = block.candidateMeta;
  if (!m) return ["no candidate scores (hand-authored block)"];
  return [
    `support ${pct(support(block))} (mean of the components below)`,
    m.graphCohesion === null || m.graphCohesion === undefined
      ? `graph cohesion: not measured (${m.edgeSampleSize} edges, below the floor; counts as 50%)`
      : `graph cohesion ${pct(m.graphCohesion)} over ${m.edgeSampleSize} edges`,
    `directory support ${pct(m.directorySupport)}`,
    `coverage ${pct(m.coverageRatio)} of members have graph nodes`,
    `${m.sharedMemberCount} shared member${m.sharedMemberCount === 1 ? "" : "s"}`,
  ];
}

/** Members added, removed and re-roled between two membership lists. */
export function diffMembers(before, after) {
  const old = new Map(before.map((m) => [m.path, m.role]));
  const now = new Map(after.map((m) => [m.path, m.role]));
  return {
    added: after.filter((m) => !old.has(m.path)).map((m) => m.path),
    removed: before.filter((m) => !now.has(m.path)).map((m) => m.path),
    changed: after.filter((m) => old.has(m.path) && old.get(m.path) !== m.role)
      .map((m) => ({ path: m.path, from: old.get(m.path), to: m.role })),
  };
}

/** The ratified block a revision block stands for: same id, else the one sharing most members. */
export function counterpart(block, ratifiedBlocks) {
  const same = ratifiedBlocks.find((b) => b.blockId === block.blockId);
  if (same) return same;
  const mine = new Set(block.membership.map((m) => m.path));
  let best = null;
  let overlap = 0;
  for (const other of ratifiedBlocks) {
    const shared = other.membership.filter((m) => mine.has(m.path)).length;
    if (shared > overlap) [best, overlap] = [other, shared];
  }
  return best;
}

/**
 * The "by directory" split preset: members grouped by the first directory level where they differ.
 * A client-side convenience only: it yields explicit path groups, which is all the mutation ever carries.
 */
export function directoryGroups(members) {
  const paths = members.map((m) => m.path);
  const split = paths.map((p) => p.split("/"));
  let depth = 0;
  while (split.every((parts) => parts.length > depth + 1 && parts[depth] === split[0][depth])) depth += 1;
  const groups = new Map();
  split.forEach((parts, i) => {
    const key = parts.length > depth + 1 ? parts[depth] : "(files)";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(paths[i]);
  });
  return [...groups.values()];
}

/** The "by graph community" split preset: files grouped by the community the last scan found them in. */
export function communityGroups(files) {
  const groups = new Map();
  for (const f of files) {
    const key = f.community ?? "none";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(f.path);
  }
  return [...groups.values()];
}

/** What a split chooses among: the files behind the block, plus each member no listed file stands for (a glob
 * without a code graph, whose files are unknown, is split as one item; so is everything if the list failed). */
export function splitItems(block, files) {
  const listed = new Set(files.flatMap((f) => [f.path, f.entry]));
  const rest = block.membership.filter((m) => !listed.has(m.path)).map((m) => ({ path: m.path, entry: m.path, community: null }));
  return [...files, ...rest];
}

/** The split's path groups: a glob whose files all land in one group is sent as the glob itself. */
export function splitPayload(block, items, groups) {
  const entryOf = new Map(items.map((f) => [f.path, f.entry]));
  const whole = new Map(); // glob -> the group holding all its files, or -1 when they are spread
  groups.forEach((g, n) => g.forEach((p) => {
    const entry = entryOf.get(p);
    if (entry === p || !isGlob(entry)) return;
    whole.set(entry, whole.has(entry) && whole.get(entry) !== n ? -1 : n);
  }));
  // A glob with another entry of the block under it is never sent whole: on the server it would select both.
  const nested = (glob) => block.membership.some((m) => m.path !== glob && m.path.startsWith(glob.slice(0, -2)));
  for (const glob of [...whole.keys()]) if (nested(glob)) whole.set(glob, -1);
  const counted = new Map();
  items.forEach((f) => { if (f.entry !== f.path) counted.set(f.entry, (counted.get(f.entry) ?? 0) + 1); });
  return groups.map((g, n) => {
    const out = [];
    for (const p of g) {
      const entry = entryOf.get(p);
      const inOne = entry !== p && whole.get(entry) === n && g.filter((q) => entryOf.get(q) === entry).length === counted.get(entry);
      const path = inOne ? entry : p;
      if (!out.includes(path)) out.push(path);
    }
    return out;
  });
}

const NAME_TIER = { OWNER: 2, RUNNER: 1, HEURISTIC: 0 };

/** The name a merge gives the survivor (the server decides, rooms/edit/merge.py): a person's or runner's name
 * beats a heuristic one, then the block with more members (the server counts a glob's files), then the survivor. */
export function mergedName(parts) {
  const rank = (b) => [b.candidateMeta ? NAME_TIER[b.candidateMeta.namedBy] : 2, b.membership.length];
  let best = parts[0];
  for (const part of parts.slice(1)) {
    const [t, n] = rank(part);
    const [bt, bn] = rank(best);
    if (t > bt || (t === bt && n > bn)) best = part;
  }
  return best.name;
}
