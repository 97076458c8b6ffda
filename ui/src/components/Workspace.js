import { useCallback, useEffect, useState } from "preact/hooks";
import { AuthError, gql } from "../client.js";
import * as doc from "../documents.js";
import { html } from "../html.js";
import { Header } from "./Header.js";
import { useRoute } from "../route.js";
import { MapScreen } from "./MapScreen.js";
import { ScanForm } from "./ScanForm.js";

const REPO_KEY = "coderooms.repo";
const LIMIT_KEY = "coderooms.reviewLimit";

/** Signed in: pick a repository (or scan one), then its map. */
export function Workspace({ token, onSignOut }) {
  const [repos, setRepos] = useState(null);
  const [error, setError] = useState(null);
  const [route, navigate] = useRoute();
  const repoId = route.repo ?? sessionStorage.getItem(REPO_KEY);
  const [scanning, setScanning] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [reviewLimit, setReviewLimit] = useState(() => Number(sessionStorage.getItem(LIMIT_KEY)) || 16);

  const call = useCallback(async (query, variables, label) => {
    try {
      return await gql(token, query, variables, label);
    } catch (e) {
      if (e instanceof AuthError) onSignOut("The server refused the token; sign in again.", token);
      throw e;
    }
  }, [token, onSignOut]);

  const loadRepos = useCallback(async () => {
    try {
      const list = (await call(doc.REPOS, {}, "repos")).repos;
      setRepos(list);
      setError(null);
      return list;
    } catch (e) {
      setError(e.message);
      return null;
    }
  }, [call]);
  useEffect(() => { loadRepos(); }, [loadRepos]);

  const pick = (id) => {
    sessionStorage.setItem(REPO_KEY, id);
    navigate({ repo: id });
    setScanning(false);
  };
  const current = repoId || repos?.[0]?.repoId;
  // The address always names the repository on screen, so a link copied from it opens the same one.
  useEffect(() => { if (current && !route.repo) navigate({ repo: current }, { replace: true }); }, [current, route.repo]);
  const selectBlock = useCallback((blockId) => navigate({ repo: current, block: blockId }), [navigate, current]);
  const scanned = async (id, limit) => {
    sessionStorage.setItem(LIMIT_KEY, String(limit));
    setReviewLimit(limit);
    await loadRepos();
    setGeneration(generation + 1);
    pick(id);
  };

  const scanForm = (current, mapped) => html`
    <main class="empty">
      <${ScanForm} call=${call} repos=${repos ?? []} onScanned=${scanned}
        onCancel=${mapped ? () => setScanning(false) : null} currentRepo=${current} rescanning=${mapped} />
    </main>`;
  const header = (current) => html`<${Header} repos=${repos ?? []} repoId=${current} onPick=${pick}
    onScan=${() => setScanning(true)} onSignOut=${() => onSignOut(null)} />`;

  // A repository named in the link (or kept from before) opens at once, while the list loads beside it;
  // one with no map yet is the empty state for it.
  if (!current) {
    if (repos === null) {
      return html`<main class="loading"><p>${error ? `Could not reach the server: ${error}` : "Loading…"}</p></main>`;
    }
    return html`${header(null)}${scanForm(null, false)}`;
  }
  if (scanning) return html`${header(current)}${scanForm(current, true)}`;
  return html`<${MapScreen} key=${`${current}:${generation}`} token=${token} repoId=${current} repos=${repos ?? []}
    reviewLimit=${reviewLimit} blockId=${route.block} onSelectBlock=${selectBlock} onPick=${pick} onScan=${() => setScanning(true)} onSignOut=${onSignOut} call=${call}
    emptyState=${() => scanForm(current, false)} />`;
}
