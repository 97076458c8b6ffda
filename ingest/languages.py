"""Which language a path is written in, decided from its name alone.

Parsed languages get symbols and references; every other text file is still a File (docs,
config, or a named-but-unparsed language such as shell), so nothing in the tree is lost.
"""

from __future__ import annotations

import posixpath

PARSED_LANGUAGES = (
    "c",
    "cpp",
    "csharp",
    "go",
    "java",
    "javascript",
    "php",
    "python",
    "ruby",
    "rust",
    "typescript",
)

_BY_EXTENSION = {
    ".py": "python",
    ".pyi": "python",
    ".pyw": "python",
    ".js": "javascript",
    ".jsx": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".ts": "typescript",
    ".tsx": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".go": "go",
    ".rs": "rust",
    ".java": "java",
    ".c": "c",
    ".cc": "cpp",
    ".cpp": "cpp",
    ".cxx": "cpp",
    ".c++": "cpp",
    ".hh": "cpp",
    ".hpp": "cpp",
    ".hxx": "cpp",
    ".h++": "cpp",
    ".ipp": "cpp",
    ".tpp": "cpp",
    ".inl": "cpp",
    ".cs": "csharp",
    ".rb": "ruby",
    ".rake": "ruby",
    ".gemspec": "ruby",
    ".php": "php",
    ".phtml": "php",
    # Not parsed: kept as files under their own names.
    ".md": "docs",
    ".markdown": "docs",
    ".rst": "docs",
    ".txt": "docs",
    ".adoc": "docs",
    ".org": "docs",
    ".yaml": "config",
    ".yml": "config",
    ".json": "config",
    ".jsonc": "config",
    ".toml": "config",
    ".ini": "config",
    ".cfg": "config",
    ".conf": "config",
    ".xml": "config",
    ".properties": "config",
    ".gradle": "config",
    ".csproj": "config",
    ".sln": "config",
    ".lock": "config",
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".fish": "shell",
    ".ps1": "shell",
    ".html": "html",
    ".htm": "html",
    ".css": "css",
    ".scss": "css",
    ".sass": "css",
    ".less": "css",
    ".sql": "sql",
    ".kt": "kotlin",
    ".kts": "kotlin",
    ".swift": "swift",
    ".scala": "scala",
    ".lua": "lua",
    ".pl": "perl",
    ".pm": "perl",
    ".r": "r",
    ".dart": "dart",
    ".ex": "elixir",
    ".exs": "elixir",
    ".erl": "erlang",
    ".hs": "haskell",
    ".ml": "ocaml",
    ".vue": "vue",
    ".svelte": "svelte",
    ".proto": "protobuf",
    ".graphql": "graphql",
    ".cypher": "cypher",
}

_BY_NAME = {
    "Rakefile": "ruby",
    "Gemfile": "config",  # a manifest, read as one; its Ruby DSL calls are not code structure
    "Dockerfile": "config",
    "Makefile": "config",
    "CMakeLists.txt": "config",
    "go.mod": "config",
    "go.sum": "config",
    ".gitignore": "config",
    ".gitattributes": "config",
    ".editorconfig": "config",
    ".dockerignore": "config",
    ".npmrc": "config",
    ".env": "config",
    "LICENSE": "docs",
    "README": "docs",
    "CHANGELOG": "docs",
    "NOTICE": "docs",
    "AUTHORS": "docs",
}

_CPP_SOURCE_EXTENSIONS = frozenset(ext for ext, lang in _BY_EXTENSION.items() if lang == "cpp")


def language_of(path: str, *, headers_are_cpp: bool = False) -> str:
    """The language label of a repo-relative path; ``"other"`` for unknown text files.

    ``.h`` is C unless the repository also holds C++ sources (``headers_are_cpp``): the C++
    grammar reads C headers well, the C grammar cannot read classes.
    """
    name = posixpath.basename(path)
    if name in _BY_NAME:
        return _BY_NAME[name]
    if name.startswith("requirements") and name.endswith(".txt"):
        return "config"
    ext = posixpath.splitext(name)[1].lower()
    if ext == ".h":
        return "cpp" if headers_are_cpp else "c"
    return _BY_EXTENSION.get(ext, "other")


def is_cpp_source(path: str) -> bool:
    return posixpath.splitext(path)[1].lower() in _CPP_SOURCE_EXTENSIONS
