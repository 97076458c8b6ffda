"""Single read statements on the API's event loop, through the driver's asyncio API.

Every read the API may answer from its response cache makes one small statement (``request_head``). Run
through the blocking driver, each such read hands off to a worker thread and back, and the threads contend
for the interpreter lock with the event loop. Measured on this statement with four concurrent callers: the
asyncio driver answered 1,050–1,500 reads/s at 0.7–0.8 ms of CPU each, the thread hand-off 630–760 reads/s
at 1.2–1.3 ms. Everything else keeps using :class:`graphdb.database.Database`.
"""

from __future__ import annotations

from typing import Any

from neo4j import READ_ACCESS, AsyncDriver, AsyncGraphDatabase

from graphdb.connection import Target, driver_options
from graphdb.database import unavailable_as_error
from graphdb.queries import query


class EventLoopReads:
    """Auto-commit read statements from the catalog, awaited on the running event loop."""

    def __init__(self, driver: AsyncDriver, database: str) -> None:
        self._driver = driver
        self._database = database

    @classmethod
    def connect(cls, target: Target) -> "EventLoopReads":
        """Opens no connection yet: the first statement does, on the loop that awaits it."""
        return cls(AsyncGraphDatabase.driver(target.uri, auth=(target.user, target.password), **driver_options()),
                   target.database)

    async def rows(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        """As :meth:`graphdb.database.Database.rows`: one statement, one committed state, one round trip.
        Failing to reach the database raises :class:`graphdb.errors.DatabaseUnavailable`. Values come as the
        driver decoded them: these statements return properties, never nodes, so ``Record.data()``'s walk over
        every value (a quarter of the head statement's client time, its manifest being a list) is skipped."""
        with unavailable_as_error():
            async with self._driver.session(database=self._database, default_access_mode=READ_ACCESS) as session:
                result = await session.run(query(name), params)
                return [dict(record.items()) async for record in result]

    async def close(self) -> None:
        await self._driver.close()
