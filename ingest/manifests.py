"""Reading manifests: the third-party names a repository declares, and the settings resolution needs
(Go module path, tsconfig paths, composer PSR-4 roots, package and crate names).

Each reader is a pure function of the file's name and text; malformed files raise ``ManifestError``,
which the parser records as a per-file issue.
"""

from __future__ import annotations

import configparser
import json
import re
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Manifest:
    """What a manifest file declares: dependencies and the facts resolution needs."""

    ecosystem: str  # pypi, npm, go, cargo, maven, nuget, gem, composer, tsconfig
    name: str = ""  # own package / module path / crate name
    dependencies: tuple[str, ...] = ()  # declared third-party names, sorted
    entry: str = ""  # npm main/module, tsconfig baseUrl (file-relative)
    extends: str = ""  # tsconfig "extends"
    # tsconfig paths (pattern -> targets) or composer PSR-4 (namespace prefix -> dirs)
    mappings: tuple[tuple[str, tuple[str, ...]], ...] = ()


class ManifestError(ValueError):
    """A manifest that could not be read."""


_REQUIREMENT_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EGG_NAME = re.compile(r"#egg=([A-Za-z0-9][A-Za-z0-9._-]*)")
_GO_REQUIRE = re.compile(r"^\s*(?:require\s+)?([^\s()]+)\s+v[^\s]*", re.MULTILINE)
_GO_MODULE = re.compile(r"^\s*module\s+(\S+)", re.MULTILINE)
_GRADLE_DEPENDENCY = re.compile(
    r"\b(?:implementation|api|compile|compileOnly|runtimeOnly|testImplementation|testCompile|"
    r"testRuntimeOnly|annotationProcessor|kapt)\s*\(?\s*['\"]([^:'\"\s]+):([^:'\"\s]+)"
)
_GEM = re.compile(r"^\s*gem\s*\(?\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
_GEMSPEC_DEPENDENCY = re.compile(r"\.add_(?:runtime_|development_)?dependency\s*\(?\s*['\"]([^'\"]+)['\"]")
_JSONC_COMMENTS = re.compile(r'("(?:\\.|[^"\\])*")|//[^\n]*|/\*.*?\*/', re.DOTALL)
_JSONC_TRAILING_COMMAS = re.compile(r'("(?:\\.|[^"\\])*")|,(\s*[}\]])')


def read_manifest(filename: str, text: str) -> Manifest | None:
    """The manifest a file declares, or ``None`` when the file is not a manifest."""
    reader = _reader_for(filename)
    if reader is None:
        return None
    try:
        return reader(text)
    except (ValueError, TypeError, AttributeError, KeyError, ET.ParseError, configparser.Error) as exc:
        raise ManifestError(f"{filename}: {exc}") from exc


def _reader_for(filename: str) -> Callable[[str], Manifest] | None:
    lowered = filename.lower()
    if lowered.startswith("requirements") and lowered.endswith(".txt"):
        return _requirements_txt
    if lowered.endswith(".csproj"):
        return _csproj
    if lowered.endswith(".gemspec"):
        return _gemspec
    if lowered in ("tsconfig.json", "jsconfig.json") or (lowered.startswith("tsconfig.") and lowered.endswith(".json")):
        return _tsconfig
    return _BY_NAME.get(filename)


def _names(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted({value for value in values if value}))


def _requirement_names(lines: Iterable[str]) -> list[str]:
    names = []
    for raw in lines:
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        egg = _EGG_NAME.search(line)
        if egg:
            names.append(egg.group(1))
        elif not line.startswith("-") and "://" not in line:
            match = _REQUIREMENT_NAME.match(line)
            if match:
                names.append(match.group(1))
    return names


def _requirements_txt(text: str) -> Manifest:
    return Manifest("pypi", dependencies=_names(_requirement_names(text.splitlines())))


def _pyproject(text: str) -> Manifest:
    data = tomllib.loads(text)
    project = data.get("project", {})
    requirements: list[str] = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        requirements.extend(extra)
    for group in data.get("dependency-groups", {}).values():
        requirements.extend(item for item in group if isinstance(item, str))
    names = _requirement_names(requirements)
    poetry = data.get("tool", {}).get("poetry", {})
    tables = [poetry.get("dependencies", {}), poetry.get("dev-dependencies", {})]
    tables.extend(group.get("dependencies", {}) for group in poetry.get("group", {}).values())
    names.extend(name for table in tables for name in table if name.lower() != "python")
    return Manifest("pypi", name=project.get("name") or poetry.get("name", ""), dependencies=_names(names))


def _setup_cfg(text: str) -> Manifest:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(text)
    lines = parser.get("options", "install_requires", fallback="").splitlines()
    if parser.has_section("options.extras_require"):
        for _, value in parser.items("options.extras_require"):
            lines.extend(value.splitlines())
    return Manifest(
        "pypi", name=parser.get("metadata", "name", fallback=""), dependencies=_names(_requirement_names(lines))
    )


def _package_json(text: str) -> Manifest:
    data = _json_object(json.loads(text))
    sections = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
    names = [name for section in sections for name in _json_object(data.get(section, {}))]
    entry = next((data[key] for key in ("source", "module", "main") if isinstance(data.get(key), str)), "")
    return Manifest("npm", name=str(data.get("name", "")), dependencies=_names(names), entry=entry)


def _tsconfig(text: str) -> Manifest:
    without_comments = _JSONC_COMMENTS.sub(lambda m: m.group(1) or "", text)
    strict = _JSONC_TRAILING_COMMAS.sub(lambda m: m.group(1) or m.group(2), without_comments)
    data = _json_object(json.loads(strict))
    options = _json_object(data.get("compilerOptions", {}))
    paths = _json_object(options.get("paths", {}))
    mappings = tuple(
        sorted(
            (pattern, tuple(str(target) for target in targets))
            for pattern, targets in paths.items()
            if isinstance(targets, list)
        )
    )
    extends = data.get("extends", "")
    return Manifest(
        "tsconfig",
        entry=str(options.get("baseUrl", "")),
        extends=extends if isinstance(extends, str) else "",
        mappings=mappings,
    )


def _go_mod(text: str) -> Manifest:
    module = _GO_MODULE.search(text)
    body = _GO_MODULE.sub("", text)
    requires = [m.group(1) for m in _GO_REQUIRE.finditer(body) if not m.group(1).startswith("//")]
    return Manifest("go", name=module.group(1) if module else "", dependencies=_names(requires))


def _cargo_toml(text: str) -> Manifest:
    data = tomllib.loads(text)
    tables: list[Mapping[str, Any]] = [
        data.get(key, {}) for key in ("dependencies", "dev-dependencies", "build-dependencies")
    ]
    tables.append(data.get("workspace", {}).get("dependencies", {}))
    for target in data.get("target", {}).values():
        tables.extend(target.get(key, {}) for key in ("dependencies", "dev-dependencies", "build-dependencies"))
    package_name = data.get("lib", {}).get("name") or data.get("package", {}).get("name", "")
    return Manifest("cargo", name=package_name, dependencies=_names(name for table in tables for name in table))


def _pom_xml(text: str) -> Manifest:
    root = ET.fromstring(text)
    namespace = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""

    def child_text(element: ET.Element, tag: str) -> str:
        found = element.find(namespace + tag)
        return (found.text or "").strip() if found is not None else ""

    dependencies = [
        f"{child_text(dep, 'groupId')}:{child_text(dep, 'artifactId')}"
        for dep in root.iter(namespace + "dependency")
        if child_text(dep, "groupId") and child_text(dep, "artifactId")
    ]
    parent = root.find(namespace + "parent")
    group = child_text(root, "groupId") or (child_text(parent, "groupId") if parent is not None else "")
    return Manifest("maven", name=group, dependencies=_names(dependencies))


def _gradle(text: str) -> Manifest:
    return Manifest("maven", dependencies=_names(f"{g}:{a}" for g, a in _GRADLE_DEPENDENCY.findall(text)))


def _csproj(text: str) -> Manifest:
    root = ET.fromstring(text)
    names = [
        element.get("Include") or element.get("Update") or ""
        for element in root.iter()
        if element.tag.rsplit("}", 1)[-1] == "PackageReference"
    ]
    return Manifest("nuget", dependencies=_names(names))


def _gemfile(text: str) -> Manifest:
    return Manifest("gem", dependencies=_names(_GEM.findall(text)))


def _gemspec(text: str) -> Manifest:
    return Manifest("gem", dependencies=_names(_GEMSPEC_DEPENDENCY.findall(text)))


def _composer_json(text: str) -> Manifest:
    data = _json_object(json.loads(text))
    names = [
        name
        for section in ("require", "require-dev")
        for name in _json_object(data.get(section, {}))
        if "/" in name  # skips "php" and "ext-*" platform requirements
    ]
    roots: dict[str, set[str]] = {}
    for section in ("autoload", "autoload-dev"):
        for standard in ("psr-4", "psr-0"):
            for prefix, dirs in _json_object(_json_object(data.get(section, {})).get(standard, {})).items():
                targets = dirs if isinstance(dirs, list) else [dirs]
                roots.setdefault(prefix, set()).update(str(target) for target in targets)
    mappings = tuple(sorted((prefix, tuple(sorted(dirs))) for prefix, dirs in roots.items()))
    return Manifest("composer", name=str(data.get("name", "")), dependencies=_names(names), mappings=mappings)


def _json_object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ManifestError(f"expected a JSON object, found {type(value).__name__}")
    return value


_BY_NAME: dict[str, Callable[[str], Manifest]] = {
    "pyproject.toml": _pyproject,
    "setup.cfg": _setup_cfg,
    "package.json": _package_json,
    "go.mod": _go_mod,
    "Cargo.toml": _cargo_toml,
    "pom.xml": _pom_xml,
    "build.gradle": _gradle,
    "build.gradle.kts": _gradle,
    "Gemfile": _gemfile,
    "composer.json": _composer_json,
}
