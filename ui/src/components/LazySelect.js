import { useState } from "preact/hooks";
import { html } from "../html.js";

/**
 * A select whose options are built only once it is approached (pointer enters it, or it takes the focus):
 * a long list of rows with one picker each then costs one element per row, not one per row × block.
 * A person always points at or tabs to a select before choosing, so the options are there when it opens.
 */
export function LazySelect({ label, placeholder, choices, onPick, disabled }) {
  const [armed, setArmed] = useState(false);
  const arm = () => { if (!armed) setArmed(true); };
  const change = (event) => {
    const { value } = event.currentTarget;
    event.currentTarget.value = "";
    if (value) onPick(value);
  };
  return html`
    <select class="small" value="" aria-label=${label} disabled=${disabled}
      onPointerEnter=${arm} onFocus=${arm} onChange=${change}>
      <option value="">${placeholder}</option>
      ${armed && choices.map((c) => html`<option value=${c.value}>${c.label}</option>`)}
    </select>`;
}
