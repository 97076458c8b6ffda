import { useCallback, useRef, useState } from "preact/hooks";
import { clearToken, saveToken, takeToken } from "../auth.js";
import { html } from "../html.js";
import { SignIn } from "./SignIn.js";
import { Workspace } from "./Workspace.js";

export function App() {
  const [token, setTokenState] = useState(() => takeToken());
  const [reason, setReason] = useState(null);
  const current = useRef(token);
  const setToken = (value) => {
    current.current = value;
    setTokenState(value);
  };
  /** Sign out (why: shown on the sign-in form). A refusal of an older token (a late answer) changes nothing. */
  const signOut = useCallback((why, refusedToken) => {
    if (refusedToken && refusedToken !== current.current) return;
    clearToken();
    setToken(null);
    setReason(why);
  }, []);
  if (!token) {
    return html`<${SignIn} error=${reason} onToken=${(t) => { saveToken(t); setReason(null); setToken(t); }} />`;
  }
  return html`<${Workspace} token=${token} onSignOut=${signOut} />`;
}
