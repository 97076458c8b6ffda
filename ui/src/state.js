// The map of one repository as the screen holds it, and every write the screen can make.
// Writes are optimistic-concurrency guarded: a VersionConflict never drops the owner's edit silently;
// it is kept (with its label) until the owner re-applies it on the reloaded map or discards it.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { AuthError, batchId, gql, metrics } from "./client.js";
import * as doc from "./documents.js";

export const TRAY_PAGE = 50;
/** What a write answers when a conflict kept the edit in the banner (truthy: the gesture's draft can close). */
export const KEPT = Object.freeze({ __typename: "Kept" });
const PULSE_MS = 10_000;

function refusalText(result) {
  switch (result.__typename) {
    case "EditRejected":
      return `refused: ${result.message} (${result.code}${result.opIndex >= 0 ? `, operation ${result.opIndex + 1}` : ""})`;
    case "Refused":
      return `refused: ${result.message} (${result.code})`;
    case "RatifyRejected":
      return `not ratified: ${result.blocks.map((b) => `${b.blockId}: ${b.message}`).join("; ")}`;
    default:
      return `unexpected answer ${result.__typename}`;
  }
}

/** `call` posts a document and signs out on a refused token (see Workspace). */
export function useMap(call, token, repoId) {
  const [view, setView] = useState(null);
  const [status, setStatus] = useState("loading"); // loading | ready | none | error
  const [notice, setNotice] = useState(null); // { kind: "error" | "info", text }
  const [conflict, setConflictState] = useState(null); // { expected, actual, gesture, reloaded }
  const conflictRef = useRef(null);
  const setConflict = useCallback((value) => {
    conflictRef.current = value;
    setConflictState(value);
  }, []);
  const [movedOn, setMovedOn] = useState(null); // a newer version seen by the pulse
  const [busy, setBusy] = useState(false);
  const viewRef = useRef(null);
  viewRef.current = view;

  const load = useCallback(async () => {
    try {
      const data = await call(doc.MAP, { repo: repoId, unmapped: TRAY_PAGE }, "map");
      if (metrics.mapAnswered === undefined) metrics.mapAnswered = performance.now();
      setView(data.store ? data : null);
      setStatus(data.store ? "ready" : "none");
      setMovedOn(null);
      return data;
    } catch (error) {
      setStatus("error");
      setNotice({ kind: "error", text: `Could not load the map: ${error.message}` });
      return null;
    }
  }, [call, repoId]);

  useEffect(() => {
    setStatus("loading");
    setView(null);
    conflictRef.current = null;
    setConflictState(null);
    setNotice(null);
    load();
  }, [load]);

  useEffect(() => {
    if (!view) return undefined;
    const timer = setInterval(async () => {
      try {
        const data = await gql(token, doc.PULSE, { repo: repoId }, "pulse");
        const current = viewRef.current;
        if (!current || !data.store) return;
        if (data.store.storeVersion !== current.store.storeVersion) setMovedOn(data.store.storeVersion);
        if (JSON.stringify(data.lease) !== JSON.stringify(current.lease)) setView({ ...current, lease: data.lease });
      } catch {
        // a missed pulse is not worth a banner; the next write says what it must
      }
    }, PULSE_MS);
    return () => clearInterval(timer);
  }, [token, repoId, view !== null]);

  /** Send one write, reload the map; returns true when it was applied. */
  const write = useCallback(async (label, query, variables, field, applied, gesture) => {
    const current = viewRef.current;
    if (!current) return false;
    if (conflictRef.current) {
      setNotice({ kind: "error", text: "Deal with the kept edit first (re-apply or discard it)." });
      return false;
    }
    setBusy(true);
    setNotice(null);
    const started = performance.now();
    try {
      const data = await call(query, { repo: repoId, v: current.store.storeVersion, ...variables }, label);
      const sent = performance.now();
      const result = data[field];
      if (result.__typename === "VersionConflict") {
        if (gesture.ops.length) {
          setConflict({ expected: result.expected, actual: result.actual, gesture, reloaded: false });
          return KEPT; // not applied, but not lost: the conflict banner holds it
        }
        await load(); // a ratify or naming request is not an edit to keep: reload and let the owner look again
        setNotice({ kind: "error", text: `${gesture.label}: the map moved on (v${result.expected} → v${result.actual}); `
          + "it is reloaded — check it and try again." });
        return false;
      }
      if (!applied.includes(result.__typename)) {
        setNotice({ kind: "error", text: `${gesture.label}: ${refusalText(result)}` });
        return false;
      }
      await load();
      const done = performance.now();
      metrics.gestures.push({ label: gesture.label, kind: label, writeMs: sent - started, reloadMs: done - sent,
        totalMs: done - started });
      if (result.leaseWarning) setNotice({ kind: "info", text: result.leaseWarning });
      return result;
    } catch (error) {
      if (!(error instanceof AuthError)) setNotice({ kind: "error", text: `${gesture.label}: ${error.message}` });
      return false;
    } finally {
      setBusy(false);
    }
  }, [call, load, repoId, setConflict]);

  const edit = useCallback((gesture) =>
    write("edit", doc.EDIT, { ops: gesture.ops, batch: batchId() }, "candidateEdit", ["EditApplied"], gesture),
  [write]);

  const ratify = useCallback((blockIds) =>
    write("ratify", doc.RATIFY, { ids: blockIds }, "ratifyBlocks", ["Ratified"],
      { label: blockIds ? `Ratify ${blockIds.length} selected block(s)` : "Ratify all blocks", ops: [] }),
  [write]);

  const nameWithRunner = useCallback(async (blockIds) => {
    const result = await write("name", doc.NAME_WITH_RUNNER, { ids: blockIds }, "nameWithRunner", ["RunnerNamed"],
      { label: "Name with runner", ops: [] });
    if (result && result.__typename === "RunnerNamed") {
      const fell = result.fallbacks.length;
      setNotice({ kind: "info", text: `The runner named ${result.named.length} block(s)`
        + (fell ? `; ${fell} kept their provisional label (${result.fallbacks.map((f) => f.reason).join(", ")})` : "") });
    }
    return result;
  }, [write]);

  const reloadAfterConflict = useCallback(async () => {
    await load();
    if (conflictRef.current) setConflict({ ...conflictRef.current, reloaded: true });
  }, [load, setConflict]);

  /** Send the kept edit again, on the reloaded version (a new conflict keeps it again). */
  const reapply = useCallback(async () => {
    const kept = conflictRef.current;
    if (!kept) return false;
    setConflict(null);
    return edit(kept.gesture);
  }, [edit, setConflict]);

  const discard = useCallback(() => setConflict(null), [setConflict]);

  return { view, status, notice, setNotice, conflict, movedOn, busy, load, call, edit, ratify, nameWithRunner,
    reloadAfterConflict, reapply, discard };
}
