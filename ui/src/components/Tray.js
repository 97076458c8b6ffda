import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as doc from "../documents.js";
import * as ops from "../ops.js";
import { TRAY_PAGE } from "../state.js";
import { LazySelect } from "./LazySelect.js";

/** The unmapped tray: files no block claims, with their TRUE total, each with "assign to block ▾" (one op). */
export function Tray({ unmapped, blocks, editable, repoId, call, onEdit, version }) {
  const [extra, setExtra] = useState({ nodes: [], pageInfo: unmapped.pageInfo });
  useEffect(() => setExtra({ nodes: [], pageInfo: unmapped.pageInfo }), [unmapped, version]);
  const nodes = [...unmapped.nodes, ...extra.nodes];
  const [error, setError] = useState(null);
  const more = async () => {
    try {
      const data = await call(doc.UNMAPPED_PAGE, { repo: repoId, first: TRAY_PAGE, after: extra.pageInfo.endCursor }, "unmapped");
      setExtra({ nodes: [...extra.nodes, ...data.unmapped.nodes], pageInfo: data.unmapped.pageInfo });
      setError(null);
    } catch (e) {
      setError(e.message);
    }
  };
  const choices = blocks.filter((b) => b.state !== "RATIFIED").map((b) => ({ value: b.blockId, label: b.name })); // signed blocks take no file
  const assign = (path, blockId) => {
    const block = blocks.find((b) => b.blockId === blockId);
    if (block) onEdit(ops.assignUnmapped(path, block));
  };
  return html`
    <section class="tray" aria-labelledby="tray-title" data-testid="tray">
      <h2 id="tray-title">Unmapped: <span class="count" data-testid="unmapped-total">${unmapped.totalCount}</span> <span class="help">file${unmapped.totalCount === 1 ? "" : "s"} no block claims</span></h2>
      ${unmapped.totalCount === 0
        ? html`<p class="help">Every file belongs to a block.</p>`
        : html`
          <ul>
            ${nodes.map((path) => html`
              <li><code>${path}</code>
                ${editable && html`<${LazySelect} label=${`Assign ${path} to a block`} placeholder="assign to block ▾"
                  choices=${choices} onPick=${(blockId) => assign(path, blockId)} />`}
              </li>`)}
          </ul>
          <p class="help">Showing ${nodes.length} of ${unmapped.totalCount}.
            ${extra.pageInfo.hasNextPage && html`<button type="button" class="link" onClick=${more}>Show ${TRAY_PAGE} more</button>`}</p>
          ${error && html`<p class="notice error" role="alert">Could not load more: ${error}</p>`}`}
    </section>`;
}
