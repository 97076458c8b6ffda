"""A scan makes each id many times (the node's record, each edge's ends, resolution's symbol table): every copy
of an id is one string, which a large tree's memory feels."""

from __future__ import annotations

from tests.unit.ingest.views import FIXTURES, scan_fixture


def test_every_edge_end_is_the_very_id_of_its_node() -> None:
    for language in sorted(path.name for path in FIXTURES.iterdir()):
        result = scan_fixture(language)
        nodes = {record.id: record.id for record in (*result.files, *result.symbols, *result.packages)}
        ends = [end for edge in result.edges for end in (edge.source, edge.target)]
        assert ends, language
        assert all(nodes[end] is end for end in ends), language
