import { html } from "../html.js";

/**
 * The ratify bar. After "Ratify selected only" it says how many blocks are signed and how many are still an
 * editable candidate, and "Ratify N blocks" signs the rest (the last ratification signs the map).
 * "Ratify N blocks → vK" appears ONLY when every block has an accepted name and no seam is
 * unresolved (F0c §5); otherwise the status says what is missing and offers the review walk.
 */
export function Footer({ zero, version, checkedCount, signedCount = 0, later, onRatifyAll, onRatifySelected, onLater, onReview, busy }) {
  if (later) {
    return html`<footer class="ratify-bar later"><button type="button" onClick=${onLater}>Ratify…</button></footer>`;
  }
  return html`
    <footer class="ratify-bar" aria-label="Ratify">
      ${signedCount > 0 && html`<span class="signed-count" data-testid="signed-count">
        ${signedCount} ratified · ${zero.blockCount} still candidate</span>`}
      ${zero.readyToRatify
        ? html`<button type="button" class="primary big" onClick=${onRatifyAll} disabled=${busy}>
            Ratify ${zero.blockCount} blocks → v${version}</button>`
        : html`<span class="pending">${zero.line}</span>
            <button type="button" onClick=${onReview}>Review & ratify</button>`}
      <button type="button" onClick=${onRatifySelected} disabled=${busy || checkedCount === 0}>
        Ratify selected only${checkedCount ? ` (${checkedCount})` : ""}</button>
      <button type="button" onClick=${onLater}>Later</button>
    </footer>`;
}
