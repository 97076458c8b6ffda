// Open a curation mission; `packet` is the curation packet as JSON (seed, report, note, review).
CREATE (m:Mission {mission_id: $mission_id, repo_id: $repo_id, state: 'open', note: $note, packet: $packet,
                   opened_by: $opened_by, opened_at: $opened_at, base_store_version: $base_store_version,
                   letter_count: 0})
RETURN m {.*, packet: null} AS mission
