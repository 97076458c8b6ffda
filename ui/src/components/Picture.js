// The architecture picture: blocks as boxes over sockets as arrows (width = edge count), seams as dashed lines,
// the unmapped residue as its own box. Click a box to open its panel, click an arrow for the edges behind
// it, drag a box to move it (the position is stored: placeBlocks). Every name is text (htm), never markup.

import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import * as doc from "../documents.js";
import { html } from "../html.js";
import { countLabel, memberCounts, needsYou, pct, support } from "../model.js";
import {
  BOX_H, BOX_W, PAD, arrowsOf, bounds, clip, downloadPng, downloadSvg, seamPairs, segment, weight,
} from "../picture.js";

const DRAG_PX = 4;
const RESIDUE_H = 56;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";

function usePicture(call, repoId, version) {
  const [picture, setPicture] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    let live = true;
    call(doc.PICTURE, { repo: repoId }, "picture")
      .then((data) => { if (live) { setPicture(data.store?.blocks ?? []); setError(null); } })
      .catch((e) => { if (live) setError(e.message); });
    return () => { live = false; };
  }, [call, repoId, version]);
  return { picture, error };
}

function EdgeList({ arrow, byId, found, onClose }) {
  const from = byId.get(arrow.from)?.name ?? arrow.from;
  const to = byId.get(arrow.to)?.name ?? arrow.to;
  return html`
    <section class="socket-edges" data-testid="socket-edges" aria-label=${`Edges behind ${from} → ${to}`}>
      <div class="row">
        <h3>${from} → ${to}${found ? `: ${found.totalCount} edge${found.totalCount === 1 ? "" : "s"}` : ""}</h3>
        <button type="button" class="small" onClick=${onClose}>Close</button>
      </div>
      ${!found && html`<p class="help">Loading the edges…</p>`}
      ${found && found.edges.length < found.totalCount && html`
        <p class="help">The first ${found.edges.length} of ${found.totalCount}.</p>`}
      ${found && html`
        <table>
          <thead><tr><th>file</th><th></th><th>uses file</th><th>kind</th><th>symbols</th></tr></thead>
          <tbody>
            ${found.edges.map((e) => html`
              <tr data-testid="socket-edge">
                <td><code>${e.source}</code></td><td>→</td><td><code>${e.target}</code></td><td>${e.kind}</td>
                <td>${e.callers.length > 0 && html`<code>${e.callers.join(", ")}</code> → `}<code>${e.used.join(", ")}</code></td>
              </tr>`)}
          </tbody>
        </table>`}
    </section>`;
}

export function Picture({ call, repoId, blocks, seams, unmapped, version, selectedId, onSelect, onNotice }) {
  const { picture, error } = usePicture(call, repoId, version);
  const [moved, setMoved] = useState({}); // blockId -> {x, y}: dragged here, saved or being saved
  const [showTests, setShowTests] = useState(false);
  const [arrow, setArrow] = useState(null); // { from, to }
  const [found, setFound] = useState(null);
  const svgRef = useRef(null);
  const drag = useRef(null);

  const byId = useMemo(() => new Map(blocks.map((b) => [b.blockId, b])), [blocks]);
  const places = useMemo(() => {
    const out = new Map();
    for (const b of picture ?? []) out.set(b.blockId, moved[b.blockId] ?? { x: b.layout.x, y: b.layout.y });
    return out;
  }, [picture, moved]);
  const shown = useMemo(() => (picture ?? []).filter((b) => byId.has(b.blockId)), [picture, byId]);
  const arrows = useMemo(() => arrowsOf(shown, showTests), [shown, showTests]);
  const testOnly = useMemo(() => arrowsOf(shown, true).filter((a) => a.testOnly).length, [shown]);
  const pairs = useMemo(() => seamPairs(seams), [seams]);

  const openArrow = useCallback(async (a) => {
    setArrow(a);
    setFound(null);
    try {
      const data = await call(doc.SOCKET_EDGES, { repo: repoId, from: a.from, to: a.to }, "edges");
      setFound(data.block?.socketEdges ?? { totalCount: 0, edges: [] });
    } catch (e) {
      onNotice({ kind: "error", text: `Could not read the edges: ${e.message}` });
    }
  }, [call, repoId, onNotice]);

  const save = useCallback(async (blockId, place) => {
    try {
      const result = (await call(doc.PLACE_BLOCKS, { repo: repoId, positions: [{ blockId, ...place }] }, "place"))
        .placeBlocks;
      if (result.__typename !== "BlocksPlaced") onNotice({ kind: "error", text: `Not moved: ${result.message} (${result.code})` });
    } catch (e) {
      onNotice({ kind: "error", text: `Not moved: ${e.message}` });
    }
  }, [call, repoId, onNotice]);

  if (error) return html`<section class="picture"><p class="notice error">Could not draw the picture: ${error}</p></section>`;
  if (!picture) return html`<section class="picture"><p class="help">Drawing the picture…</p></section>`;

  const box = bounds(places, RESIDUE_H + PAD);
  const down = (event, blockId) => {
    if (event.button !== 0) return;
    const start = places.get(blockId);
    drag.current = { blockId, sx: event.clientX, sy: event.clientY, x: start.x, y: start.y, moved: false };
    svgRef.current.setPointerCapture(event.pointerId);
  };
  const move = (event) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.sx;
    const dy = event.clientY - d.sy;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    d.moved = true;
    setMoved((m) => ({ ...m, [d.blockId]: { x: Math.round(d.x + dx), y: Math.round(d.y + dy) } }));
  };
  const up = (event) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    if (!d.moved) { onSelect(d.blockId); return; }
    const place = { x: Math.round(d.x + event.clientX - d.sx), y: Math.round(d.y + event.clientY - d.sy) };
    setMoved((m) => ({ ...m, [d.blockId]: place }));
    save(d.blockId, place);
  };
  const key = (event, action) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); action(); }
  };
  const name = `${repoId}-picture`;
  const residueY = box.minY + box.height - RESIDUE_H - PAD / 2;

  return html`
    <section class="picture" aria-labelledby="picture-title" data-testid="picture">
      <div class="row picture-tools">
        <h2 id="picture-title">Architecture picture</h2>
        <span class="help">arrow: uses (width: edges) · dashed line: shared files (seam) · drag a box to move it</span>
        <label class="toggle"><input type="checkbox" checked=${showTests} onChange=${(e) => setShowTests(e.currentTarget.checked)} />
          Show test-only sockets (${testOnly})</label>
        <button type="button" class="small" onClick=${() => downloadSvg(svgRef.current, `${name}.svg`)}>Export SVG</button>
        <button type="button" class="small" onClick=${() => downloadPng(svgRef.current, `${name}.png`).catch((e) =>
          onNotice({ kind: "error", text: `PNG export failed: ${e.message}` }))}>Export PNG</button>
      </div>
      <div class="picture-frame">
        <svg ref=${svgRef} width=${box.width} height=${box.height}
          viewBox=${`${box.minX} ${box.minY} ${box.width} ${box.height}`} role="img"
          aria-label=${`Architecture picture of ${repoId}: ${shown.length} blocks, ${arrows.length} sockets`}
          font-family=${FONT} onPointerMove=${move} onPointerUp=${up} onPointerCancel=${() => { drag.current = null; }}>
          <defs>
            <marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="11" markerHeight="11"
              orient="auto-start-reverse" markerUnits="userSpaceOnUse">
              <path d="M0,0 L10,5 L0,10 z" fill="#52606d" />
            </marker>
          </defs>
          <rect x=${box.minX} y=${box.minY} width=${box.width} height=${box.height} fill="#ffffff" />
          ${pairs.filter((p) => places.has(p.a) && places.has(p.b)).map((p) => {
            const s = segment(places.get(p.a), places.get(p.b));
            return html`<line data-testid="seam-line" x1=${s.x1} y1=${s.y1} x2=${s.x2} y2=${s.y2} stroke="#c2410c"
              stroke-width="1.5" stroke-dasharray="5 4"><title>${`shared: ${p.paths.join(", ")}`}</title></line>`;
          })}
          ${arrows.filter((a) => places.has(a.from) && places.has(a.to)).map((a) => {
            const s = segment(places.get(a.from), places.get(a.to));
            const from = byId.get(a.from).name;
            const to = byId.get(a.to).name;
            const open = arrow && arrow.from === a.from && arrow.to === a.to;
            const label = `${from} uses ${to}: ${a.edges} edge${a.edges === 1 ? "" : "s"}${a.testOnly ? " (tests only)" : ""}`;
            return html`
              <g data-testid="arrow" data-from=${a.from} data-to=${a.to} data-edges=${a.edges}>
                <line x1=${s.x1} y1=${s.y1} x2=${s.x2} y2=${s.y2} stroke=${open ? "#1d4ed8" : a.testOnly ? "#9aa5b1" : "#52606d"}
                  stroke-width=${weight(a.edges)} stroke-dasharray=${a.testOnly ? "2 3" : "none"} marker-end="url(#arrowhead)"
                  stroke-opacity="0.85" />
                <line class="hit" x1=${s.x1} y1=${s.y1} x2=${s.x2} y2=${s.y2} stroke="transparent" stroke-width="14"
                  pointer-events="stroke" role="button" tabindex="0" aria-label=${label} style="cursor: pointer"
                  onClick=${() => openArrow(a)} onKeyDown=${(e) => key(e, () => openArrow(a))}><title>${label}</title></line>
              </g>`;
          })}
          ${shown.map((b) => {
            const at = places.get(b.blockId);
            const block = byId.get(b.blockId);
            const selected = b.blockId === selectedId;
            const flagged = needsYou(block);
            const seamCount = block.seamPaths.length;
            return html`
              <g data-testid="picture-block" data-block-id=${b.blockId} transform=${`translate(${at.x},${at.y})`}
                role="button" tabindex="0" aria-label=${`Open ${block.name}`} aria-pressed=${selected}
                onPointerDown=${(e) => down(e, b.blockId)} onKeyDown=${(e) => key(e, () => onSelect(b.blockId))}
                style="cursor: grab">
                <title>${`${block.name} (${b.blockId})`}</title>
                <rect width=${BOX_W} height=${BOX_H} rx="8" fill=${flagged ? "#fff7ed" : "#f5f7fa"}
                  stroke=${selected ? "#1d4ed8" : flagged ? "#c2410c" : "#7b8794"} stroke-width=${selected ? 3 : 1.5}
                  stroke-dasharray=${block.state === "CANDIDATE" ? "6 3" : "none"} />
                <text x="10" y="22" font-size="14" font-weight="600" fill="#1f2933">${clip(block.name)}</text>
                <text x="10" y="40" font-size="12" fill="#52606d">${clip(countLabel(memberCounts(block)), 30)}</text>
                <text x="10" y="56" font-size="11" fill=${flagged ? "#9a3412" : "#52606d"}>${
                  [flagged ? "needs you" : `confidence ${pct(support(block))}`,
                    seamCount ? `⚑ ${seamCount} seam${seamCount === 1 ? "" : "s"}` : null,
                    block.unmappedResidue.length ? `${block.unmappedResidue.length} residue` : null,
                  ].filter(Boolean).join(" · ")}</text>
              </g>`;
          })}
          <g data-testid="picture-residue" transform=${`translate(${box.minX + PAD},${residueY})`}>
            <rect width=${Math.max(BOX_W, 260)} height=${RESIDUE_H - 8} rx="8" fill="#ffffff" stroke="#9aa5b1"
              stroke-dasharray="3 3" />
            <text x="10" y="20" font-size="13" font-weight="600" fill="#52606d">Unmapped residue</text>
            <text x="10" y="38" font-size="12" fill="#52606d">${`${unmapped} file${unmapped === 1 ? "" : "s"} no block claims`}</text>
          </g>
        </svg>
      </div>
      ${arrow && html`<${EdgeList} arrow=${arrow} byId=${byId} found=${found} onClose=${() => setArrow(null)} />`}
    </section>`;
}
