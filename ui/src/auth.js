// The owner's token: read once from the URL fragment (never sent to a server), kept in sessionStorage,
// sent only as a bearer header. No cookies anywhere.

const KEY = "coderooms.token";

function fragment() {
  return new URLSearchParams(window.location.hash.replace(/^#/, ""));
}

/** The token: from the fragment (then removed from the address bar and history) or from this tab's session. */
export function takeToken() {
  const params = fragment();
  const fromUrl = params.get("token");
  if (fromUrl) {
    sessionStorage.setItem(KEY, fromUrl.trim());
    params.delete("token");
    const rest = params.toString();
    const { pathname, search } = window.location;
    window.history.replaceState(null, "", pathname + search + (rest ? `#${rest}` : ""));
  }
  return sessionStorage.getItem(KEY);
}

export function saveToken(token) {
  sessionStorage.setItem(KEY, token.trim());
}

export function clearToken() {
  sessionStorage.removeItem(KEY);
}
