import { html } from "../html.js";

/** The header: the repository picker, the zero-touch status line, scan and sign-out. */
export function Header({ repos, repoId, onPick, onScan, onSignOut, line, ready }) {
  return html`
    <header class="top">
      <h1 class="brand">Code Rooms</h1>
      ${repos.length > 0 && html`
        <label class="repo-pick">
          <span class="visually-hidden">Repository</span>
          <select value=${repoId ?? ""} onChange=${(e) => onPick(e.currentTarget.value)} aria-label="Repository">
            ${!repoId && html`<option value="">choose a repository</option>`}
            ${repos.map((r) => html`<option value=${r.repoId}>${r.repoId} (v${r.storeVersion})</option>`)}
          </select>
        </label>`}
      ${line && html`<p class=${`zero-touch ${ready ? "ready" : ""}`} data-testid="zero-touch" role="status">${line}</p>`}
      <div class="top-actions">
        <button type="button" onClick=${onScan}>Scan…</button>
        <button type="button" onClick=${onSignOut}>Sign out</button>
      </div>
    </header>`;
}
