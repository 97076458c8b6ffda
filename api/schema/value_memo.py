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
_MISSING = object()
R = TypeVar("R")


class IdentityMemo:
    """Values computed from objects that are never changed in place (blocks, their models, parsed
    documents), kept while the very same objects come back, in a bounded LRU. An entry holds its objects,
    so their ids stay theirs while it is kept."""

    def __init__(self, size: int = MEMO_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[Any, ...], tuple[tuple[Any, ...], Any]] = OrderedDict()
        self._lock = threading.Lock()

    def find(self, objects: Sequence[Any], *key: Hashable) -> Any:
        """What was kept for these very objects and ``key``, else ``_MISSING``."""
        slot = (key, *map(id, objects))
        with self._lock:
            entry = self._entries.get(slot)
            if entry is None:
                return _MISSING
            self._entries.move_to_end(slot)
            return entry[1]

    def keep(self, objects: Sequence[Any], *key: Hashable, value: Any) -> None:
        held = tuple(objects)
        slot = (key, *map(id, held))
        with self._lock:
            self._entries[slot] = (held, value)
            self._entries.move_to_end(slot)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def get(self, compute: Callable[..., R], objects: Sequence[Any], *args: Hashable) -> R:
        """``compute(objects, *args)``, or what it gave before for the same objects and ``args``."""
        held = tuple(objects)
        known = self.find(held, compute, *args)
        if known is not _MISSING:
            return known
        value = compute(held, *args)
        self.keep(held, compute, *args, value=value)
        return value

    def __len__(self) -> int:
        return len(self._entries)


def memoizing_executor(types: frozenset[str], memo: IdentityMemo) -> type[StrawberryGraphQLCoreExecutionContext]:
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
            objects = (result, *(details.node for details in field_details_list))
            known = memo.find(objects, return_type.name, variables)
            if known is not _MISSING:
                return known
            errors_before = len(self.collected_errors.errors)
            value = super().complete_object_value(return_type, field_details_list, info, path, result,
                                                  position_context)
            if isinstance(value, dict) and len(self.collected_errors.errors) == errors_before:
                memo.keep(objects, return_type.name, variables, value=value)
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


DERIVED = IdentityMemo(size=256)  # values over a store's blocks; the process's, whichever schema serves them
