// Gestures compile to candidateEdit operations: one gesture, one batch (F11 §4b).
// A gesture is { label, ops }: the label is what the owner sees if it has to be kept after a conflict.

const op = (kind, body) => ({ [kind]: body });

export function rename(block, name, purpose) {
  const body = { blockId: block.blockId, name };
  if (purpose !== undefined && purpose !== null) body.purpose = purpose;
  const what = name === block.name && purpose === undefined ? `Accept the name "${name}"` : `Name "${name}"`;
  return { label: `${what} for ${block.blockId}`, ops: [op("rename", body)] };
}

export function merge(into, absorbed) {
  return {
    label: `Merge ${absorbed.map((b) => `"${b.name}"`).join(", ")} into "${into.name}"`,
    ops: [op("merge", { into: into.blockId, blockIds: absorbed.map((b) => b.blockId) })],
  };
}

export function split(block, groups, restToResidue) {
  return {
    label: `Split "${block.name}" into ${groups.length} blocks`,
    ops: [op("split", { blockId: block.blockId, paths: groups, restToResidue })],
  };
}

export function moveMembers(paths, from, to) {
  const what = paths.length === 1 ? paths[0] : `${paths.length} members`;
  return { label: `Move ${what} from "${from.name}" to "${to.name}"`,
    ops: paths.map((path) => op("moveMember", { path, from: from.blockId, to: to.blockId })) };
}

export function resolveSeam(path, primary) {
  return primary
    ? { label: `Resolve the seam ${path}: primary in "${primary.name}"`,
        ops: [op("resolveSeam", { path, resolution: `primary:${primary.blockId}` })] }
    : { label: `Resolve the seam ${path}: keep it on both blocks`, ops: [op("resolveSeam", { path, resolution: "both" })] };
}

export function assignUnmapped(path, block) {
  return { label: `Assign ${path} to "${block.name}"`, ops: [op("assignUnmapped", { path, blockId: block.blockId })] };
}
