// Two probe nodes of a test's repository, for concurrent writers to lock.
UNWIND ['first', 'second'] AS name
CREATE (:RetryProbe {repo_id: $repo_id, name: name, touched: 0})
