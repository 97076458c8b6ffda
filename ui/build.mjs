// Bundle the screen: src/main.js (+ its CSS) -> ../api/static/dist/app.js and app.css.
// Everything is bundled from node_modules at build time, so the page needs no network but its own server.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, "..", "api", "static", "dist");

await build({
  entryPoints: { app: path.join(here, "src", "main.js") },
  bundle: true,
  format: "esm",
  target: ["es2020"],
  minify: true,
  sourcemap: "linked",
  legalComments: "linked",
  outdir,
  logLevel: "info",
});
