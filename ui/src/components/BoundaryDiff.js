import { html } from "../html.js";

const SHOWN = 30;

function Paths({ paths, sign }) {
  return html`${paths.slice(0, SHOWN).map((p) => html`<li class=${sign === "+" ? "added" : "removed"}>${sign} <code>${p}</code></li>`)}
    ${paths.length > SHOWN && html`<li class="help">… and ${paths.length - SHOWN} more</li>`}`;
}

/** Members added / removed / re-roled between the ratified block and its counterpart in the revision. */
export function BoundaryDiff({ diff, note }) {
  if (!diff) return html`<p class="help">Against ${note}: every member would leave this block.</p>`;
  const { added, removed, changed } = diff;
  if (!added.length && !removed.length && !changed.length) return html`<p class="help">Against ${note}: no change.</p>`;
  return html`
    <p class="help">Against ${note}: +${added.length} −${removed.length}${changed.length ? ` ~${changed.length}` : ""}</p>
    <ul class="diff">
      <${Paths} paths=${added} sign="+" />
      <${Paths} paths=${removed} sign="−" />
      ${changed.map((c) => html`<li class="changed">~ <code>${c.path}</code> ${c.from.toLowerCase()} → ${c.to.toLowerCase()}</li>`)}
    </ul>`;
}
