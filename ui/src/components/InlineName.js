import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "../html.js";
import { needsYou } from "../model.js";

/**
 * A block's name, editable in place: the name is a button; Enter or a click opens the field; Enter saves (one
 * rename), Escape reverts the unapplied text. Provisional names are muted with "— needs you".
 */
export function InlineName({ block, editable, onRename, onSelect }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(block.name);
  const field = useRef(null);
  useEffect(() => { if (!editing) setDraft(block.name); }, [block.name, editing]);
  useEffect(() => { if (editing) field.current?.select(); }, [editing]);
  const provisional = needsYou(block);

  if (!editing) {
    return html`
      <button type="button" class=${`name ${provisional ? "provisional" : ""}`} data-testid="block-name"
        title=${editable ? "Rename (Enter)" : block.name}
        onClick=${() => { onSelect(); if (editable) setEditing(true); }}>
        <span class="name-text">${block.name}</span>${provisional && html`<span class="needs"> — needs you</span>`}
      </button>`;
  }
  const save = async (event) => {
    event.preventDefault();
    const name = draft.trim();
    if (!name) return;
    if (await onRename(name)) setEditing(false);
  };
  return html`
    <form class="inline-name" onSubmit=${save}>
      <input ref=${field} value=${draft} maxlength="40" aria-label=${`New name for ${block.name}`}
        onInput=${(e) => setDraft(e.currentTarget.value)}
        onKeyDown=${(e) => { if (e.key === "Escape") { e.preventDefault(); setEditing(false); } }} />
      <button type="submit" class="primary">Save</button>
      <button type="button" onClick=${() => setEditing(false)}>Reset</button>
    </form>`;
}
