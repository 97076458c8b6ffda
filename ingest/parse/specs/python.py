"""Python: classes, functions (methods inside classes), calls, base classes, imports."""

from __future__ import annotations

from collections.abc import Iterator

import tree_sitter_python
from tree_sitter import Node

from ingest.parse.engine import LanguageSpec, text_of
from ingest.parse.model import RawImport

QUERY = r"""
(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
(class_definition superclasses: (argument_list [(identifier) (attribute)] @ref.inherit))
(call function: (identifier) @name) @ref.call
(call function: (attribute object: (_) @qualifier attribute: (identifier) @name)) @ref.call
(import_statement) @import
(import_from_statement) @import
"""


def _imports(node: Node) -> Iterator[RawImport]:
    line = node.start_point[0] + 1
    if node.type == "import_statement":
        for name in node.children_by_field_name("name"):
            alias = name.child_by_field_name("alias") if name.type == "aliased_import" else None
            if alias is None:
                yield RawImport(_dotted(name), line)
            else:
                yield RawImport(_dotted(name), line, "as", names=(text_of(alias),))
        return
    module = node.child_by_field_name("module_name")
    level, specifier = 0, ""
    if module is not None and module.type == "relative_import":
        for child in module.children:
            if child.type == "import_prefix":
                level = text_of(child).count(".")
            elif child.type == "dotted_name":
                specifier = text_of(child)
    elif module is not None:
        specifier = text_of(module)
    names = tuple(_dotted(name) for name in node.children_by_field_name("name"))
    if any(child.type == "wildcard_import" for child in node.children):
        names = ("*",)
    yield RawImport(specifier, line, "from", level, names)


def _dotted(node: Node) -> str:
    """``a.b`` for both ``a.b`` and ``a.b as c``."""
    if node.type == "aliased_import":
        inner = node.child_by_field_name("name")
        node = inner if inner is not None else node
    return text_of(node)


SPEC = LanguageSpec(
    name="python",
    grammar=tree_sitter_python.language,
    query=QUERY,
    import_handler=_imports,
    self_names=frozenset({"self", "cls", "super()"}),
)
