"""A lean HTTP/1.1 client for the load: one keep-alive connection, POST of a JSON body, the whole answer read.

The load runs on the same CPUs as the API and Neo4j, so what the client itself costs per request is taken
from the server it measures. httpx spent about 3.3 ms of CPU per request here; this spends a fraction of
that, because it does only what the load needs: a ``Content-Length`` or chunked answer on a connection it
reopens after any failure.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from urllib.parse import urlsplit

import orjson


class WireError(Exception):
    """The connection failed or the answer was not HTTP/1.1 as expected (the connection is dropped)."""


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]  # lower-case names; a repeated header keeps its last value
    body: bytes

    def json(self) -> object:
        return orjson.loads(self.body)


class Connection:
    """POSTs to one origin over one keep-alive connection, opened on first use and after a failure."""

    def __init__(self, base_url: str, headers: dict[str, str], timeout: float = 60.0) -> None:
        parts = urlsplit(base_url)
        if parts.scheme != "http" or parts.hostname is None:
            raise ValueError(f"an http:// origin is needed, not {base_url!r}")
        self._host, self._port = parts.hostname, parts.port or 80
        self._fixed = "".join(
            f"{name}: {value}\r\n"
            for name, value in {"host": parts.netloc, "content-type": "application/json", **headers}.items()
        )
        self._timeout = timeout
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def post_json(self, path: str, payload: object) -> Answer:
        body = orjson.dumps(payload)
        head = f"POST {path} HTTP/1.1\r\n{self._fixed}content-length: {len(body)}\r\n\r\n".encode("latin-1")
        try:
            return await asyncio.wait_for(self._exchange(head + body), self._timeout)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as exc:
            await self.close()
            raise WireError(f"{type(exc).__name__}: {exc}") from exc

    async def _exchange(self, request: bytes) -> Answer:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self._host, self._port)
        assert self._reader is not None
        self._writer.write(request)
        status_line, *lines = (await self._reader.readuntil(b"\r\n\r\n"))[:-4].decode("latin-1").split("\r\n")
        version, code, *_ = status_line.split(" ", 2)
        if version != "HTTP/1.1":
            raise ValueError(f"not an HTTP/1.1 answer: {status_line!r}")
        headers = {}
        for line in lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if code in ("204", "304"):  # never a body (RFC 9110)
            body = b""
        elif "content-length" in headers:
            body = await self._reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            body = await self._chunks()
        else:
            raise ValueError("an answer with neither Content-Length nor chunked encoding")
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return Answer(int(code), headers, body)

    async def _chunks(self) -> bytes:
        assert self._reader is not None
        parts = []
        while size := int((await self._reader.readuntil(b"\r\n"))[:-2].split(b";", 1)[0], 16):
            parts.append(await self._reader.readexactly(size + 2))
            parts[-1] = parts[-1][:-2]
        await self._reader.readuntil(b"\r\n")  # no trailers are sent to us: the empty line ends the answer
        return b"".join(parts)

    async def close(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            try:
                await writer.wait_closed()
            except OSError:
                pass
