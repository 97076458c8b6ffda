"""The load's HTTP client against a real socket server: what it sends, both ways of framing an answer,
keep-alive reuse, and a dropped connection reported then reopened."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from bench.load.wire import Connection, WireError


class _Server:
    """Answers each request with the next of ``answers`` (raw bytes; None: close the connection instead; a
    one-tuple: send its bytes, then close) and keeps what it received and how many connections it accepted."""

    def __init__(self, answers: list[bytes | tuple[bytes] | None]) -> None:
        self.answers = answers
        self.requests: list[tuple[str, dict[str, str], bytes]] = []
        self.connections = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                line, *fields = head[:-4].decode("latin-1").split("\r\n")
                headers = {k.strip().lower(): v.strip() for k, _, v in (f.partition(":") for f in fields)}
                body = await reader.readexactly(int(headers["content-length"]))
                self.requests.append((line, headers, body))
                answer = self.answers.pop(0)
                if answer is None:
                    break
                writer.write(answer[0] if isinstance(answer, tuple) else answer)
                await writer.drain()
                if isinstance(answer, tuple):
                    break
        except asyncio.IncompleteReadError:
            pass
        writer.close()


def _with_server(answers: list[bytes | tuple[bytes] | None], talk) -> _Server:  # a coroutine function
    """Serve ``answers`` while ``talk(connection)`` runs, on an event loop in a thread of its own (an earlier
    test of the session may leave an event loop running in this one)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(_serving(answers, talk))).result()


async def _serving(answers: list[bytes | tuple[bytes] | None], talk) -> _Server:
    server = _Server(answers)
    listener = await asyncio.start_server(server.handle, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    connection = Connection(f"http://127.0.0.1:{port}", {"authorization": "Bearer t"}, timeout=5)
    try:
        await talk(connection)
    finally:
        await connection.close()
        listener.close()
        await listener.wait_closed()
    return server


def _sized(body: bytes, *extra: str) -> bytes:
    head = "".join(f"{h}\r\n" for h in extra)
    return f"HTTP/1.1 200 OK\r\ncontent-length: {len(body)}\r\n{head}\r\n".encode() + body


def test_posts_json_and_reads_sized_and_chunked_answers_on_one_connection() -> None:
    chunked = (
        b"HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\nCache-Status: x; hit\r\n\r\n"
        b'4\r\n{"a"\r\n5;ext=1\r\n: [1]\r\n1\r\n}\r\n0\r\n\r\n'
    )
    answers: list[object] = []

    async def talk(connection: Connection) -> None:
        answers.append(await connection.post_json("/graphql", {"query": "{ x }", "variables": {"é": 1}}))
        answers.append(await connection.post_json("/graphql", {"query": "{ y }"}))

    server = _with_server([_sized(b'{"data":{"x":1}}', "X-Seen: yes"), chunked], talk)
    first, second = answers
    assert (first.status, first.json(), first.headers["x-seen"]) == (200, {"data": {"x": 1}}, "yes")
    assert (second.status, second.json(), second.headers["cache-status"]) == (201, {"a": [1]}, "x; hit")
    assert server.connections == 1  # kept alive
    line, headers, body = server.requests[0]
    assert line == "POST /graphql HTTP/1.1"
    assert headers["authorization"] == "Bearer t" and headers["content-type"] == "application/json"
    assert json.loads(body) == {"query": "{ x }", "variables": {"é": 1}}


def test_a_dropped_connection_is_an_error_and_the_next_request_reconnects() -> None:
    outcomes: list[object] = []

    async def talk(connection: Connection) -> None:
        for _ in range(2):
            try:
                outcomes.append((await connection.post_json("/graphql", {})).json())
            except WireError as exc:
                outcomes.append(exc)

    server = _with_server([None, _sized(b"[]")], talk)
    assert isinstance(outcomes[0], WireError) and outcomes[1] == []
    assert server.connections == 2


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n",  # not HTTP/1.1
        b"HTTP/1.1 200 OK\r\n\r\n",  # no framing
        (b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nshort",),  # cut short by the server closing
    ],
)
def test_answers_it_cannot_frame_are_errors(answer: bytes | tuple[bytes]) -> None:
    failures: list[WireError] = []

    async def talk(connection: Connection) -> None:
        with pytest.raises(WireError) as caught:
            await connection.post_json("/", {})
        failures.append(caught.value)

    _with_server([answer, None], talk)
    assert len(failures) == 1


def test_only_http_origins() -> None:
    with pytest.raises(ValueError):
        Connection("https://example.org", {})
