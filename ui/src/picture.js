// Pure geometry and export helpers for the architecture picture. No fetch; the DOM only in the exports.

export const BOX_W = 200; // the server's rooms/picture.py box, so stored positions never overlap
export const BOX_H = 64;
export const PAD = 24;

/** Arrows: one per internal input socket (a uses b), test-only ones only when asked. */
export function arrowsOf(picture, showTests) {
  const ids = new Set(picture.map((b) => b.blockId));
  const out = [];
  for (const block of picture) {
    for (const s of block.sockets.inputs) {
      if (!s.to || !ids.has(s.to) || s.to === block.blockId) continue;
      if (s.testOnly && !showTests) continue;
      out.push({ from: block.blockId, to: s.to, type: s.type, testOnly: s.testOnly, edges: s.edgeCount ?? 0 });
    }
  }
  return out;
}

/** Pairs of blocks that share files (seams), each pair once, with the shared paths. */
export function seamPairs(seams) {
  const pairs = new Map();
  for (const [path, owners] of seams) {
    const unique = [...new Set(owners)].sort();
    for (let i = 0; i < unique.length; i++) {
      for (let j = i + 1; j < unique.length; j++) {
        const key = `${unique[i]}\n${unique[j]}`;
        if (!pairs.has(key)) pairs.set(key, { a: unique[i], b: unique[j], paths: [] });
        pairs.get(key).paths.push(path);
      }
    }
  }
  return [...pairs.values()];
}

/** Where the segment from the centre of box `a` toward point (tx, ty) leaves the box. */
function exit(a, tx, ty) {
  const cx = a.x + BOX_W / 2;
  const cy = a.y + BOX_H / 2;
  const dx = tx - cx;
  const dy = ty - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(dx ? (BOX_W / 2) / Math.abs(dx) : Infinity, dy ? (BOX_H / 2) / Math.abs(dy) : Infinity);
  return { x: cx + dx * scale, y: cy + dy * scale };
}

/** The straight segment between two boxes' borders (arrow from `a` to `b`). */
export function segment(a, b) {
  const start = exit(a, b.x + BOX_W / 2, b.y + BOX_H / 2);
  const end = exit(b, a.x + BOX_W / 2, a.y + BOX_H / 2);
  return { x1: start.x, y1: start.y, x2: end.x, y2: end.y };
}

/** Stroke width for an arrow: grows with the log of its edge count. */
export const weight = (edges) => Math.min(6, 1 + 0.8 * Math.log2(1 + edges));

/** The drawing's extent: every box, plus the residue box under them. */
export function bounds(places, extraHeight) {
  const all = [...places.values()];
  if (!all.length) return { minX: 0, minY: 0, width: BOX_W + 2 * PAD, height: BOX_H + 2 * PAD + extraHeight };
  const minX = Math.min(...all.map((p) => p.x)) - PAD;
  const minY = Math.min(...all.map((p) => p.y)) - PAD;
  const maxX = Math.max(...all.map((p) => p.x)) + BOX_W + PAD;
  const maxY = Math.max(...all.map((p) => p.y)) + BOX_H + PAD;
  return { minX, minY, width: maxX - minX, height: maxY - minY + extraHeight };
}

export const clip = (text, max = 22) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The SVG element as a standalone document (the screen draws with attributes only, so it needs no CSS). */
export function svgText(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  for (const hit of copy.querySelectorAll(".hit")) hit.remove();
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadSvg(svg, name) {
  download(new Blob([svgText(svg)], { type: "image/svg+xml" }), name);
}

function base64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The picture as PNG, drawn in this browser: the SVG onto a canvas (twice the size, on white). */
export async function downloadPng(svg, name) {
  const width = Number(svg.getAttribute("width"));
  const height = Number(svg.getAttribute("height"));
  const image = new Image();
  image.src = `data:image/svg+xml;base64,${base64(svgText(svg))}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  const scale = 2;
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  download(blob, name);
}
