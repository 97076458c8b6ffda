// htm over Preact's h(): tagged templates instead of JSX, so the build needs no JSX transform.
// Interpolated values are always text or attributes: nothing here ever parses data as HTML.
import { h } from "preact";
import htm from "htm";

export const html = htm.bind(h);
