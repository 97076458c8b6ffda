"""The bind guard's pure rules: which addresses are loopback, and when a bind is refused."""

from __future__ import annotations

import pytest

from api.bind_guard import bind_refusal, is_loopback_host

LOOPBACK = [
    "127.0.0.1",
    "127.1.2.3",
    "::1",
    "[::1]",
    "localhost",
    "LOCALHOST",
    " localhost ",
    "localhost.",
    "::ffff:127.0.0.1",
    "0:0:0:0:0:0:0:1",
]
REACHABLE = [
    "0.0.0.0",
    "::",
    "[::]",
    "",
    "192.168.1.10",
    "10.0.0.1",
    "fe80::1%eth0",
    "2001:db8::1",
    "::ffff:10.0.0.1",
    "example.com",
    "localhost.example.com",
    "my-host",
    "127.0.0.1.nip.io",
    "0",
]


@pytest.mark.parametrize("host", LOOPBACK)
def test_loopback_addresses_and_localhost_are_loopback(host: str) -> None:
    assert is_loopback_host(host)


@pytest.mark.parametrize("host", REACHABLE)
def test_wildcards_interfaces_and_other_names_are_not_loopback(host: str) -> None:
    assert not is_loopback_host(host)


@pytest.mark.parametrize("host", LOOPBACK)
@pytest.mark.parametrize("owner_tokens", [None, 0, 1])
def test_a_loopback_bind_is_never_refused(host: str, owner_tokens: int | None) -> None:
    assert bind_refusal(host, owner_tokens) is None


@pytest.mark.parametrize("host", REACHABLE)
def test_a_remote_bind_starts_once_an_owner_token_exists(host: str) -> None:
    assert bind_refusal(host, 1) is None
    assert bind_refusal(host, 3) is None


@pytest.mark.parametrize("host", REACHABLE)
def test_a_remote_bind_without_an_owner_token_is_refused_with_the_way_out(host: str) -> None:
    message = bind_refusal(host, 0)
    assert message is not None
    assert repr(host) in message and "no OWNER token" in message
    assert "coderooms token create --seat owner" in message and "127.0.0.1" in message


def test_a_remote_bind_is_refused_when_the_database_cannot_be_asked() -> None:
    message = bind_refusal("0.0.0.0", None, "Neo4j is not answering")
    assert message is not None and "cannot check for an OWNER token (Neo4j is not answering)" in message
