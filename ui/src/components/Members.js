import { html } from "../html.js";
import { certainty, CERTAINTY_LABEL } from "../model.js";

/** One member with its certainty dot (the dot's meaning is in its label and the legend). */
export function MemberItem({ member, seams, children }) {
  const level = certainty(member, seams);
  return html`
    <li class="member">
      ${children}
      <span class=${`dot ${level}`} role="img" aria-label=${CERTAINTY_LABEL[level]} title=${CERTAINTY_LABEL[level]}></span>
      <code>${member.path}</code>
      ${member.role !== "PRIMARY" && html`<span class="role">${member.role.toLowerCase().replace("_", " ")}</span>`}
    </li>`;
}

export function Legend() {
  return html`
    <p class="legend" aria-label="Certainty dots">
      <span class="dot certain"></span> certain <span class="dot contested"></span> seam
      <span class="dot by-role"></span> by role
    </p>`;
}
