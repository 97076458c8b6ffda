"""Completed GraphQL values of immutable objects, kept across requests.

A map read resolves some 2,000 fields, nearly all of them plain attributes of blocks, and resolving them
costs far more than the database read behind the map. Blocks are immutable values that keep their
identity across versions: a block doc of the same text is the very same parsed model
(``graphdb.store``), converted once to the very same schema object (``api.schema.store``). Completing
the same object under the same selection (the parser cache hands out the same AST nodes for the same
document) with the same variables gives the same dict every time, so the executor keeps it, for the
types listed in ``api.schema.store.IMMUTABLE_TYPES`` only (their fields read attributes and nothing else).
A completion that raised or recorded an error, or that is asynchronous, is not kept.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from graphql import GraphQLObjectType, GraphQLResolveInfo
from graphql.pyutils import Path
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

MEMO_SIZE = 4096
_UNKEYABLE = object()
R = TypeVar("R")


class ValueMemo:
    """A bounded LRU of completed values; an entry holds its object and AST nodes so their ids stay theirs."""

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[Any, ...], tuple[Any, tuple[Any, ...], dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...], result: Any) -> dict[str, Any] | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] is not result:
                return None
            self._entries.move_to_end(key)
            return entry[2]

    def put(self, key: tuple[Any, ...], result: Any, nodes: tuple[Any, ...], value: dict[str, Any]) -> None:
        with self._lock:
            self._entries[key] = (result, nodes, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)


def memoizing_executor(types: frozenset[str], memo: ValueMemo) -> type[StrawberryGraphQLCoreExecutionContext]:
    """An executor class that completes objects of ``types`` from ``memo`` when it can (one memo per schema)."""

    class MemoizingExecutor(StrawberryGraphQLCoreExecutionContext):
        _variables_key: Any = None

        def complete_object_value(self, return_type: GraphQLObjectType, field_details_list: Any,
                                  info: GraphQLResolveInfo, path: Path, result: Any,
                                  position_context: Any) -> Any:
            variables = self._variables() if return_type.name in types else _UNKEYABLE
            if variables is _UNKEYABLE:
                return super().complete_object_value(return_type, field_details_list, info, path, result,
                                                     position_context)
            nodes = tuple(details.node for details in field_details_list)
            key = (return_type.name, id(result), tuple(map(id, nodes)), variables)
            known = memo.get(key, result)
            if known is not None:
                return known
            errors_before = len(self.collected_errors.errors)
            value = super().complete_object_value(return_type, field_details_list, info, path, result,
                                                  position_context)
            if isinstance(value, dict) and len(self.collected_errors.errors) == errors_before:
                memo.put(key, result, nodes, value)
            return value

        def _variables(self) -> Any:
            """The request's variables as a key (they can steer ``@skip``/``@include`` under a kept object)."""
            if self._variables_key is None:
                try:
                    self._variables_key = json.dumps(self.variable_values.coerced, sort_keys=True)
                except (TypeError, ValueError):
                    self._variables_key = _UNKEYABLE
            return self._variables_key

    return MemoizingExecutor


class IdentityMemo:
    """Values computed from objects that are never changed in place (blocks and their models), kept while
    the very same objects come back: an unchanged store, read again, is made of the same objects (see
    ``graphdb.store``). An entry holds its objects, so their ids stay theirs while it is kept."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, compute: Callable[..., R], objects: Sequence[Any], *args: Hashable) -> R:
        """``compute(objects, *args)``, or what it gave before for the same objects and ``args``."""
        held = tuple(objects)
        key = (compute, args, *map(id, held))
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
                return entry[1]
        value = compute(held, *args)
        with self._lock:
            self._entries[key] = (held, value)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value


DERIVED = IdentityMemo(size=256)  # values over a store's blocks; the process's, whichever schema serves them
