"""Python imports to files.

Source roots are the repository root, ``src/``, and the parent of every top-level package (a
directory with ``__init__.py`` whose parent has none), which covers src layouts and monorepos.
A module found under several roots resolves to the one holding the importer, else is ambiguous.
Absolute imports not found under a root are tried from the importer's own directory when that
is not a package (how scripts and pytest's rootdir insertion see their neighbours). ``from p import n`` targets the
submodule ``p.n`` when it exists, else ``p`` itself. Anything else is the standard library, a
package declared in pyproject/requirements/setup.cfg, or unresolved.

``import a.b`` binds a, ``import a.b as c`` c, ``from a import b`` b (its alias is not kept). An attribute of a
name so bound to a module outside the repository (``os.path.join``) is nothing of the repository; one of a name
no import binds is a value's, and is not judged.
"""

from __future__ import annotations

import posixpath
import re
import sys

from ingest.parse.model import FileParse, RawImport
from ingest.resolve.base import (
    AMBIGUOUS_OUTCOME,
    STDLIB_OUTCOME,
    UNRESOLVED_OUTCOME,
    ImportOutcome,
    LanguageResolver,
    RepoIndex,
    ancestors,
    package,
    resolved,
)

_SUFFIXES = (".py", ".pyi", ".pyw")
_AMBIGUOUS = "<ambiguous>"
# Import names that differ from the distribution name declared in manifests.
_DISTRIBUTION_OF = {
    "yaml": "pyyaml",
    "bs4": "beautifulsoup4",
    "pil": "pillow",
    "sklearn": "scikit-learn",
    "cv2": "opencv-python",
    "dateutil": "python-dateutil",
    "attr": "attrs",
    "jwt": "pyjwt",
    "dotenv": "python-dotenv",
    "crypto": "pycryptodome",
    "serial": "pyserial",
    "zmq": "pyzmq",
    "git": "gitpython",
    "openssl": "pyopenssl",
    "pkg-resources": "setuptools",
    "magic": "python-magic",
    "docx": "python-docx",
    "jose": "python-jose",
    "multipart": "python-multipart",
    "google": "protobuf",
}


def normalize_distribution(name: str) -> str:
    """PEP 503 normal form: ``PyYAML`` -> ``pyyaml``, ``typing_extensions`` -> ``typing-extensions``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def build(index: RepoIndex) -> LanguageResolver:
    return LanguageResolver(_PythonImports(index).resolve, binds=_binds)


def _binds(imp: RawImport) -> tuple[str, ...]:
    if imp.form == "from":
        return tuple(name for name in imp.names if name != "*")
    if imp.form == "as":
        return imp.names
    return (imp.specifier.partition(".")[0],)


class _PythonImports:
    def __init__(self, index: RepoIndex) -> None:
        self._paths = index.paths
        files = [path for path in index.language_files("python") if path.endswith(_SUFFIXES)]
        self._roots = _source_roots(files, index)
        self._modules: dict[str, dict[str, str]] = {}  # module -> root -> path
        for path in files:
            for root in self._roots:
                if root and not path.startswith(root + "/"):
                    continue
                module = _module_name(path[len(root) + 1 :] if root else path)
                by_root = self._modules.setdefault(module, {})
                if root not in by_root or not by_root[root].endswith(".py"):
                    by_root[root] = path
        self._declared = {normalize_distribution(name) for name in index.declared("pypi")}
        self._script_directories: dict[str, str | None] = {}  # importer -> see _script_directory

    def resolve(self, parse: FileParse, imp: RawImport) -> ImportOutcome:
        if imp.level:
            return self._relative(parse.path, imp)
        names = imp.names if imp.form == "from" else ()  # an ``import a.b as c`` names its alias
        candidates = [imp.specifier + "." + name for name in names if name != "*"] or [imp.specifier]
        targets = []
        for candidate in candidates:
            target = self._absolute(candidate, parse.path)
            if target == _AMBIGUOUS:
                return AMBIGUOUS_OUTCOME
            if target:
                targets.append(target)
        if targets:
            return resolved(*targets)
        return self._external(imp.specifier)

    def _absolute(self, module: str, importer: str) -> str | None:
        """The file of ``module`` or, failing that, of its longest importable prefix."""
        parts = module.split(".")
        script_directory = self._script_directory(importer)
        for size in range(len(parts), 0, -1):
            target = self._lookup(".".join(parts[:size]), importer)
            if not target and script_directory is not None:
                target = self._file_for(posixpath.join(script_directory, *parts[:size]))
            if target:
                return target
        return None

    def _script_directory(self, importer: str) -> str | None:
        """The importer's directory if it is a script's, which is on sys.path (a package module's is not), else None.
        Kept per importer: it is asked for each import the importer makes."""
        if importer not in self._script_directories:
            directory = posixpath.dirname(importer)
            in_package = posixpath.join(directory, "__init__.py") in self._paths
            self._script_directories[importer] = None if in_package else directory
        return self._script_directories[importer]

    def _lookup(self, module: str, importer: str) -> str | None:
        by_root = self._modules.get(module)
        if not by_root:
            return None
        if len(by_root) == 1:
            return next(iter(by_root.values()))
        for root in ancestors(importer):
            if root in by_root:
                return by_root[root]
        return _AMBIGUOUS

    def _relative(self, importer: str, imp: RawImport) -> ImportOutcome:
        package_dir = posixpath.dirname(importer)
        for _ in range(imp.level - 1):
            if not package_dir:
                return UNRESOLVED_OUTCOME
            package_dir = posixpath.dirname(package_dir)
        module_dir = posixpath.join(package_dir, *imp.specifier.split(".")) if imp.specifier else package_dir
        module_file = self._file_for(module_dir)
        targets = [
            self._file_for(posixpath.join(module_dir, name)) or module_file for name in imp.names if name != "*"
        ] or [module_file]
        found = [target for target in targets if target]
        return resolved(*found) if found else UNRESOLVED_OUTCOME

    def _file_for(self, module_path: str) -> str | None:
        """``a/b`` -> ``a/b.py`` or ``a/b/__init__.py`` (or the .pyi stubs) when present."""
        if not module_path:
            return "__init__.py" if "__init__.py" in self._paths else None
        for candidate in (
            *(module_path + suffix for suffix in _SUFFIXES),
            module_path + "/__init__.py",
            module_path + "/__init__.pyi",
        ):
            if candidate in self._paths:
                return candidate
        return None

    def _external(self, module: str) -> ImportOutcome:
        top = module.split(".")[0]
        if not top:
            return UNRESOLVED_OUTCOME
        if top in sys.stdlib_module_names:
            return STDLIB_OUTCOME
        normalized = normalize_distribution(top)
        for name in (normalized, _DISTRIBUTION_OF.get(normalized, "")):
            if name in self._declared:
                return package("pypi", name)
        return UNRESOLVED_OUTCOME


def _source_roots(files: list[str], index: RepoIndex) -> tuple[str, ...]:
    package_dirs = {posixpath.dirname(path) for path in files if posixpath.basename(path).startswith("__init__.")}
    roots = {""}
    for directory in package_dirs:
        top = directory
        while top and posixpath.dirname(top) in package_dirs:
            top = posixpath.dirname(top)
        if top:
            roots.add(posixpath.dirname(top))
    if "src" in index.directories:
        roots.add("src")
    return tuple(sorted(roots))


def _module_name(relative: str) -> str:
    stem = relative.rsplit(".", 1)[0]
    if stem == "__init__":
        return ""
    stem = stem.removesuffix("/__init__")
    return stem.replace("/", ".")
