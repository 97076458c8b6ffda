"""A parse's JSON text is byte for byte what ``json.dumps(parse.to_json(), separators=(",", ":"))`` writes (the
File nodes keep it), and it reads back as json reads it: into the same parse."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from ingest import FileParse
from ingest.parse.model import PARSER_VERSION, RawImport, RawReference, RawSymbol
from ingest.records import FileIssue
from tests.unit.ingest.views import FIXTURES, scan_fixture


def _json_dumps(parse: FileParse) -> str:
    return json.dumps(parse.to_json(), separators=(",", ":"))


def test_the_fixture_parses_encode_as_json_does_and_read_back() -> None:
    for language in sorted(path.name for path in FIXTURES.iterdir()):
        for parse in scan_fixture(language).parses.values():
            text = parse.to_json_text()
            assert text == _json_dumps(parse)
            assert FileParse.from_json_text(text) == parse


# Past ASCII, DEL and control characters (which json escapes and orjson does not, or differently), and lone
# surrogates (which orjson refuses).
_TEXT = st.text(
    st.sampled_from(
        [
            "a",
            "Z",
            "_",
            ".",
            '"',
            "\\",
            "/",
            "\x7f",
            "\x00",
            "\n",
            "\t",
            "\x1f",
            "é",
            "中",
            "\U0001f600",
            "\u2028",
            "\ud800",
            "\udcff",
        ]
    ),
    max_size=8,
)


@given(name=_TEXT, specifier=_TEXT, detail=_TEXT, line=st.integers(1, 2**40))
def test_any_text_encodes_as_json_does_and_reads_back(name: str, specifier: str, detail: str, line: int) -> None:
    parse = FileParse(
        path="p/a.py",
        language="python",
        size=3,
        sha256="0" * 64,
        lines=line,
        symbols=(RawSymbol("function", name, name, line, line, ""),),
        references=(RawReference("call", name, "", "?", 2),),
        imports=(RawImport(specifier, line, "", 1, (name,)),),
        namespaces=(specifier,),
        issues=(FileIssue("p/a.py", "syntax_error", detail),),
    )
    text = parse.to_json_text()
    assert text == _json_dumps(parse)
    # What json reads back (two lone surrogates in a row read back as one character, in json as ever).
    assert FileParse.from_json_text(text) == FileParse.from_json(json.loads(text))
    if not any("\ud800" <= ch <= "\udfff" for ch in name + specifier + detail):
        assert FileParse.from_json_text(text) == parse


def test_an_integer_past_64_bits_encodes_as_json_does() -> None:
    parse = FileParse(path="a.py", language="python", size=2**70, sha256="0" * 64, lines=1)
    assert parse.to_json_text() == _json_dumps(parse)
    assert FileParse.from_json_text(parse.to_json_text()) == parse


def test_a_parse_of_another_parser_version_reads_back_as_stale() -> None:
    # Version 1 references had five fields; such a stored parse is only ever compared by version, then parsed again.
    old = {
        "path": "a.py",
        "language": "python",
        "size": 3,
        "sha256": "0" * 64,
        "lines": 1,
        "symbols": [["function", "f", "f", 1, 1, ""]],
        "references": [["call", "g", "f", "", 1]],
        "imports": [["os", 1, "", 0, []]],
        "namespaces": [],
        "manifest": None,
        "issues": [],
        "parser_version": 1,
    }
    parse = FileParse.from_json_text(json.dumps(old))
    assert parse.parser_version == 1 != PARSER_VERSION
    assert (parse.path, parse.sha256, parse.symbols, parse.references, parse.imports) == ("a.py", "0" * 64, (), (), ())


def test_parses_read_back_share_their_repeated_strings() -> None:
    # Decoded JSON makes a string per occurrence; a large tree's parses repeat names, kinds, scopes and receivers
    # so often that holding each once is most of the scan's memory saved.
    def parse(path: str) -> FileParse:
        return FileParse(
            path=path,
            language="python",
            size=1,
            sha256="0" * 64,
            lines=9,
            symbols=(RawSymbol("method", "render_frame", "Screen.render_frame", 2, 9, "Screen"),),
            references=(RawReference("call", "draw_line", "Screen.render_frame", "canvas", 2, "canvas.pen"),),
            imports=(RawImport("canvas.pen", 1, "from_import", 0, ("draw_line",)),),
        )

    first, second = (FileParse.from_json_text(parse(path).to_json_text()) for path in ("a/one.py", "b/two.py"))
    for ours, theirs in (
        (first.symbols[0], second.symbols[0]),
        (first.references[0], second.references[0]),
        (first.imports[0], second.imports[0]),
    ):
        strings = [(a, b) for a, b in zip(ours, theirs, strict=True) if isinstance(a, str)]
        assert strings and all(a is b for a, b in strings), ours
    assert first.imports[0].names[0] is second.imports[0].names[0] is first.references[0].name
    assert first.references[0].scope is first.symbols[0].qualified_name
