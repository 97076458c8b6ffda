import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rooms.contract import ContractError, glob_matches, is_glob, path_matches, path_problem, validate_repo_path


@pytest.mark.parametrize(
    "path",
    ["src/a.py", "a", ".", "src/**", "**/test_*.py", "pages/[id].tsx", "a b/c d.txt", "naïve/é.md", "x..y/z"],
)
def test_safe_paths_pass_unchanged(path: str) -> None:
    assert validate_repo_path(path) == path


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("", "non-empty"),
        ("/etc/passwd", "absolute"),
        ("~/x", "'~'"),
        ("~", "'~'"),
        ("C:/Windows", "drive letter"),
        ("c:x", "drive letter"),
        ("src/../../x", "'..'"),
        ("..", "'..'"),
        ("a/\x00b", "control"),
        ("a/\nb", "control"),
        ("a\\b", "backslash"),
        ("a//b", "empty or '.'"),
        ("a/", "empty or '.'"),
        ("./a", "empty or '.'"),
    ],
)
def test_unsafe_paths_are_refused_with_invalid_path(path: str, words: str) -> None:
    with pytest.raises(ContractError) as caught:
        validate_repo_path(path, field="membership[0].path")
    assert caught.value.code == "invalid_path"
    assert caught.value.field == "membership[0].path"
    assert words in caught.value.message
    assert path_problem(path) is not None


@pytest.mark.parametrize(
    ("glob", "path", "expected"),
    [
        ("src/**", "src/a.py", True),
        ("src/**", "src/deep/er/a.py", True),
        ("src/**", "src", False),
        ("src/**", "srcx/a.py", False),
        ("src/*.py", "src/a.py", True),
        ("src/*.py", "src/sub/a.py", False),
        ("**/test_*.py", "test_a.py", True),
        ("**/test_*.py", "a/b/test_a.py", True),
        ("**/test_*.py", "a/b/atest_a.py", False),
        ("a/**/b.py", "a/b.py", True),
        ("a/**/b.py", "a/x/y/b.py", True),
        ("a/?.py", "a/x.py", True),
        ("a/?.py", "a/xy.py", False),
        ("a/?.py", "a//.py", False),
        ("pages/[id].tsx", "pages/[id].tsx", True),
        ("pages/[id].tsx", "pages/i.tsx", False),
        ("a.b", "aXb", False),
        ("exact/file.py", "exact/file.py", True),
        ("**", "anything/at/all", True),
        ("src/**", "src/a/**", True),
    ],
)
def test_glob_matching(glob: str, path: str, expected: bool) -> None:
    assert path_matches(glob, path) is expected


def test_is_glob() -> None:
    assert is_glob("src/**")
    assert is_glob("a/?.py")
    assert not is_glob("pages/[id].tsx")
    assert not is_glob("src/a.py")


_SEGMENTS = st.sampled_from(["a", "ab", "b", "a.py", "ab.py", "test_a.py", "[id].tsx", "é", "a-b"])
_PATHS = st.lists(_SEGMENTS, min_size=1, max_size=4).map("/".join)
_GLOB_PARTS = st.sampled_from(["a", "ab", "b", "*", "?", "**", "*.py", "a*", "test_*", "[id].tsx", "é"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_GLOB_PARTS, min_size=1, max_size=4).map("/".join), st.lists(_PATHS, max_size=30))
def test_glob_matches_is_path_matches_over_the_sorted_paths(glob: str, paths: list[str]) -> None:
    """Trying only the run of paths after the glob's literal head finds every match a full scan finds."""
    listing = sorted(set(paths))
    assert list(glob_matches(glob, listing)) == [p for p in listing if path_matches(glob, p)]


def test_glob_matches_a_literal_head_that_is_a_prefix_of_other_directories() -> None:
    listing = sorted(["src/a.py", "src/ab/c.py", "src2/a.py", "srcx.py", "lib/src/a.py"])
    assert list(glob_matches("src/**", listing)) == ["src/a.py", "src/ab/c.py"]
    assert list(glob_matches("src*", listing)) == ["srcx.py"]
    assert list(glob_matches("**/a.py", listing)) == ["lib/src/a.py", "src/a.py", "src2/a.py"]
