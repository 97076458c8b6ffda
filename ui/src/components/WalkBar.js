import { html } from "../html.js";

/** Where the review walk is: "Review 1–16 of 43", previous / next page, done. */
export function WalkBar({ walk, limit, onGo, onDone }) {
  const first = walk.page * limit + 1;
  const last = walk.page * limit + walk.ids.length;
  return html`
    <nav class="walk-bar" aria-label="Review walk" data-testid="walk">
      <span>Review ${walk.ids.length ? `${first}–${last}` : "0"} of ${walk.total} · lowest support first</span>
      <button type="button" onClick=${() => onGo(walk.page - 1)} disabled=${walk.page === 0}>← Previous ${limit}</button>
      <button type="button" onClick=${() => onGo(walk.page + 1)} disabled=${!walk.hasNext}>Next ${limit} →</button>
      <button type="button" onClick=${onDone}>Done reviewing</button>
    </nav>`;
}
