"""A tiny local HTTP naming server (a real socket, in a thread) for the `http` and `openai` transports.

- ``POST /name``: the body is a naming packet; the answer is `tests.runners.namer.answer` (``crash`` is
  HTTP 500, ``timeout`` stalls past any test timeout);
- ``POST /v1/chat/completions``: an OpenAI-compatible endpoint; the packet is the user message, and the
  answer comes back as the first choice's content, inside a ```json fence. With ``api_key`` set, any
  other bearer token is answered 401.

Every request is recorded (path, headers, parsed body) in `requests`; `max_in_flight` is the most requests
it was answering at once. ``delay_ms`` delays every answer.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.runners.namer import answer


class NamingServer:
    def __init__(self, api_key: str | None = None, delay_ms: int = 0) -> None:
        self.api_key = api_key
        self.delay_ms = delay_ms
        self.requests: list[dict[str, Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> NamingServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                pass

            def _reply(self, status: int, body: bytes) -> None:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:  # http.server's naming
                body = json.loads(self.rfile.read(int(self.headers["content-length"])))
                with server._lock:
                    server.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    self._route(body)
                finally:
                    with server._lock:
                        server.in_flight -= 1

            def _route(self, body: dict[str, Any]) -> None:
                time.sleep(server.delay_ms / 1000)
                if self.path == "/name":
                    self._answer(body, chat=False)
                elif self.path == "/v1/chat/completions":
                    if server.api_key and self.headers.get("authorization") != f"Bearer {server.api_key}":
                        self._reply(401, b'{"error": "bad key"}')
                        return
                    self._answer(json.loads(body["messages"][1]["content"]), chat=True)
                else:
                    self._reply(404, b"{}")

            def _answer(self, packet: dict[str, Any], *, chat: bool) -> None:
                kind, text = answer(packet)
                if kind == "timeout":
                    time.sleep(30)
                    return
                if kind == "crash":
                    self._reply(500, b'{"error": "boom"}')
                    return
                if chat:
                    content = "```json\n" + text.decode("utf-8", "replace") + "\n```"
                    text = json.dumps(
                        {
                            "id": "c1",
                            "object": "chat.completion",
                            "choices": [
                                {
                                    "index": 0,
                                    "message": {"role": "assistant", "content": content},
                                    "finish_reason": "stop",
                                }
                            ],
                        }
                    ).encode()
                self._reply(200, text)

        return Handler
