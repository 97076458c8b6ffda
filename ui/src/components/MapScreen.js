import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { metrics } from "../client.js";
import * as doc from "../documents.js";
import { html } from "../html.js";
import { blockOrder, unresolvedSeams } from "../model.js";
import { useMap } from "../state.js";
import {
  CandidateBanner, ConflictBanner, LeaseBanner, MovedOnBanner, Notice, RatifiedBanner,
} from "./Banners.js";
import { BlockList } from "./BlockList.js";
import { Footer } from "./Footer.js";
import { Header } from "./Header.js";
import { Panel } from "./Panel.js";
import { Picture } from "./Picture.js";
import { Tray } from "./Tray.js";
import { WalkBar } from "./WalkBar.js";

/** What this server offers beyond the core contract (asked separately: a server without it still works). */
function useFeatures(call, repoId, version) {
  const [features, setFeatures] = useState({ runner: false, curation: false, mission: null });
  useEffect(() => {
    if (version === undefined) return undefined; // after the map: never compete with its first load
    let live = true;
    (async () => {
      const next = { runner: false, curation: false, mission: null };
      try {
        next.runner = (await call(doc.RUNNERS, { repo: repoId }, "runners")).runners.some((r) => r.pinned);
      } catch { /* no runner registry on this server */ }
      try {
        const missions = (await call(doc.MISSIONS, { repo: repoId }, "missions")).missions;
        next.curation = true;
        next.mission = missions.length ? missions[missions.length - 1] : null;
      } catch { /* no curation missions on this server */ }
      if (live) setFeatures(next);
    })();
    return () => { live = false; };
  }, [call, repoId, version]);
  return features;
}

/** The review walk: the server's review queue (lowest support first), paged by the review limit. */
function useWalk(call, repoId, limit, version) {
  const [walk, setWalk] = useState(null); // { cursors, page, ids, total, hasNext }
  const fetchPage = useCallback(async (cursors, page) => {
    const data = await call(doc.REVIEW_PAGE, { repo: repoId, first: limit, after: cursors[page] }, "review");
    const q = data.reviewQueue;
    const next = [...cursors];
    next[page + 1] = q.pageInfo.endCursor;
    setWalk({ cursors: next, page, ids: q.nodes.map((n) => n.blockId), total: q.totalCount, hasNext: q.pageInfo.hasNextPage });
  }, [call, repoId, limit]);
  useEffect(() => { if (walk) fetchPage(walk.cursors, walk.page).catch(() => {}); }, [version]);
  return {
    walk,
    start: () => fetchPage([null], 0),
    go: (page) => fetchPage(walk.cursors, page),
    stop: () => setWalk(null),
  };
}

export function MapScreen({
  token, repoId, repos, reviewLimit, blockId, onSelectBlock, onPick, onScan, onSignOut, call, emptyState,
}) {
  const map = useMap(call, token, repoId);
  const { view } = map;
  const version = view?.store.storeVersion;
  const features = useFeatures(call, repoId, version);
  const walker = useWalk(call, repoId, reviewLimit, version);
  const selectedId = blockId;
  const setSelectedId = onSelectBlock;
  const [checked, setChecked] = useState(new Set());
  const [later, setLater] = useState(false);

  useEffect(() => {
    if (view && metrics.firstMapRender === null) requestAnimationFrame(() => { metrics.firstMapRender = performance.now(); });
  }, [view]);

  const blocks = view?.store.blocks ?? [];
  const ordered = useMemo(() => blockOrder(blocks), [blocks]);
  const seams = useMemo(() => unresolvedSeams(blocks), [blocks]);
  const known = new Set(blocks.map((b) => b.blockId));
  const selected = blocks.find((b) => b.blockId === selectedId) ?? ordered[0] ?? null;
  const checkedLive = new Set([...checked].filter((id) => known.has(id)));

  if (!view) {
    const header = html`<${Header} repos=${repos} repoId=${map.status === "none" ? null : repoId} onPick=${onPick}
      onScan=${onScan} onSignOut=${() => onSignOut(null)} />`;
    if (map.status === "none") return html`${header}${emptyState()}`;
    return html`${header}
      <main class="loading">
        ${map.status === "loading" && html`<p>Loading the map…</p>`}
        <${Notice} notice=${map.notice} onClose=${() => map.setNotice(null)} />
      </main>`;
  }

  const { store, zeroTouchStatus: zero } = view;
  const candidate = store.skeleton.state === "CANDIDATE";
  const editable = candidate && !map.busy;
  const shown = walker.walk ? walker.walk.ids.filter((id) => known.has(id)).map((id) => blocks.find((b) => b.blockId === id)) : ordered;
  const check = (id, on) => {
    const next = new Set(checkedLive);
    if (on) next.add(id); else next.delete(id);
    setChecked(next);
  };
  const ratify = async (ids) => {
    if (await map.ratify(ids)) { setChecked(new Set()); walker.stop(); }
  };
  const curate = async (note) => {
    try {
      const result = (await call(doc.SEND_TO_CURATION, { repo: repoId, note }, "curate")).sendToCuration;
      if (result.__typename === "MissionOpened") {
        map.setNotice({ kind: "info", text: `Mission ${result.mission.missionId} is open: an agent can now curate this candidate.` });
        map.load();
        return true;
      }
      map.setNotice({ kind: "error", text: `Not sent: ${result.message} (${result.code})` });
    } catch (error) {
      map.setNotice({ kind: "error", text: `Not sent: ${error.message}` });
    }
    return false;
  };

  return html`
    <${Header} repos=${repos} repoId=${repoId} onPick=${onPick} onScan=${onScan} onSignOut=${() => onSignOut(null)}
      line=${zero?.line} ready=${zero?.readyToRatify} />
    <div class="banners">
      ${map.conflict && html`<${ConflictBanner} conflict=${map.conflict} busy=${map.busy}
        onReload=${map.reloadAfterConflict} onReapply=${map.reapply} onDiscard=${map.discard} />`}
      ${map.movedOn && !map.conflict && html`<${MovedOnBanner} version=${map.movedOn} onReload=${map.load} />`}
      <${LeaseBanner} lease=${view.lease} version=${store.storeVersion} />
      ${candidate
        ? html`<${CandidateBanner} view=${view} features=${features} walking=${Boolean(walker.walk)} busy=${map.busy}
            onReview=${walker.start} onNameAll=${() => map.nameWithRunner(null)} onCurate=${curate} />`
        : html`<${RatifiedBanner} store=${store} />`}
      <${Notice} notice=${map.notice} onClose=${() => map.setNotice(null)} />
    </div>
    <${Picture} call=${call} repoId=${repoId} blocks=${blocks} seams=${seams} unmapped=${view.unmapped.totalCount}
      version=${store.storeVersion} selectedId=${selected?.blockId} onSelect=${setSelectedId} onNotice=${map.setNotice} />
    ${walker.walk && html`<${WalkBar} walk=${walker.walk} limit=${reviewLimit} onGo=${walker.go} onDone=${walker.stop} />`}
    <main class=${`columns ${candidate ? "is-candidate" : ""}`} aria-busy=${map.busy}>
      <${BlockList} blocks=${shown} seams=${seams} candidate=${candidate} editable=${editable}
        selectedId=${selected?.blockId} checked=${checkedLive} onSelect=${setSelectedId} onCheck=${check} onEdit=${map.edit}
        heading=${walker.walk ? "Review (lowest support first)" : `Blocks (${blocks.length})`} />
      ${selected && html`<${Panel} block=${selected} blocks=${blocks} seams=${seams} store=${store} editable=${editable}
        checked=${checkedLive} busy=${map.busy} onEdit=${map.edit}
        onNameWithRunner=${features.runner ? map.nameWithRunner : null} />`}
    </main>
    <${Tray} unmapped=${view.unmapped} blocks=${blocks} editable=${editable} repoId=${repoId} call=${call}
      onEdit=${map.edit} version=${store.storeVersion} />
    ${candidate && zero && html`
      <${Footer} zero=${zero} version=${store.skeleton.version} checkedCount=${checkedLive.size} later=${later}
        busy=${map.busy} onRatifyAll=${() => ratify(null)} onRatifySelected=${() => ratify([...checkedLive])}
        onLater=${() => setLater(!later)} onReview=${walker.start} />`}`;
}
