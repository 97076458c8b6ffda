import { useState } from "preact/hooks";
import { html } from "../html.js";
import * as ops from "../ops.js";
import { directoryGroups } from "../model.js";

/**
 * Split by explicit path groups: each member is put in a group (or left out); "by directory" is a preset that
 * fills the groups on the client. "Apply split" sends ONE split op carrying the groups as exact member paths.
 */
export function SplitEditor({ block, busy, onApply }) {
  const paths = block.membership.map((m) => m.path);
  const [count, setCount] = useState(2);
  const [groupOf, setGroupOf] = useState(() => Object.fromEntries(paths.map((p) => [p, 0])));
  const [restToResidue, setRest] = useState(false);

  const preset = () => {
    const groups = directoryGroups(block.membership);
    const next = {};
    groups.forEach((group, g) => group.forEach((p) => { next[p] = g; }));
    setCount(Math.max(groups.length, 2));
    setGroupOf(next);
  };
  const groups = Array.from({ length: count }, (_, g) => paths.filter((p) => groupOf[p] === g)).filter((g) => g.length);
  const leftOut = paths.filter((p) => groupOf[p] === -1);
  const valid = groups.length >= 2 && (!leftOut.length || restToResidue);

  return html`
    <div class="editor split" data-testid="split-editor">
      <p class="help">Put each member in a group; each group becomes a block.</p>
      <div class="row">
        <button type="button" onClick=${preset}>Preset: by directory</button>
        <button type="button" onClick=${() => setCount(count + 1)}>Add a group</button>
      </div>
      <ul class="split-members">
        ${paths.map((p) => html`
          <li><code>${p}</code>
            <select aria-label=${`Group for ${p}`} value=${String(groupOf[p])}
              onChange=${(e) => setGroupOf({ ...groupOf, [p]: Number(e.currentTarget.value) })}>
              ${Array.from({ length: count }, (_, g) => html`<option value=${String(g)}>group ${g + 1}</option>`)}
              <option value="-1">leave out</option>
            </select></li>`)}
      </ul>
      ${leftOut.length > 0 && html`
        <label><input type="checkbox" checked=${restToResidue} onChange=${(e) => setRest(e.currentTarget.checked)} />
          send the ${leftOut.length} left-out member(s) to the unmapped tray</label>`}
      <button type="button" class="primary" disabled=${busy || !valid}
        onClick=${() => onApply(ops.split(block, groups, restToResidue))}>
        Apply split into ${groups.length} blocks
      </button>
    </div>`;
}
