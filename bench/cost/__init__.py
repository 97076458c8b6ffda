"""bench/cost: refusing an over-budget query against answering a small one."""
