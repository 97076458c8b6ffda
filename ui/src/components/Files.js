import { useCallback, useEffect, useState } from "preact/hooks";
import * as doc from "../documents.js";
import { html } from "../html.js";

export const FILES_PAGE = 200;

/**
 * The files behind a block's membership (globs expanded by the server against the code graph), a page at a
 * time; `all()` fetches every page (the split editor needs them all). Reloaded when the store moves.
 */
export function useFiles(call, repoId, blockId, version) {
  const [state, setState] = useState({ nodes: [], total: null, cursor: null, more: false, error: null });
  const fetchPage = useCallback(async (after) => {
    const data = await call(doc.BLOCK_FILES, { repo: repoId, block: blockId, first: FILES_PAGE, after }, "files");
    return data.block?.files ?? { totalCount: 0, nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
  }, [call, repoId, blockId]);
  useEffect(() => {
    let live = true;
    setState({ nodes: [], total: null, cursor: null, more: false, error: null });
    fetchPage(null).then((page) => {
      if (live) setState({ nodes: page.nodes, total: page.totalCount, cursor: page.pageInfo.endCursor, more: page.pageInfo.hasNextPage, error: null });
    }).catch((error) => { if (live) setState((s) => ({ ...s, error: error.message })); });
    return () => { live = false; };
  }, [fetchPage, version]);
  const more = useCallback(async () => {
    const page = await fetchPage(state.cursor);
    setState((s) => ({ ...s, nodes: [...s.nodes, ...page.nodes], cursor: page.pageInfo.endCursor, more: page.pageInfo.hasNextPage }));
  }, [fetchPage, state.cursor]);
  const all = useCallback(async () => {
    let { nodes, cursor, more: next } = state;
    while (next) {
      const page = await fetchPage(cursor);
      nodes = [...nodes, ...page.nodes];
      cursor = page.pageInfo.endCursor;
      next = page.pageInfo.hasNextPage;
    }
    setState((s) => ({ ...s, nodes, cursor, more: false }));
    return nodes;
  }, [fetchPage, state]);
  return { ...state, loadMore: more, loadAll: all };
}

const size = (bytes) => (bytes === null || bytes === undefined ? "" : bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** The files list of the panel: one row per file; a file behind a glob is checkable for a move (multi-select;
 * an exact member is checked in the members list above). */
export function FileList({ files, picked, onPick, movable }) {
  if (files.error) return html`<p class="help">Could not list the files: ${files.error}</p>`;
  if (files.total === null) return html`<p class="help">Listing the files…</p>`;
  return html`
    <ul class="files" data-testid="files">
      ${files.nodes.map((f) => html`
        <li class="file" data-testid="file" data-path=${f.path} key=${f.path}>
          ${movable && f.entry !== f.path && html`<input type="checkbox" class="pick" checked=${picked.has(f.path)} aria-label=${`Check ${f.path}`}
            onChange=${(e) => onPick(f.path, e.currentTarget.checked)} />`}
          <code>${f.path}</code>
          ${f.entry !== f.path && html`<span class="via" title="the membership entry it is behind">in ${f.entry}</span>`}
          ${f.role !== "PRIMARY" && html`<span class="role">${f.role.toLowerCase().replace("_", " ")}</span>`}
          <span class="facts">${[f.language, size(f.bytes), `${f.edgesIn} in · ${f.edgesOut} out`].filter(Boolean).join(" · ")}</span>
        </li>`)}
    </ul>
    ${files.more && html`<button type="button" class="small" onClick=${files.loadMore}>Show more files (${files.nodes.length} of ${files.total})</button>`}`;
}
