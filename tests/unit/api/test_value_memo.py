"""The executor keeps completed blocks and answers exactly as a plain executor does."""

from __future__ import annotations

import strawberry
from strawberry.extensions import ParserCache

from api.schema import store as types
from api.schema.value_memo import IdentityMemo, memoizing_executor
from tests.api.edit_support import _block
from rooms.contract import MemberRole

DOCUMENT = """query($meta: Boolean!) {
  blocks { blockId name membership { path role } candidateMeta @include(if: $meta) { namedBy } }
}"""


def _schema(blocks: list[types.Block], memo: IdentityMemo | None) -> strawberry.Schema:
    @strawberry.type
    class Query:
        @strawberry.field
        def blocks(self) -> list[types.Block]:
            return blocks

    executor = memoizing_executor(types.IMMUTABLE_TYPES, memo) if memo is not None else None
    # As served: the parser cache hands out the same document nodes for the same text.
    return strawberry.Schema(query=Query, execution_context_class=executor, extensions=[lambda: ParserCache(maxsize=8)])


def _run(schema: strawberry.Schema, meta: bool) -> dict:
    result = schema.execute_sync(DOCUMENT, variable_values={"meta": meta})
    assert result.errors is None, result.errors
    return result.data


def test_kept_blocks_answer_as_a_plain_executor_does() -> None:
    models = [_block("sb_a", [("a/**", MemberRole.PRIMARY)], []), _block("sb_b", [("b.py", MemberRole.DOCS)], [])]
    blocks = [types.block(m) for m in models]
    memo = IdentityMemo()
    kept, plain = _schema(blocks, memo), _schema(blocks, None)
    first = _run(kept, True)
    assert len(memo) == 2  # one completed value per block
    assert [_run(kept, True), _run(kept, False), _run(kept, True)] == [
        _run(plain, True), _run(plain, False), _run(plain, True)]
    assert first == _run(plain, True)
    assert len(memo) == 4  # the other variables made other entries


def test_a_changed_block_is_a_new_object_and_is_completed_afresh() -> None:
    model = _block("sb_a", [("a/**", MemberRole.PRIMARY)], [])
    renamed = model.model_copy(update={"name": "Renamed"})
    assert types.block(model) is types.block(model)  # unchanged model: the same schema object
    memo = IdentityMemo()
    assert _run(_schema([types.block(model)], memo), True)["blocks"][0]["name"] == model.name
    assert _run(_schema([types.block(renamed)], memo), True)["blocks"][0]["name"] == "Renamed"


def test_the_memo_is_bounded() -> None:
    memo = IdentityMemo(size=3)
    blocks = [types.block(_block(f"sb_{i}", [(f"f{i}.py", MemberRole.PRIMARY)], [])) for i in range(5)]
    _run(_schema(blocks, memo), True)
    assert len(memo) == 3
