// The only way the screen talks to the server: POST /graphql with a bearer token.
// Every round trip is timed in the browser (performance.now around the fetch) into window.__coderooms.

export class AuthError extends Error {}
export class RequestError extends Error {}

export const metrics = (window.__coderooms ??= { requests: [], gestures: [], firstMapRender: null });

function keep(list, entry, max = 500) {
  list.push(entry);
  if (list.length > max) list.splice(0, list.length - max);
}

// The last answer to each read that came with an ETag: asked again, the server answers 304 while it holds.
const answered = new Map();
const ANSWERED_MAX = 8;

export async function gql(token, query, variables = {}, label = "query") {
  const started = performance.now();
  const requestBody = JSON.stringify({ query, variables });
  const key = `${token}\n${requestBody}`;
  const last = answered.get(key);
  let response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      credentials: "omit",
      cache: "no-store",
      headers: {
        "content-type": "application/json",
        accept: "application/graphql-response+json, application/json",
        authorization: `Bearer ${token}`,
        ...(last ? { "if-none-match": last.etag } : {}),
      },
      body: requestBody,
    });
  } catch (error) {
    throw new RequestError(`the server did not answer (${error.message})`);
  }
  if (response.status === 304 && last) {
    keep(metrics.requests, { label, ms: performance.now() - started, start: started });
    return last.data;
  }
  const body = await response.json().catch(() => null);
  keep(metrics.requests, { label, ms: performance.now() - started, start: started });
  if (response.status === 401) throw new AuthError("the server refused this token");
  const errors = body?.errors ?? [];
  if (!body || errors.length || !body.data) {
    const text = errors.map((e) => e.message).join("; ") || `HTTP ${response.status}`;
    throw new RequestError(text);
  }
  const etag = response.headers.get("etag");
  answered.delete(key);
  if (etag) {
    answered.set(key, { etag, data: body.data });
    if (answered.size > ANSWERED_MAX) answered.delete(answered.keys().next().value);
  }
  return body.data;
}

/** A fresh id for one gesture's batch (a retried request answers with the recorded result). */
export function batchId() {
  // getRandomValues works outside secure contexts too (randomUUID does not).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ui-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
