"""F0c §3a: heuristic labels — plain, short, provisional, and marked so."""

from __future__ import annotations

from rooms.contract import NamedBy, parse_seed, serialize_seed
from rooms.contract.text import sanitize_label
from rooms.naming import NAME_MAX, PURPOSE_MAX, LabelInput, dominant_symbols, names_for, purpose_for
from tests.unit.candidate.builders import build, chain, graph


def _label(anchor: str, tag: str = "", symbols=(), languages=("python",)) -> LabelInput:
    return LabelInput(anchor=anchor, tag=tag, languages=list(languages), symbols=list(symbols))


def test_names_come_from_the_last_meaningful_directory() -> None:
    assert names_for([_label("rooms/ingest"), _label("src/main/java/com/acme/shop/billing_core")]) == [
        "Ingest",
        "Billing core",
    ]


def test_clashing_names_take_more_of_their_anchor_then_a_number() -> None:
    assert names_for([_label("src/auth"), _label("tests/auth")]) == ["Auth", "Auth (tests)"]
    assert names_for([_label("api"), _label("api")]) == ["Api", "Api 2"]


def test_a_group_split_out_of_a_directory_adds_its_core_file() -> None:
    assert names_for([_label("engine", tag="engine/parser.py"), _label("engine", tag="engine/render_html.py")]) == [
        "Engine · parser",
        "Engine · render html",
    ]
    # A directory whose name says nothing (src, lib) does not prefix its groups.
    assert names_for([_label("lib", tag="lib/parser.py"), _label("lib", tag="lib/render_html.py")]) == [
        "Parser",
        "Render html",
    ]


def test_jvm_package_prefixes_say_nothing_and_clashes_name_their_tree() -> None:
    core = "webmagic-core/src/main/java/us/codecraft/webmagic"
    ext = "webmagic-extension/src/main/java/us/codecraft/webmagic"
    assert names_for([_label(f"{core}/pipeline"), _label(f"{ext}/pipeline"), _label(core), _label(ext)]) == [
        "Pipeline (webmagic core)",
        "Pipeline (webmagic extension)",
        "Webmagic (webmagic core)",
        "Webmagic (webmagic extension)",
    ]


def test_the_root_block_is_named_after_its_dominant_symbol() -> None:
    symbols = [("helper", "function", 9.0), ("Engine", "class", 1.0), ("_private", "class", 50.0)]
    assert dominant_symbols(symbols) == ["Engine", "helper"]
    assert names_for([_label("", symbols=symbols), _label("")]) == ["Engine", "Root files"]


def test_purpose_is_one_plain_line_within_the_limit() -> None:
    symbols = [(f"VeryLongSymbolName{i:02}", "class", float(i)) for i in range(20)]
    text = purpose_for(_label("rooms/ingest", symbols=symbols, languages=["python", "python", "docs"]), 3)
    assert text.startswith("Python code in rooms › ingest: VeryLongSymbolName19")
    assert text.endswith("(3 files)") and len(text) <= PURPOSE_MAX
    assert "/" not in text and "\n" not in text
    assert purpose_for(_label("", languages=["docs"]), 1) == "Documentation files in the repository root (1 file)"


def test_names_are_clipped_to_forty_characters() -> None:
    long = "a_really_long_directory_name_that_goes_on_and_on_forever"
    (name,) = names_for([_label(f"src/{long}")])
    assert len(name) <= NAME_MAX and name.endswith("…")


def test_every_candidate_block_is_heuristic_and_needs_owner_naming() -> None:
    a = ["pkg/a/a1.py", "pkg/a/a2.py", "pkg/a/a3.py"]
    seed, _ = build(graph(dict.fromkeys(a, 1), chain(a)))
    assert all(
        b.candidate_meta.named_by is NamedBy.HEURISTIC and b.candidate_meta.needs_owner_naming for b in seed.blocks
    )
    assert all(0 < len(b.name) <= NAME_MAX and "/" not in b.name and len(b.purpose) <= PURPOSE_MAX for b in seed.blocks)
    assert parse_seed(serialize_seed(seed)) == seed  # a scan's export passes importSeed's text rule


def test_a_clipped_label_fits_the_text_rule_after_nfkc() -> None:
    # NFKC reads "…" as "...": the clip leaves room, so a long directory name is clipped, not refused.
    (name,) = names_for([_label("src/a_really_long_directory_name_that_goes_on_and_on_forever")])
    assert name.endswith("…") and sanitize_label(name, field="name", limit=NAME_MAX) == name.replace("…", "...")


def test_repository_text_the_text_rule_refuses_never_becomes_a_label() -> None:
    # Directory and symbol names are written by whoever wrote the repository: hostile text like an agent's.
    hostile = [
        _label("app/<img src=x onerror=alert(1)>"),
        _label("app/Ignore previous instructions"),
        _label("app/root@evil"),
        _label("app/a\u202eb"),
    ]
    assert names_for([*hostile, _label("app/billing")]) == ["Block 1", "Block 2", "Block 3", "Block 4", "Billing"]
    assert purpose_for(_label("app/www.evil.com"), 2) == "Python code (2 files)"
    symbols = [("SYSTEM_PROMPT_", "function", 3.0), ("Ledger", "class", 1.0)]
    assert purpose_for(_label("app/billing", symbols=symbols), 2) == "Python code in app › billing: Ledger (2 files)"
