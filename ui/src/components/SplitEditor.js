import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as ops from "../ops.js";
import { communityGroups, directoryGroups, splitItems, splitPayload } from "../model.js";

const LEAVE_OUT = -1;

/**
 * Split by explicit path groups (F11 o3). The items are the files behind the block (globs expanded by the
 * server), plus any glob entry no listed file is behind. Presets (by subdirectory, by graph community) fill
 * the groups on the client and are previewed below; checked items can be put in a group by hand. "Apply split"
 * sends ONE split op carrying the groups as explicit paths (a glob whose files all land in one group is sent as
 * the glob itself).
 */
export function SplitEditor({ block, files, busy, onApply }) {
  // Every file must be listed before a split is sent (the groups are the whole block): fetch the other pages.
  const loaded = Boolean(files.error) || (files.total !== null && !files.more);
  useEffect(() => { if (files.more) files.loadAll(); }, [files.total, files.more]);
  const items = splitItems(block, files.nodes);
  const paths = items.map((f) => f.path);
  const [count, setCount] = useState(2);
  const [groupOf, setGroupOf] = useState({});
  const [checked, setChecked] = useState(new Set());
  const [restToResidue, setRest] = useState(false);
  const group = (p) => groupOf[p] ?? 0;

  const preset = (groups) => {
    const next = {};
    groups.forEach((g, n) => g.forEach((p) => { next[p] = n; }));
    setCount(Math.max(groups.length, 2));
    setGroupOf(next);
  };
  const put = (event) => {
    const target = Number(event.currentTarget.value);
    event.currentTarget.value = "";
    if (Number.isNaN(target) || !checked.size) return;
    const next = { ...groupOf };
    checked.forEach((p) => { next[p] = target; });
    setGroupOf(next);
    setChecked(new Set());
  };
  const check = (p, on) => {
    const next = new Set(checked);
    if (on) next.add(p); else next.delete(p);
    setChecked(next);
  };
  const groups = Array.from({ length: count }, (_, g) => paths.filter((p) => group(p) === g)).filter((g) => g.length);
  const leftOut = paths.filter((p) => group(p) === LEAVE_OUT);
  const valid = loaded && groups.length >= 2 && (!leftOut.length || restToResidue);
  const hasCommunities = items.some((f) => f.community !== null && f.community !== undefined);

  return html`
    <div class="editor split" data-testid="split-editor">
      <p class="help">Put each file in a group; each group becomes a block. ${!loaded && "Listing every file…"}</p>
      <div class="row">
        <button type="button" onClick=${() => preset(directoryGroups(items))}>Preset: by subdirectory</button>
        <button type="button" disabled=${!hasCommunities} onClick=${() => preset(communityGroups(items))}
          title=${hasCommunities ? "" : "no code-graph communities for these files"}>Preset: by graph community</button>
        <button type="button" onClick=${() => setCount(count + 1)}>Add a group</button>
      </div>
      <div class="row">
        <label>${checked.size} picked:
          <select class="small" value="" disabled=${!checked.size} onChange=${put} aria-label="Put the picked items in a group">
            <option value="">put in ▾</option>
            ${Array.from({ length: count }, (_, g) => html`<option value=${String(g)}>group ${g + 1}</option>`)}
            <option value=${String(LEAVE_OUT)}>leave out</option>
          </select></label>
      </div>
      <ul class="split-members">
        ${items.map((f) => html`
          <li key=${f.path}><input type="checkbox" checked=${checked.has(f.path)} aria-label=${`Pick ${f.path}`}
              onChange=${(e) => check(f.path, e.currentTarget.checked)} />
            <code>${f.path}</code>
            <span class="tag" data-testid="split-tag">${group(f.path) === LEAVE_OUT ? "left out" : `group ${group(f.path) + 1}`}</span></li>`)}
      </ul>
      <ol class="split-preview" aria-label="Split preview">
        ${groups.map((g, n) => html`<li data-testid="split-group">group ${n + 1}: ${g.length} item${g.length === 1 ? "" : "s"}
          — <span class="paths">${g.slice(0, 4).join(", ")}${g.length > 4 ? ` and ${g.length - 4} more` : ""}</span></li>`)}
      </ol>
      ${leftOut.length > 0 && html`
        <label><input type="checkbox" checked=${restToResidue} onChange=${(e) => setRest(e.currentTarget.checked)} />
          send the ${leftOut.length} left-out item(s) to the unmapped tray</label>`}
      <button type="button" class="primary" disabled=${busy || !valid}
        onClick=${() => onApply(ops.split(block, splitPayload(block, items, groups), restToResidue))}>
        Apply split into ${groups.length} blocks
      </button>
    </div>`;
}


