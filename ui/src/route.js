// Deep links: `#repo=ID&block=ID` (or `?repo=ID&block=ID`) name one repository and one block. Every
// navigation the owner makes (another repository, another block) is a history entry, so the browser's back
// button walks back through them. The token never stays in the address (auth.js takes it out first).

import { useCallback, useEffect, useState } from "preact/hooks";

function read() {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const query = new URLSearchParams(window.location.search);
  return {
    repo: hash.get("repo") ?? query.get("repo") ?? null,
    block: hash.get("block") ?? query.get("block") ?? null,
  };
}

function href({ repo, block }) {
  const params = new URLSearchParams();
  if (repo) params.set("repo", repo);
  if (repo && block) params.set("block", block);
  const rest = params.toString();
  return `${window.location.pathname}${rest ? `#${rest}` : ""}`;
}

/** [route, navigate(next, {replace})]: the address's repository and block, and the way to change them. */
export function useRoute() {
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const follow = () => setRoute(read());
    window.addEventListener("popstate", follow);
    window.addEventListener("hashchange", follow);
    return () => {
      window.removeEventListener("popstate", follow);
      window.removeEventListener("hashchange", follow);
    };
  }, []);
  const navigate = useCallback((next, { replace = false } = {}) => {
    const target = href(next);
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (target !== here) window.history[replace ? "replaceState" : "pushState"](null, "", target);
    setRoute(read());
  }, []);
  return [route, navigate];
}
