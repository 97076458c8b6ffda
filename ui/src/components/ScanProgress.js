import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as doc from "../documents.js";

const POLL_MS = 300;

const PHASES = {
  discovering: "Listing the files",
  parsing: "Parsing files",
  resolving: "Resolving imports and calls",
  loading: "Writing the code graph",
  clustering: "Clustering",
  naming: "Naming the blocks",
  writing: "Writing the map",
};

/**
 * A running scan job (startScan): its phase and a bar, polled every 300 ms, with a "Cancel scan" button.
 * Calls onEnd(job) once the job has ended (its state and result), or onEnd(null, message) when it is lost.
 */
export function ScanProgress({ call, job: started, onEnd }) {
  const [job, setJob] = useState(started);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    let live = true;
    let timer = null;
    const poll = async () => {
      try {
        const seen = (await call(doc.SCAN_JOB, { job: started.jobId }, "scan progress")).scanJob;
        if (!live) return;
        if (seen === null) return onEnd(null, "The server no longer knows this scan (was it restarted?).");
        setJob(seen);
        if (seen.state !== "RUNNING") return onEnd(seen);
      } catch (e) {
        if (!live) return;
        return onEnd(null, e.message);
      }
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => { live = false; clearTimeout(timer); };
  }, [started.jobId]);

  const cancel = async () => {
    setCancelling(true);
    try {
      await call(doc.CANCEL_SCAN, { job: started.jobId }, "cancel scan");
    } catch (e) {
      setCancelling(false);
    }
  };

  const { done, total } = job.progress;
  const label = PHASES[job.phase] ?? "Starting";
  const counted = total > 0;
  return html`
    <div class="scan-progress" data-testid="scan-progress" aria-live="polite">
      <p><span data-testid="scan-phase">${label}</span>${counted ? html` — ${done} of ${total} files` : "…"}</p>
      ${counted
        ? html`<progress aria-label="Scan progress" max=${total} value=${done}></progress>`
        : html`<progress aria-label="Scan progress"></progress>`}
      <div class="row">
        <button type="button" onClick=${cancel} disabled=${cancelling || job.cancelRequested}>
          ${cancelling || job.cancelRequested ? "Cancelling…" : "Cancel scan"}
        </button>
      </div>
    </div>`;
}
