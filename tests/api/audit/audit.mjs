// Usage: node audit.mjs <graphql url> [bearer token]
// Prints one JSON line per audit: {id, name, status: "ok"|"warn"|"error", reason}.
import { serverAudits } from 'graphql-http';

const [url, token] = process.argv.slice(2);
const fetchFn = (input, init = {}) => {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers });
};

const results = [];
for (const audit of serverAudits({ url, fetchFn })) {
  const result = await audit.fn();
  results.push({ id: audit.id, name: audit.name, status: result.status, reason: result.reason ?? null });
}
console.log(JSON.stringify(results));
