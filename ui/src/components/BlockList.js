import { useState } from "preact/hooks";
import { html } from "../html.js";
import * as ops from "../ops.js";
import { countLabel, memberCounts, needsYou, pct, scoreLines, seamsOf, support } from "../model.js";
import { InlineName } from "./InlineName.js";
import { MemberItem } from "./Members.js";

function Scores({ block }) {
  const lines = scoreLines(block);
  return html`
    <span class="chip" tabindex="0" aria-describedby=${`tip-${block.blockId}`} data-testid="confidence">
      confidence ${pct(support(block))}
      <span class="tooltip" role="tooltip" id=${`tip-${block.blockId}`}>${lines.map((line) => html`<span>${line}</span>`)}</span>
    </span>`;
}

function BlockRow({ block, seams, candidate: mapCandidate, selected, checked, editable: mapEditable, onSelect, onCheck, onEdit }) {
  const [open, setOpen] = useState(false);
  // "Ratify selected only" signs some blocks of a candidate: those read as settled, the rest stay editable.
  const signed = mapCandidate && block.state === "RATIFIED";
  const candidate = mapCandidate && !signed;
  const editable = mapEditable && !signed;
  const mySeams = seamsOf(block, seams);
  return html`
    <li class=${`block ${candidate ? "candidate" : "settled"} ${selected ? "selected" : ""} ${needsYou(block) ? "needs-you" : ""}`}
      data-block-id=${block.blockId} data-testid="block">
      <input type="checkbox" checked=${checked} onChange=${(e) => onCheck(e.currentTarget.checked)}
        aria-label=${`Select ${block.name}`} disabled=${signed} />
      <div class="block-body">
        <div class="title-line">
          <${InlineName} block=${block} editable=${editable} onSelect=${onSelect}
            onRename=${(name) => onEdit(ops.rename(block, name))} />
          ${signed && html`<span class="chip signed" data-testid="block-ratified">ratified</span>`}
          ${editable && needsYou(block) && html`
            <button type="button" class="small" onClick=${() => onEdit(ops.rename(block, block.name))}
              aria-label=${`Accept the name ${block.name}`}>Accept</button>`}
        </div>
        <div class="meta-line">
          <span>${countLabel(memberCounts(block))}</span>
          <${Scores} block=${block} />
          ${mySeams.length > 0 && html`<span class="seam-flag" title=${mySeams.join("\n")}>⚑ ${mySeams.length} seam${mySeams.length === 1 ? "" : "s"}</span>`}
          <button type="button" class="link" aria-expanded=${open} onClick=${() => setOpen(!open)}>
            ${open ? "Hide" : "Show"} members
          </button>
          <button type="button" class="link" onClick=${onSelect} aria-pressed=${selected}>Open</button>
        </div>
        ${open && html`<ul class="members">${block.membership.map((m) => html`<${MemberItem} member=${m} seams=${seams} />`)}</ul>`}
      </div>
    </li>`;
}

/** The block list (left column). */
export function BlockList({ blocks, seams, candidate, editable, selectedId, checked, onSelect, onCheck, onEdit, heading }) {
  return html`
    <section class="block-list" aria-labelledby="blocks-title">
      <h2 id="blocks-title">${heading}</h2>
      <ul>
        ${blocks.map((block) => html`
          <${BlockRow} key=${block.blockId} block=${block} seams=${seams} candidate=${candidate}
            selected=${block.blockId === selectedId} checked=${checked.has(block.blockId)} editable=${editable}
            onSelect=${() => onSelect(block.blockId)} onCheck=${(on) => onCheck(block.blockId, on)} onEdit=${onEdit} />`)}
      </ul>
    </section>`;
}
