// A File node of a code graph's key, created in a transaction a test keeps open: until it ends, a scan that
// creates the same file in that graph waits on the key constraint (so the scan cannot get past loading).
CREATE (:File {repo_id: $graph, id: 'file::' + $path, path: $path})
