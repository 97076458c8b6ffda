"""Identity comes from the bearer token: no token or a bad one gets 401 and nothing else."""

from __future__ import annotations

import httpx
import pytest

from graphdb.database import Database
from graphdb.tokens import create_token, identify, revoke_token
from rooms.contract import Seat
from tests.api.conftest import ServedApi

pytestmark = pytest.mark.integration

QUERY = "{ serverInfo { version } }"


@pytest.mark.parametrize("header", [None, "Bearer", "Bearer crt_not-a-real-token", "Basic abc", "crt_x"])
def test_missing_or_bad_token_is_401_and_nothing_else(api: ServedApi, header: str | None) -> None:
    headers = {"authorization": header} if header is not None else {}
    response = httpx.post(api.graphql_url, json={"query": QUERY}, headers=headers)
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")
    assert "data" not in response.json()


def test_revoked_token_is_refused(api: ServedApi, db: Database) -> None:
    token_id, token = create_token(db, Seat.READER, "short-lived")
    assert api.post(QUERY, token=token).status_code == 200
    assert revoke_token(db, token_id)
    assert api.post(QUERY, token=token).status_code == 401


def test_tokens_are_stored_only_as_hashes(db: Database) -> None:
    token_id, token = create_token(db, Seat.AGENT, "agent-7", "hash-check")
    identity = identify(db, token)
    assert identity is not None and (identity.seat, identity.agent_id) == (Seat.AGENT, "agent-7")
    stored = db.driver.execute_query(
        "MATCH (t:Token {token_id: $id}) RETURN properties(t) AS p", id=token_id, database_=db.database
    ).records[0]["p"]
    assert token not in {str(v) for v in stored.values()}


def test_graphiql_page_needs_no_token(api: ServedApi) -> None:
    page = httpx.get(api.graphql_url, headers={"accept": "text/html"})
    assert page.status_code == 200
