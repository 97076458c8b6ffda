import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as doc from "../documents.js";
import { ScanProgress } from "./ScanProgress.js";

function defaultRepoId(path) {
  const last = path.replace(/\/+$/, "").split("/").pop();
  return last && last !== "." ? last.replace(/[^A-Za-z0-9._:-]/g, "-") : "repo";
}

/** What scanning into an existing repository does, by the state of its skeleton (F0c §1). */
function replacing(id, head) {
  if (!head) return `“${id}” already has a map. Checking what a scan would do to it…`;
  const v = head.storeVersion;
  return head.skeleton.state === "RATIFIED"
    ? `“${id}” already has a ratified map (v${v}). Scanning writes a candidate revision beside it; the ratified `
      + "map stays until you ratify the revision."
    : `“${id}” already has a candidate map (v${v}). Scanning replaces it: its names, merges and splits are lost.`;
}

/**
 * "Scan this repo": a directory inside the server's scan roots (relative paths start at the first root; "." is
 * the root itself) -> skeletonCandidate (naming AUTO). The repository id defaults to one derived from the
 * folder, never to the repository on screen; scanning into one that already has a map says what it will do
 * (replace the candidate, or write a revision beside the ratified map) and waits for a confirmation.
 */
export function ScanForm({ call, repos, onScanned, onCancel, currentRepo, rescanning }) {
  const [path, setPath] = useState("");
  const [repoId, setRepoId] = useState(rescanning ? "" : (currentRepo ?? ""));
  const [limit, setLimit] = useState(16);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [job, setJob] = useState(null);
  const [confirmed, setConfirmed] = useState(null); // the id the owner agreed to rescan
  const [head, setHead] = useState(null); // { id, store } of the existing repository
  const id = repoId.trim() || defaultRepoId(path);
  const known = repos.find((r) => r.repoId === id);
  const ok = !known || confirmed === id;

  useEffect(() => {
    if (!known) return undefined;
    let live = true;
    call(doc.STORE_HEAD, { repo: id }, "store-head")
      .then((data) => { if (live) setHead({ id, store: data.store }); })
      .catch(() => {});
    return () => { live = false; };
  }, [call, id, Boolean(known)]);

  const submit = async (event) => {
    event.preventDefault();
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      const data = await call(doc.START_SCAN, { repo: id, path, v: known ? known.storeVersion : null,
        limit: Number(limit) }, "scan");
      const started = data.startScan;
      if (started.__typename === "ScanJob") return setJob({ ...started, repoId: id, limit: Number(limit) });
      settle(started, id, Number(limit));
    } catch (e) {
      setError(e.message);
    }
    setBusy(false);
  };

  // What the scan answered (skeletonCandidate's union), once its job has ended.
  const settle = (result, repo, pageSize) => {
    if (result.__typename === "CandidateWritten") return onScanned(repo, pageSize);
    if (result.__typename === "VersionConflict") setError(`The map of ${repo} moved on (v${result.actual}); try again.`);
    else if (result.code === "SCAN_CANCELLED") setError("Scan cancelled: the map and the code graph are as they were.");
    else setError(`${result.message} (${result.code})`);
  };
  const ended = (finished, message) => {
    const { repoId: repo, limit: pageSize } = job;
    setJob(null);
    setBusy(false);
    if (finished) settle(finished.result, repo, pageSize);
    else setError(message);
  };

  return html`
    <section class="scan" aria-labelledby="scan-title">
      <h2 id="scan-title">${rescanning ? "Scan a repository" : `No map yet${currentRepo ? ` for ${currentRepo}` : ""}`}</h2>
      <p class="help">
        The scan reads the repository, clusters its code graph and proposes a candidate map. Nothing is final until you
        ratify it.
      </p>
      <form onSubmit=${submit}>
        <label for="scan-path">Directory (inside the server's scan roots; <code>.</code> is the first root)</label>
        <input id="scan-path" value=${path} onInput=${(e) => setPath(e.currentTarget.value)} required spellcheck="false"
          placeholder="path/to/repository" />
        <label for="scan-repo">Repository id</label>
        <input id="scan-repo" value=${repoId} placeholder=${path ? defaultRepoId(path) : "derived from the folder"}
          onInput=${(e) => setRepoId(e.currentTarget.value)} spellcheck="false" />
        <label for="scan-limit">Review page size</label>
        <input id="scan-limit" type="number" min="1" max="200" value=${limit} onInput=${(e) => setLimit(e.currentTarget.value)} />
        ${known && html`
          <div class="notice warn" data-testid="scan-replaces" role="status">
            <p>${replacing(id, head && head.id === id ? head.store : null)}</p>
            <label><input type="checkbox" checked=${confirmed === id}
              onChange=${(e) => setConfirmed(e.currentTarget.checked ? id : null)} /> Yes, scan into “${id}”</label>
          </div>`}
        <div class="row">
          <button type="submit" class="primary" disabled=${busy || !ok}>
            ${busy ? "Scanning…" : known ? `Rescan ${id}` : "Scan this repo"}</button>
          ${onCancel && html`<button type="button" onClick=${onCancel}>Cancel</button>`}
        </div>
      </form>
      ${job && html`<${ScanProgress} call=${call} job=${job} onEnd=${ended} />`}
      ${error && html`<p class="notice error" role="alert">${error}</p>`}
    </section>`;
}
