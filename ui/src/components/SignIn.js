import { useState } from "preact/hooks";
import { html } from "../html.js";

/** Sign in with the owner's token (when the page was opened without the link that carries it). */
export function SignIn({ error, onToken }) {
  const [draft, setDraft] = useState("");
  const submit = (event) => {
    event.preventDefault();
    if (draft.trim()) onToken(draft.trim());
  };
  return html`
    <main class="sign-in">
      <h1>Code Rooms</h1>
      <form onSubmit=${submit} aria-describedby="sign-in-help">
        <label for="token">Owner token</label>
        <input id="token" type="password" autocomplete="off" spellcheck="false" value=${draft}
          onInput=${(e) => setDraft(e.currentTarget.value)} required />
        <button type="submit" class="primary">Sign in</button>
      </form>
      ${error && html`<p class="notice error" role="alert">${error}</p>`}
      <p id="sign-in-help" class="help">
        Open the link <code>coderooms serve</code> prints ("Open as owner: …"), or paste a token from
        <code>coderooms token create --seat owner --agent-id you</code>. It is kept in this tab only and sent as a
        bearer header; no cookie is set.
      </p>
    </main>`;
}
