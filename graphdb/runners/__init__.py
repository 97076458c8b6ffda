"""Runners (F0c §3a, F11 §2): the registry in Neo4j, the transports that reach a runner, and naming.

This package does I/O beyond Neo4j (local processes, HTTP). It lives in `graphdb`, the layer of services
the API resolvers and the CLI share, because the scan service (`graphdb.scan`) must call the naming runner
and `graphdb` may not depend on `api`; the pure parts (packets, answers, the sanitizer, runner specs,
applying labels) are in `rooms.naming`.

Public API:
- registry: `add_runner`, `list_runners`, `pin_runner`, `remove_runner`, `pinned_runner`,
  `RegisteredRunner`, `RunnerExists`
- transports: `open_transport`, `CommandTransport`, `HttpTransport`, `ChatCompletionsTransport`,
  `SYSTEM_PROMPT`
- naming: `name_blocks` (`BlockNamed` | `BlockFallback` per block), `graph_facts`, `name_candidate`
  (scan, ``naming: AUTO``), `name_with_runner` (`RunnerNamingApplied`), `runner_actor`
"""

from graphdb.runners.batch import BlockFallback, BlockNamed, BlockOutcome, labels_of, name_blocks
from graphdb.runners.facts import graph_facts
from graphdb.runners.naming import RunnerNamingApplied, name_candidate, name_with_runner, runner_actor
from graphdb.runners.registry import (
    RegisteredRunner,
    RunnerExists,
    add_runner,
    list_runners,
    pin_runner,
    pinned_runner,
    remove_runner,
)
from graphdb.runners.transports import (
    SYSTEM_PROMPT,
    ChatCompletionsTransport,
    CommandTransport,
    HttpTransport,
    open_transport,
)

__all__ = [
    "SYSTEM_PROMPT",
    "BlockFallback",
    "BlockNamed",
    "BlockOutcome",
    "ChatCompletionsTransport",
    "CommandTransport",
    "HttpTransport",
    "RegisteredRunner",
    "RunnerExists",
    "RunnerNamingApplied",
    "add_runner",
    "graph_facts",
    "labels_of",
    "list_runners",
    "name_blocks",
    "name_candidate",
    "name_with_runner",
    "open_transport",
    "pin_runner",
    "pinned_runner",
    "remove_runner",
    "runner_actor",
]
