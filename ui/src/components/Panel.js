import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as ops from "../ops.js";
import { counterpart, diffMembers, needsYou, provenance, scoreLines, seamsOf } from "../model.js";
import { BoundaryDiff } from "./BoundaryDiff.js";
import { FileList, useFiles } from "./Files.js";
import { MergePicker } from "./MergePicker.js";
import { Legend, MemberItem } from "./Members.js";
import { SplitEditor } from "./SplitEditor.js";

function SeamChoice({ path, owners, byId, onEdit, editable }) {
  const name = `seam-${path}`;
  const choose = (primary) => onEdit(ops.resolveSeam(path, primary));
  return html`
    <fieldset class="seam" data-testid="seam">
      <legend><code>${path}</code></legend>
      ${owners.map((id) => html`
        <label><input type="radio" name=${name} disabled=${!editable} onChange=${() => choose(byId.get(id))} />
          primary in ${byId.get(id)?.name ?? id}</label>`)}
      <label><input type="radio" name=${name} disabled=${!editable} onChange=${() => choose(null)} /> keep on both</label>
    </fieldset>`;
}

/** Move the checked members to another block: ONE batch of moveMember ops (one select for the whole list). */
function MoveChecked({ picked, block, blocks, onEdit }) {
  const move = (event) => {
    const to = blocks.find((b) => b.blockId === event.currentTarget.value);
    event.currentTarget.value = "";
    if (to && picked.length) onEdit(ops.moveMembers(picked, block, to));
  };
  return html`
    <label class="move-checked">${picked.length} checked:
      <select class="small" value="" disabled=${!picked.length} onChange=${move} aria-label="Move the checked members to another block">
        <option value="">move to ▾</option>
        ${blocks.filter((b) => b.blockId !== block.blockId && b.state !== "RATIFIED").map((b) => html`<option value=${b.blockId}>${b.name}</option>`)}
      </select>
    </label>`;
}

/** The selected block (right column): name & purpose, scores, boundary diff, seams, members, Split / Merge / Reset. */
export function Panel({ block, blocks, seams, store, editable: mapEditable, checked, onEdit, busy, onNameWithRunner, call, repoId }) {
  // A block signed by "Ratify selected only" stays signed while the rest of the candidate is edited.
  const ratified = block.state === "RATIFIED";
  const editable = mapEditable && !ratified;
  const [name, setName] = useState(block.name);
  const [purpose, setPurpose] = useState(block.purpose);
  const [mode, setMode] = useState(null); // null | "split" | "merge"
  const [picked, setPicked] = useState(new Set()); // members checked for a move
  const reset = () => { setName(block.name); setPurpose(block.purpose); setMode(null); setPicked(new Set()); };
  const pick = (path, on) => {
    const next = new Set(picked);
    if (on) next.add(path); else next.delete(path);
    setPicked(next);
  };
  const movable = editable && blocks.some((b) => b.blockId !== block.blockId && b.state !== "RATIFIED");
  const files = useFiles(call, repoId, block.blockId, store.storeVersion);
  useEffect(reset, [block.blockId, block.name, block.purpose, store.storeVersion]);
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
  const mySeams = seamsOf(block, seams);
  const dirty = name !== block.name || purpose !== block.purpose || mode !== null || picked.size > 0;
  const apply = async (gesture) => { if (await onEdit(gesture)) setMode(null); };
  const revision = store.candidateRevision;
  const before = revision ? block : null;
  const after = revision ? counterpart(block, revision.blocks) : null;

  return html`
    <section class="panel" aria-labelledby="panel-title" data-testid="panel">
      <h2 id="panel-title">${block.name}</h2>
      <p class="provenance">${provenance(block)} · <code>${block.blockId}</code></p>
      ${ratified && mapEditable !== undefined && store.skeleton.state === "CANDIDATE" && html`
        <p class="signed" data-testid="block-signed">Ratified — signed; the rest of the candidate stays editable.</p>`}
      <form class="labels" onSubmit=${(e) => { e.preventDefault(); apply(ops.rename(block, name.trim(), purpose.trim())); }}>
        <label for="panel-name">Name</label>
        <input id="panel-name" value=${name} maxlength="40" disabled=${!editable} onInput=${(e) => setName(e.currentTarget.value)} />
        <label for="panel-purpose">Purpose</label>
        <textarea id="panel-purpose" rows="2" maxlength="120" disabled=${!editable}
          value=${purpose} onInput=${(e) => setPurpose(e.currentTarget.value.replace(/\n/g, " "))}></textarea>
        ${editable && html`<button type="submit" class="primary" disabled=${busy || !name.trim()}>Save name & purpose</button>`}
      </form>
      <details class="scores"><summary>Why this block (component scores)</summary>
        <ul>${scoreLines(block).map((line) => html`<li>${line}</li>`)}</ul></details>

      <h3>Boundary diff against the ratified revision</h3>
      ${revision
        ? html`<${BoundaryDiff} diff=${after ? diffMembers(before.membership, after.membership) : null}
            note=${after ? `the rescan's ${after.name}` : "the rescan has no block for it"} />`
        : store.skeleton.state === "CANDIDATE"
          ? html`<p class="help">Nothing ratified yet: all ${block.membership.length} members are new in v${store.skeleton.version}.</p>`
          : html`<p class="help">No pending revision: the boundary is the ratified one.</p>`}

      ${mySeams.length > 0 && html`
        <h3>Seams</h3>
        <p class="help">Shared with another block: choose where each belongs (one click applies it).</p>
        ${mySeams.map((path) => html`<${SeamChoice} key=${`${path}@${store.storeVersion}`} path=${path} owners=${seams.get(path)} byId=${byId}
          onEdit=${apply} editable=${editable && !busy} />`)}`}

      ${editable && html`
        <div class="row actions">
          <button type="button" onClick=${() => setMode(mode === "split" ? null : "split")} aria-pressed=${mode === "split"}
            disabled=${block.membership.length < 2 && (files.total ?? 0) < 2}>Split</button>
          <button type="button" onClick=${() => setMode(mode === "merge" ? null : "merge")} aria-pressed=${mode === "merge"}
            disabled=${blocks.length < 2}>Merge</button>
          <button type="button" onClick=${reset} disabled=${!dirty} title="Revert the edits not yet applied">Reset</button>
          ${onNameWithRunner && needsYou(block) && html`
            <button type="button" onClick=${() => onNameWithRunner([block.blockId])} disabled=${busy}>Name this block with runner</button>`}
        </div>`}
      ${mode === "split" && html`<${SplitEditor} block=${block} files=${files} busy=${busy} onApply=${apply} />`}
      ${mode === "merge" && html`<${MergePicker} block=${block} blocks=${blocks} checked=${checked} busy=${busy} onApply=${apply} />`}

      <h3>Members (${block.membership.length})</h3>
      <${Legend} />
      ${movable && html`<${MoveChecked} picked=${[...picked]} block=${block} blocks=${blocks} onEdit=${apply} />`}
      <ul class="members">
        ${block.membership.map((m) => html`
          <${MemberItem} key=${m.path} member=${m} seams=${seams}>
            ${movable && html`<input type="checkbox" class="pick" checked=${picked.has(m.path)} aria-label=${`Check ${m.path}`}
              onChange=${(e) => pick(m.path, e.currentTarget.checked)} />`}
          <//>`)}
      </ul>
      <h3>Files (${files.total ?? "…"})</h3>
      <p class="help">Every file behind the members above, globs expanded; check files to move them out of a glob.</p>
      <${FileList} files=${files} picked=${picked} onPick=${pick} movable=${movable} />
    </section>`;
}
