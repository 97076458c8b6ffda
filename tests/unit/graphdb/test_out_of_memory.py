"""Which Neo4j errors are refusals for lack of memory, and what the message tells the user to do."""

from __future__ import annotations

import pytest

from graphdb.out_of_memory import advice, is_memory_refusal


@pytest.mark.parametrize(
    "code",
    [
        "Neo.TransientError.General.MemoryPoolOutOfMemoryError",
        "Neo.TransientError.General.TransactionMemoryLimit",
        "Neo.TransientError.General.OutOfMemoryError",
        "Neo.ClientError.General.TransactionOutOfMemoryError",
    ],
)
def test_neo4j_memory_codes_are_refusals(code: str) -> None:
    assert is_memory_refusal(code, ["50N42"])


@pytest.mark.parametrize("status", ["51N36", "51N72", "51N73"])
def test_a_gql_memory_status_is_a_refusal_even_as_the_cause_of_a_general_one(status: str) -> None:
    assert is_memory_refusal("Neo.DatabaseError.General.UnknownError", ["50N42", status])


@pytest.mark.parametrize(
    "code",
    [
        "Neo.TransientError.Transaction.DeadlockDetected",  # retried, as it should be
        "Neo.TransientError.General.DatabaseUnavailable",
        "Neo.ClientError.Statement.SyntaxError",
        "Neo.TransientError.Transaction.MaximumTransactionLimitReached",  # a count, not memory
    ],
)
def test_other_errors_are_not(code: str) -> None:
    assert not is_memory_refusal(code, ["50N42", "51N74"])


def test_the_local_server_is_told_its_heap_setting_and_restart() -> None:
    said = advice("local:default")
    assert "CODEROOMS_NEO4J_HEAP=6g" in said and "`coderooms db stop` and `coderooms db start`" in said


@pytest.mark.parametrize("source", ["external", "docker", None])
def test_a_server_of_the_users_own_is_told_its_memory_settings(source: str | None) -> None:
    said = advice(source)
    assert "NEO4J_URI" in said and "server.memory.heap.max_size" in said and "CODEROOMS_NEO4J_HEAP" not in said
