import { useState } from "preact/hooks";
import { html } from "../html.js";
import { mergedName } from "../model.js";
import * as ops from "../ops.js";

/** Merge: pick the blocks to absorb into this one (the list's checked blocks come pre-picked); ONE merge op. */
export function MergePicker({ block, blocks, checked, busy, onApply }) {
  const others = blocks.filter((b) => b.blockId !== block.blockId && b.state !== "RATIFIED");
  const [picked, setPicked] = useState(() => new Set(others.filter((b) => checked.has(b.blockId)).map((b) => b.blockId)));
  const toggle = (id, on) => {
    const next = new Set(picked);
    if (on) next.add(id); else next.delete(id);
    setPicked(next);
  };
  const absorbed = others.filter((b) => picked.has(b.blockId));
  return html`
    <fieldset class="editor merge" data-testid="merge-picker">
      <legend>Merge into ${block.name}</legend>
      ${others.map((b) => html`
        <label><input type="checkbox" checked=${picked.has(b.blockId)} onChange=${(e) => toggle(b.blockId, e.currentTarget.checked)} />
          ${b.name}</label>`)}
      ${absorbed.length > 0 && html`<p class="help" data-testid="merge-preview">
        The merged block takes the better name, <strong>${mergedName([block, ...absorbed])}</strong>, and a purpose
        written from all of theirs — marked to accept (or rename) before ratifying.</p>`}
      <button type="button" class="primary" disabled=${busy || !absorbed.length} onClick=${() => onApply(ops.merge(block, absorbed))}>
        Merge ${absorbed.length} block${absorbed.length === 1 ? "" : "s"} into ${block.name}
      </button>
    </fieldset>`;
}
