"""GraphQL responses are encoded as compact JSON, whatever strings they carry."""

from __future__ import annotations

import json

from api.app import _GraphQLApp
from api.schema import build_schema


def _encode(data: object) -> object:
    return json.loads(_GraphQLApp(build_schema()).encode_json(data))


def test_responses_round_trip_as_json() -> None:
    data = {"data": {"store": {"name": "Zürich ✓ \u2028", "n": 3, "ratio": 0.5, "ok": True, "none": None}}}
    assert _encode(data) == data


def test_a_lone_surrogate_is_escaped_rather_than_failing_the_response() -> None:
    assert _encode({"data": {"name": "broken \ud800"}}) == {"data": {"name": "broken \ud800"}}
