import { render } from "preact";
import { html } from "./html.js";
import { App } from "./components/App.js";
import "./styles.css";

const root = document.getElementById("app");
root.textContent = ""; // the static "Loading…" placeholder
render(html`<${App} />`, root);
