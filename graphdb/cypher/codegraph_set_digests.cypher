// Written last: a file whose load was interrupted keeps a null digest and is rewritten next time.
// rows: [element id, file id, digest]: every file whose digest is set was written by this load, which has its
// element id, so there is no index seek (a label here would make the planner seek the key index instead; the
// "file::" key is a File's alone). The key check keeps a node that went meanwhile (and an id reused) as it is.
CYPHER replan=skip
UNWIND $batch.rows AS row
MATCH (f) WHERE elementId(f) = row[0] AND f.repo_id = $batch.repo_id AND f.id = row[1]
SET f.digest = row[2]
