"""Neo4j's refusals for lack of memory, told apart from other driver errors.

Neo4j refuses a statement whose transaction would take more memory than a limit allows: its own transaction
limit, the pool all running transactions share, the off-heap transaction state or the heap itself. The
legacy status codes and the GQL statuses below are those Neo4j documents for them (the Neo4j 5 status code
lists, ``errors/all-errors`` and ``errors/gql-errors`` of neo4j/docs-status-codes). Most are transient
errors, which a managed transaction would run again until its retry time is spent: the same statement on the same
server asks for the same memory, so a retry only makes the user wait for the same refusal.
"""

from __future__ import annotations

from collections.abc import Iterable

from neo4j.exceptions import GqlError, Neo4jError

from graphdb.errors import DatabaseOutOfMemory

MEMORY_CODES = frozenset(
    {
        "Neo.TransientError.General.MemoryPoolOutOfMemoryError",  # a memory pool's limit, e.g. all transactions'
        "Neo.TransientError.General.TransactionMemoryLimit",  # the off-heap transaction state's limit
        "Neo.TransientError.General.OutOfMemoryError",  # the heap itself
        "Neo.ClientError.General.TransactionOutOfMemoryError",  # one transaction's own limit
    }
)
# Newer servers say it in GQL too, possibly as the cause of a general status ("50N42").
MEMORY_GQL_STATUSES = frozenset(
    {
        "51N36",  # out of memory
        "51N72",  # memory pool out of memory
        "51N73",  # transaction memory limit reached
    }
)


def is_memory_refusal(code: str, gql_statuses: Iterable[str] = ()) -> bool:
    """Whether a Neo4j error with this status code and these GQL statuses (its own and its causes') is a
    refusal for lack of memory."""
    return code in MEMORY_CODES or not MEMORY_GQL_STATUSES.isdisjoint(gql_statuses)


def advice(source: str | None) -> str:
    """What to do, for the server the error came from (``graphdb.connection.Target.source``)."""
    if source is not None and source.startswith("local:"):
        return (
            "give the local server a larger heap with CODEROOMS_NEO4J_HEAP (default 2g), e.g. "
            "CODEROOMS_NEO4J_HEAP=6g (and raise or unset CODEROOMS_NEO4J_TRANSACTION_MEMORY if you set it), "
            "then run `coderooms db stop` and `coderooms db start`"
        )
    return (
        "raise the memory settings of the Neo4j server at NEO4J_URI (server.memory.heap.max_size, "
        "dbms.memory.transaction.total.max, db.memory.transaction.max), restart it, then try again"
    )


def as_out_of_memory(exc: Neo4jError, source: str | None) -> DatabaseOutOfMemory | None:
    """The error to raise instead of ``exc`` when it is a refusal for lack of memory, else None."""
    if not is_memory_refusal(exc.code, _gql_statuses(exc)):
        return None
    said = " ".join(exc.message.split()) if exc.message else exc.code
    return DatabaseOutOfMemory(f"Neo4j ran out of memory for a statement and refused it ({said}); {advice(source)}")


def _gql_statuses(exc: Neo4jError) -> list[str]:
    statuses: list[str] = []
    cause: BaseException | None = exc
    while isinstance(cause, GqlError) and len(statuses) < 16:  # the chain the server sent, bounded
        statuses.append(cause.gql_status)
        cause = cause.__cause__
    return statuses
