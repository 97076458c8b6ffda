// Take (or refresh) a repository's scan lock: one scan or ingest of a repository at a time, whichever process
// runs it. The lock is a node with a holder and an expiry (ms since the epoch, the server's clock); a holder
// whose expiry has passed (a crashed scan) is replaced. MERGE on the key constraint makes two takers of a
// missing lock meet on one node; the write that follows locks it, so the decision reads a settled holder.
MERGE (l:ScanLock {repo_id: $repo_id})
ON CREATE SET l.holder = $holder, l.until = timestamp() + $ttl_ms
SET l._lock = true
REMOVE l._lock
WITH l, l.holder = $holder OR l.until < timestamp() AS taken
SET l.holder = CASE WHEN taken THEN $holder ELSE l.holder END,
    l.until = CASE WHEN taken THEN timestamp() + $ttl_ms ELSE l.until END
RETURN taken, l.until - timestamp() AS remaining_ms
