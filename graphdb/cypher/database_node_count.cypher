// How many nodes the whole database holds (a benchmark that cleans up after itself leaves it unchanged).
MATCH (n)
RETURN count(n) AS nodes
