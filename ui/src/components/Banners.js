import { useState } from "preact/hooks";
import { html } from "../html.js";

function time(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The candidate banner: the map is a proposal; Review & ratify, and the helpers a server offers. */
export function CandidateBanner({ view, features, walking, onReview, onNameAll, onCurate, busy }) {
  const [note, setNote] = useState("");
  const [composing, setComposing] = useState(false);
  const zero = view.zeroTouchStatus;
  return html`
    <section class="banner candidate" aria-label="Candidate map">
      <p><strong>Candidate map</strong> — proposed by the scan, not ratified. Dashed blocks are proposals.</p>
      <div class="row">
        ${!walking && html`<button type="button" class="primary" onClick=${onReview}>Review & ratify</button>`}
        ${features.runner && zero && zero.needsOwnerNaming > 0 && html`
          <button type="button" onClick=${onNameAll} disabled=${busy}>Name with runner</button>`}
        ${features.curation && !composing && html`
          <button type="button" onClick=${() => setComposing(true)}>Send to an agent for curation</button>`}
      </div>
      ${composing && html`
        <form class="curate" onSubmit=${async (e) => { e.preventDefault(); if (await onCurate(note)) setComposing(false); }}>
          <label for="curate-note">A note for the agent (optional)</label>
          <input id="curate-note" value=${note} maxlength="2000" onInput=${(e) => setNote(e.currentTarget.value)} />
          <button type="submit" class="primary" disabled=${busy}>Send</button>
          <button type="button" onClick=${() => setComposing(false)}>Cancel</button>
        </form>`}
      ${features.mission && html`<${MissionLine} mission=${features.mission} />`}
    </section>`;
}

function MissionLine({ mission }) {
  const state = {
    OPEN: `waiting for an agent since ${time(mission.openedAt)}`,
    CLAIMED: `being curated by ${mission.claimedBy}`,
    DELIVERED: `delivered as v${mission.deliveredStoreVersion}${mission.summary ? `: ${mission.summary}` : ""}`,
  }[mission.state];
  return html`<p class="mission" data-testid="mission">Curation mission ${mission.missionId}: ${state}</p>`;
}

/** A live advisory lease: shown, never blocking (F11 o4). */
export function LeaseBanner({ lease, version }) {
  if (!lease?.live) return null;
  return html`
    <p class="banner lease" role="status" data-testid="lease">
      An agent is curating candidate v${version} (${lease.curatingBy}, until ${time(lease.curatingUntil)}).
      You can keep editing: the first write wins, the other is told to reload.
    </p>`;
}

/** A VersionConflict: nothing was written; the owner's edit is kept until re-applied or discarded. */
export function ConflictBanner({ conflict, onReload, onReapply, onDiscard, busy }) {
  return html`
    <section class="banner conflict" role="alert" data-testid="conflict">
      ${conflict.reloaded
        ? html`<p><strong>The map is reloaded (v${conflict.actual} or later).</strong> Your edit was not applied and is kept:</p>`
        : html`<p><strong>The map changed while you were editing</strong> (you edited v${conflict.expected}; it is now
            v${conflict.actual}). Nothing was written. Your edit is kept:</p>`}
      <p class="kept"><q>${conflict.gesture.label}</q></p>
      <div class="row">
        ${conflict.reloaded
          ? html`<button type="button" class="primary" onClick=${onReapply} disabled=${busy}>Apply it to the new map</button>`
          : html`<button type="button" class="primary" onClick=${onReload} disabled=${busy}>Reload the map</button>`}
        <button type="button" onClick=${onDiscard}>Discard my edit</button>
      </div>
    </section>`;
}

export function MovedOnBanner({ version, onReload }) {
  return html`
    <p class="banner moved" role="status">
      The map was edited elsewhere (now v${version}).
      <button type="button" onClick=${onReload}>Reload</button>
    </p>`;
}

export function RatifiedBanner({ store }) {
  const r = store.skeleton.ratification;
  return html`
    <p class="banner ratified" role="status" data-testid="ratified">
      Ratified map v${store.skeleton.version}${r.ratifier ? ` — signed by ${r.ratifier}` : ""}${r.ratifiedAt ? ` at ${r.ratifiedAt}` : ""}.
      ${store.candidateRevision
        ? ` A rescan proposed a revision (${store.candidateRevision.blocks.length} blocks): each block's panel shows its boundary diff.`
        : ""}
    </p>`;
}

export function Notice({ notice, onClose }) {
  if (!notice) return null;
  return html`
    <p class=${`notice ${notice.kind}`} role=${notice.kind === "error" ? "alert" : "status"} data-testid="notice">
      ${notice.text} <button type="button" class="link" onClick=${onClose} aria-label="Dismiss">×</button>
    </p>`;
}
