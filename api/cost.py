"""The cost of a GraphQL operation, priced from its document before anything runs.

A unit is what one field Strawberry completes costs the API (bench/cost measures it). An operation costs
the sum of its fields, fragments expanded where they are spread:

- a field costs 1, plus its own weight (a root field is a database round trip, ``ROUND_TRIP``; a field
  whose value is a block map builds all of it, ``STORE_MAP``, whatever is selected; ``WEIGHTS`` names the
  fields that build much more than they show), plus what is selected inside it;
- a list multiplies what is selected inside it by its size: a page's ``first`` / ``last`` (a literal,
  else the argument's default; a variable is priced at the largest page, ``PAGE_MAX``: the rule sees the
  document only, so that validation is cached), and any other list by the size a large map gives it
  (``LIST_SIZES``, else ``DEFAULT_LIST_SIZE``);
- where a union or an interface is selected, the dearest of its types counts (only one is returned);
- introspection (``__schema``, ``__type``) costs a flat ``INTROSPECTION``: it reads the schema, not the store.

An operation over the budget is refused before it runs, as a request error whose ``extensions`` are
``{"code": "QUERY_TOO_COSTLY", "cost": …, "budget": …}`` (HTTP 200 with ``application/json``, 400 with
``application/graphql-response+json``, as any request error). The alias count needs no limit of its own:
an alias of a dear field costs what the field costs.
"""

from __future__ import annotations

from typing import Any

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLArgument,
    GraphQLError,
    GraphQLField,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    NamedTypeNode,
    OperationDefinitionNode,
    SelectionSetNode,
    ValidationRule,
    get_named_type,
    get_nullable_type,
    is_abstract_type,
    is_list_type,
    value_from_ast,
)

CODE = "QUERY_TOO_COSTLY"
PAGE_MAX = 500  # the largest page a connection or the history serves (api.schema.scan_types.page, history)
ROUND_TRIP = 100  # a statement to Neo4j and back
STORE_MAP = 1_000  # the block map built from the store's one read per request, for each field that shows it
SEED = 5_000  # a whole store written out as seed JSON: a large map's every block, member and socket
SCAN = 10_000  # a scan: discovery, parsing, the code graph's load and the clustering
INTROSPECTION = 2_000
DEFAULT_LIST_SIZE = 20

MAP_TYPES = {"Store", "BlockMap"}
WEIGHTS: dict[str, int] = {
    "Query.blocks": STORE_MAP,
    "Query.block": STORE_MAP,
    "Query.reviewQueue": STORE_MAP,
    "Query.exportSeed": SEED,
    "Mission.packet": SEED,
    "Mutation.skeletonCandidate": SCAN,
    "Mutation.startScan": SCAN,
    "Mutation.reconcile": SCAN,
    "Mutation.nameWithRunner": SEED,  # a runner's answer for every block, sanitized, then one edit batch
}
LIST_SIZES: dict[str, int] = {
    "blocks": 100,
    "nodes": 100,
    "membership": 10,
    "unmappedFiles": PAGE_MAX,  # the store keeps the first 500
    "unmappedResidue": 5,
    "seamPaths": 5,
    "resolvedSeams": 5,
    "callers": 12,  # the symbols of an edge behind a socket: at most 12 each side (picture_socket_edges)
    "used": 12,
    "inputs": 5,
    "outputs": 5,
    "external": 5,
    "named": 100,
    "fallbacks": 100,
    "multiOwnerSeams": 50,
    "repos": 50,
    "missions": 50,
}
_PAGE_ARGUMENTS = ("first", "last")


def cost_rule(budget: int) -> type[ValidationRule]:
    """A validation rule refusing every operation of a document that costs more than ``budget``."""

    class QueryCost(ValidationRule):
        def enter_operation_definition(self, node: OperationDefinitionNode, *_: Any) -> None:
            fragments = {
                d.name.value: d for d in self.context.document.definitions if isinstance(d, FragmentDefinitionNode)
            }
            cost = price(self.context.schema, node, fragments)
            if cost > budget:
                self.report_error(
                    GraphQLError(
                        f"query too costly: it costs {cost} and the budget is {budget}; ask for fewer or "
                        "smaller fields (a page at a time, one export per request)",
                        node,
                        extensions={"code": CODE, "cost": cost, "budget": budget},
                    )
                )

    return QueryCost


def price(
    schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: dict[str, FragmentDefinitionNode]
) -> int:
    """The cost of ``operation`` (fields unknown to ``schema`` cost nothing: validation refuses them)."""
    root = schema.get_root_type(operation.operation)
    return 0 if root is None else _Pricing(schema, fragments).selections(operation.selection_set, root, None)


class _Pricing:
    def __init__(self, schema: GraphQLSchema, fragments: dict[str, FragmentDefinitionNode]) -> None:
        self.schema, self.fragments = schema, fragments
        self.spreads: dict[tuple[str, str, int | None], int] = {}  # a fragment spread twice is priced once

    def selections(self, selection_set: SelectionSetNode, parent: GraphQLObjectType, page: int | None) -> int:
        total = 0
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                total += self.field(selection, parent, page)
            elif isinstance(selection, InlineFragmentNode):
                if self.applies(selection.type_condition, parent):
                    total += self.selections(selection.selection_set, parent, page)
            elif isinstance(selection, FragmentSpreadNode):
                total += self.spread(selection.name.value, parent, page)
        return total

    def spread(self, name: str, parent: GraphQLObjectType, page: int | None) -> int:
        fragment = self.fragments.get(name)
        if fragment is None or not self.applies(fragment.type_condition, parent):
            return 0
        key = (name, parent.name, page)
        if key not in self.spreads:
            self.spreads[key] = 0  # a cycle (refused by validation) stops here
            self.spreads[key] = self.selections(fragment.selection_set, parent, page)
        return self.spreads[key]

    def applies(self, condition: NamedTypeNode | None, concrete: GraphQLObjectType) -> bool:
        if condition is None or condition.name.value == concrete.name:
            return True
        named = self.schema.get_type(condition.name.value)
        return named is not None and is_abstract_type(named) and self.schema.is_sub_type(named, concrete)

    def field(self, node: FieldNode, parent: GraphQLObjectType, page: int | None) -> int:
        name = node.name.value
        if name == "__typename":
            return 0
        if name.startswith("__"):
            return INTROSPECTION
        definition = parent.fields.get(name)
        if definition is None:
            return 0
        root = parent in (self.schema.query_type, self.schema.mutation_type)
        of_type = get_nullable_type(definition.type)
        named = get_named_type(of_type)
        own = 1 + WEIGHTS.get(f"{parent.name}.{name}", ROUND_TRIP if root else 0)
        own += STORE_MAP if named.name in MAP_TYPES else 0
        asked = _page(node, definition)
        if not is_list_type(of_type):
            size, inner_page = 1, asked  # a connection: its page sizes the list inside it
        elif asked is not None:
            size, inner_page = asked, None
        else:
            size, inner_page = LIST_SIZES.get(name, DEFAULT_LIST_SIZE) if page is None else page, None
        if node.selection_set is None:
            return own + (size if is_list_type(of_type) else 0)
        return own + size * self.inside(node.selection_set, named, inner_page)

    def inside(self, selection_set: SelectionSetNode, named: GraphQLNamedType, page: int | None) -> int:
        """What one value of type ``named`` costs: the dearest of its types when it is a union or interface."""
        if isinstance(named, GraphQLObjectType):
            return self.selections(selection_set, named, page)
        if is_abstract_type(named):
            types = self.schema.get_possible_types(named)
            return max((self.selections(selection_set, t, page) for t in types), default=0)
        return 0


def _page(node: FieldNode, definition: GraphQLField) -> int | None:
    """The page size a field asks for by its ``first`` or ``last`` argument; None when it takes neither."""
    for name in _PAGE_ARGUMENTS:
        if name not in definition.args:
            continue
        given = next((a.value for a in node.arguments or () if a.name.value == name), None)
        if given is None:
            default = _default(definition.args[name])
            return max(0, min(default, PAGE_MAX)) if isinstance(default, int) else PAGE_MAX
        if isinstance(given, IntValueNode):
            return max(0, min(int(given.value), PAGE_MAX))
        return PAGE_MAX  # a variable (or a value validation refuses)
    return None


def _default(argument: GraphQLArgument) -> Any:
    """An argument's default value (graphql-core keeps it as a value or as a literal, by how it was built)."""
    default = argument.default
    if default is None:
        return argument.default_value
    return default.value if default.literal is None else value_from_ast(default.literal, argument.type)
