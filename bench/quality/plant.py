"""Repositories with a planted architecture: the files, their real source, and the module of every file.

One abstract design (the "shop"), rendered in Python, TypeScript, Go and Java with each language's own
layout, so the ingest pipeline parses real imports and calls:

- domain modules of 4-8 files (auth, billing, catalog, orders, notify, search), each file importing a
  few files of its own module, and some files importing one file of the modules it depends on;
- ``payments``: one module spread over two sibling directories (``core`` and ``adapters``) — a
  directory-only view splits it, the graph says it is one;
- ``engine``: one flat directory holding two modules (``lexer`` and ``render``) that barely touch —
  a directory-only view glues them, the graph says they are two;
- ``common``: hub/utility files (log, errors, config, types) imported by most of the repository —
  plain community detection glues unrelated modules through them;
- tests that cut across modules: Python's flat top-level ``tests/`` (one module: "tests", each test
  importing the modules it checks and a shared helper), TypeScript and Go tests beside their code, Java
  tests in the mirrored ``src/test/java`` tree (each belongs to the module it tests);
- ``docs/`` (markdown, no edges) and root files (README, manifests), which are their own truth groups.

Eight repositories: each language once as above, and a harder variant — five more modules (three nested
in sub-directories), 8-12 % noise imports between unrelated modules, an ``app`` entry module using every
module, and a model file inside ``catalog`` used across the repository — except TypeScript's, which is
flat: every source file in ``src/`` (the single-directory class).

The truth is the module of each file (root files form the group "(root)"). Generation is seeded: the
same name always gives the same repository.
"""

from __future__ import annotations

import posixpath
import random
from collections.abc import Callable
from dataclasses import dataclass, field

HUBS = ("log", "errors", "config", "types")
HUB_USE = {"log": 0.75, "errors": 0.45, "config": 0.35, "types": 0.25}


@dataclass(frozen=True)
class FileSpec:
    module: str
    directory: str  # abstract directory, e.g. "auth" or "payments/core"
    stem: str  # abstract file name, e.g. "tokens"
    test_of: str = ""  # for a test file: the stem of the file it checks


@dataclass
class Design:
    files: list[FileSpec]
    imports: dict[FileSpec, list[FileSpec]] = field(default_factory=dict)


MODULES: dict[str, tuple[str, list[str]]] = {
    # module: (abstract directory, file stems)
    "auth": ("auth", ["tokens", "sessions", "passwords", "roles", "guard"]),
    "billing": ("billing", ["invoices", "ledger", "taxes", "refunds", "statements", "dunning"]),
    "catalog": ("catalog", ["products", "prices", "stock", "categories", "images", "reviews", "bundles"]),
    "orders": ("orders", ["carts", "checkout", "shipping", "returns", "history", "fulfilment", "tracking", "quotes"]),
    "notify": ("notify", ["mailer", "sms", "templates", "digest"]),
    "search": ("search", ["indexer", "ranking", "query", "synonyms", "facets"]),
}
# The larger variants add these, some of them nested in sub-directories (one module, several directories).
MORE_MODULES: dict[str, list[tuple[str, list[str]]]] = {
    "inventory": [
        ("inventory/core", ["warehouses", "bins", "counts", "moves"]),
        ("inventory/api", ["handlers", "schemas", "routes"]),
    ],
    "reports": [("reports", ["daily", "monthly", "exporter", "charts", "pivot", "filters", "cache"])],
    "admin": [("admin", ["users", "audit", "settings", "flags"])],
    "shipping": [
        ("shipping/carriers", ["ups", "dhl", "fedex", "postal"]),
        ("shipping/rates", ["zones", "tables", "quotes_engine"]),
        ("shipping", ["labels", "manifests"]),
    ],
    "i18n": [("i18n", ["locales", "plurals", "formats"])],
}
SPREAD = {
    "payments": [
        ("payments/core", ["gateway", "capture", "settle", "wallet"]),
        ("payments/adapters", ["stripe", "paypal", "bank"]),
    ]
}
FLAT = {
    "lexer": ["lexer", "tokens_table", "scanner", "lexer_errors"],
    "render": ["render", "layout", "paint", "render_cache", "fonts"],
}
APP = ("app", ["main", "wiring"])
DEPENDS = {
    "orders": ["catalog", "billing", "auth"],
    "billing": ["auth", "payments"],
    "notify": ["orders", "render"],
    "search": ["catalog"],
    "catalog": [],
    "auth": [],
    "payments": ["auth"],
    "render": ["lexer"],
    "lexer": [],
    "inventory": ["catalog"],
    "reports": ["orders", "billing", "inventory"],
    "admin": ["auth", "reports"],
    "shipping": ["orders", "inventory"],
    "i18n": [],
}


def design(
    seed: int,
    *,
    tests: bool = True,
    large: bool = False,
    noise: float = 0.0,
    app: bool = False,
    inner_hub: bool = False,
) -> Design:
    """The shop's files and imports. ``large`` adds five modules (three of them nested in
    sub-directories); ``noise`` is the chance that a file imports one file of an unrelated module;
    ``app`` adds an entry module using every module; ``inner_hub`` makes ``catalog/products`` a
    model used across the repository (a hub living inside a module)."""
    rng = random.Random(seed)
    files: list[FileSpec] = []
    by_module: dict[str, list[FileSpec]] = {}
    for module, (directory, stems) in MODULES.items():
        by_module[module] = [FileSpec(module, directory, stem) for stem in stems]
    by_module["payments"] = [FileSpec("payments", d, stem) for d, stems in SPREAD["payments"] for stem in stems]
    for module, stems in FLAT.items():
        by_module[module] = [FileSpec(module, "engine", stem) for stem in stems]
    if large:
        for module, parts in MORE_MODULES.items():
            by_module[module] = [FileSpec(module, d, stem) for d, stems in parts for stem in stems]
    by_module["common"] = [FileSpec("common", "common", stem) for stem in HUBS]
    if app:
        by_module["app"] = [FileSpec("app", APP[0], stem) for stem in APP[1]]
    for members in by_module.values():
        files.extend(members)
    domain = [m for m in by_module if m not in ("common", "app")]
    imports: dict[FileSpec, list[FileSpec]] = {f: [] for f in files}
    model = by_module["catalog"][0]
    for module, members in by_module.items():
        if module == "common":
            imports[members[0]].append(members[3])  # log uses types
            imports[members[1]].append(members[3])
            continue
        if module == "app":
            for spec in members:
                imports[spec] = [by_module[m][0] for m in domain] + [by_module["common"][2]]
            continue
        for index, spec in enumerate(members):
            # Inside the module: a chain plus one or two random earlier files.
            if index > 0:
                imports[spec].append(members[index - 1])
                for other in rng.sample(members[:index], k=min(index, rng.choice((1, 2)))):
                    if other not in imports[spec]:
                        imports[spec].append(other)
            # Across modules: about a third of the files use one file of a dependency.
            for dependency in DEPENDS.get(module, []):
                if dependency in by_module and rng.random() < 0.35:
                    imports[spec].append(rng.choice(by_module[dependency]))
            if noise and rng.random() < noise:
                imports[spec].append(rng.choice(by_module[rng.choice([m for m in domain if m != module])]))
            if inner_hub and module != "catalog" and rng.random() < 0.4 and model not in imports[spec]:
                imports[spec].append(model)
            # Hubs: most files log, many raise shared errors, some read config or shared types.
            for hub, share in zip(by_module["common"], HUB_USE.values(), strict=True):
                if rng.random() < share:
                    imports[spec].append(hub)
    if tests:
        for module, members in by_module.items():
            if module in ("common", "app"):
                continue
            for spec in rng.sample(members, k=max(1, len(members) // 3)):
                test = FileSpec(module, spec.directory, f"{spec.stem}_test", test_of=spec.stem)
                files.append(test)
                imports[test] = [spec]
                if rng.random() < 0.5:
                    imports[test].append(rng.choice([m for m in members if m != spec] or [spec]))
    return Design(files, imports)


@dataclass(frozen=True)
class PlantedRepo:
    name: str
    language: str
    files: dict[str, str]  # path -> content
    truth: dict[str, str]  # path -> module

    def write(self, root: str) -> None:
        import os

        for path, text in self.files.items():
            target = os.path.join(root, *path.split("/"))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)


def _words(stem: str) -> list[str]:
    return [w for w in stem.split("_") if w]


def _pascal(text: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in text.replace("/", "_").split("_") if w)


def _camel(text: str) -> str:
    pascal = _pascal(text)
    return pascal[:1].lower() + pascal[1:]


def _ident(spec: FileSpec) -> str:
    """A name unique in the repository for the file's main function."""
    return f"{spec.directory.replace('/', '_')}_{spec.stem}"


DOCS = {
    "docs/architecture.md": "# Architecture\n\nThe shop is split into modules.\n",
    "docs/payments.md": "# Payments\n\nCore and adapters.\n",
    "docs/engine.md": "# Engine\n\nLexer and renderer.\n",
    "docs/operations.md": "# Operations\n\nHow to run the shop.\n",
}


def _render(
    name: str,
    language: str,
    plan: Design,
    path_of: Callable[[FileSpec], str],
    source_of: Callable[[FileSpec], str],
    extra: dict[str, tuple[str, str]],
    module_of: Callable[[FileSpec], str] = lambda spec: spec.module,
) -> PlantedRepo:
    """Every planned file through ``source_of``, plus ``extra`` (path -> (text, truth module)) and docs."""
    files = {path: text for path, (text, _) in extra.items()}
    truth = {path: module for path, (_, module) in extra.items()}
    for spec in plan.files:
        files[path_of(spec)] = source_of(spec)
        truth[path_of(spec)] = module_of(spec)
    return _finish(name, language, files, truth)


def _finish(name: str, language: str, files: dict[str, str], truth: dict[str, str]) -> PlantedRepo:
    for path, text in DOCS.items():
        files[path] = text
        truth[path] = "docs"
    files["README.md"] = f"# {name}\n\nA planted repository for bench/quality.\n"
    for path in files:
        if "/" not in path:
            truth[path] = "(root)"
    return PlantedRepo(name, language, dict(sorted(files.items())), dict(sorted(truth.items())))


# -- Python ----------------------------------------------------------------------------------------------


def python_repo(seed: int = 11, name: str = "python-shop", **variant: object) -> PlantedRepo:
    plan = design(seed, **variant)

    def path_of(spec: FileSpec) -> str:
        if spec.test_of:
            return f"tests/test_{spec.directory.replace('/', '_')}_{spec.test_of}.py"
        return f"shop/{spec.directory}/{spec.stem}.py"

    def dotted(spec: FileSpec) -> str:
        return path_of(spec)[:-3].replace("/", ".")

    def source_of(spec: FileSpec) -> str:
        deps = plan.imports[spec]
        lines = [f'"""{spec.module}: {spec.stem.replace("_", " ")}."""', ""]
        lines += [f"from {dotted(dep)} import {_ident(dep)}" for dep in deps]
        lines += ["from tests.helpers import make_fixture"] if spec.test_of else []
        lines += ["", ""]
        if spec.test_of:
            lines += [f"def test_{_ident(spec)}():", "    fixture = make_fixture('x')"]
            lines += [f"    assert {_ident(dep)}(fixture) is not None" for dep in deps]
        else:
            lines += [
                f"class {_pascal(_ident(spec))}:",
                "    def run(self, value):",
                f"        return {_ident(spec)}(value)",
                "",
                "",
                f"def {_ident(spec)}(value):",
            ]
            lines += [f"    value = {_ident(dep)}(value)" for dep in deps]
            lines.append("    return value")
        return "\n".join(lines) + "\n"

    extra: dict[str, tuple[str, str]] = {
        "tests/helpers.py": ("def make_fixture(name):\n    return {'name': name}\n", "tests"),
        "pyproject.toml": ('[project]\nname = "shop"\nversion = "0.1.0"\ndependencies = ["requests"]\n', "(root)"),
    }
    for package in sorted({posixpath.dirname(path_of(f)) for f in plan.files if not f.test_of}):
        parts = package.split("/")
        for depth in range(1, len(parts) + 1):
            prefix = "/".join(parts[:depth]) + "/"
            owners = {f.module for f in plan.files if not f.test_of and path_of(f).startswith(prefix)}
            extra[prefix + "__init__.py"] = ("", owners.pop() if len(owners) == 1 else f"(package {prefix})")
    return _render(
        name, "python", plan, path_of, source_of, extra, module_of=lambda spec: "tests" if spec.test_of else spec.module
    )


# -- TypeScript ------------------------------------------------------------------------------------------


def typescript_repo(
    seed: int = 23, name: str = "typescript-shop", *, flat: bool = False, **variant: object
) -> PlantedRepo:
    """``flat``: every source file in one directory, ``src/`` (a single-directory repository)."""
    plan = design(seed, **variant)

    def path_of(spec: FileSpec) -> str:
        stem = spec.test_of.replace("_", "-") + ".test" if spec.test_of else spec.stem.replace("_", "-")
        if flat:
            return f"src/{spec.directory.replace('/', '-')}-{stem}.ts"
        return f"src/{spec.directory}/{stem}.ts"

    def source_of(spec: FileSpec) -> str:
        here = posixpath.dirname(path_of(spec))
        lines: list[str] = []
        for dep in plan.imports[spec]:
            target = posixpath.relpath(path_of(dep)[:-3], here)
            source = target if target.startswith(".") else "./" + target
            lines.append(f'import {{ {_camel(_ident(dep))} }} from "{source}";')
        lines.append("")
        fn = _camel(_ident(spec))
        if spec.test_of:
            lines += [f'describe("{spec.test_of}", () => {{', '  it("works", () => {']
            lines += [f"    expect({_camel(_ident(dep))}(1)).toBeDefined();" for dep in plan.imports[spec]]
            lines += ["  });", "});"]
        else:
            lines += [
                f"export class {_pascal(_ident(spec))} {{",
                f"  run(value: number): number {{ return {fn}(value); }}",
                "}",
                "",
                f"export function {fn}(value: number): number {{",
            ]
            lines += [f"  value = {_camel(_ident(dep))}(value);" for dep in plan.imports[spec]]
            lines += ["  return value;", "}"]
        return "\n".join(lines) + "\n"

    return _render(
        name,
        "typescript",
        plan,
        path_of,
        source_of,
        {
            "package.json": (
                '{\n  "name": "shop",\n  "version": "0.1.0",\n  "dependencies": {"express": "^4.0.0"}\n}\n',
                "(root)",
            ),
            "tsconfig.json": ('{\n  "compilerOptions": {"strict": true, "rootDir": "src"}\n}\n', "(root)"),
        },
    )


# -- Go --------------------------------------------------------------------------------------------------

GO_MODULE = "example.com/shop"


def go_repo(seed: int = 37, name: str = "go-shop", **variant: object) -> PlantedRepo:
    plan = design(seed, **variant)

    def directory_of(spec: FileSpec) -> str:
        return "internal/common" if spec.directory == "common" else spec.directory

    def path_of(spec: FileSpec) -> str:
        stem = f"{spec.test_of}_test" if spec.test_of else spec.stem
        return f"{directory_of(spec)}/{stem}.go"

    def call(dep: FileSpec, own: str) -> str:
        prefix = "" if directory_of(dep) == own else directory_of(dep).rsplit("/", 1)[-1] + "."
        return f"{prefix}{_pascal(_ident(dep))}"

    def source_of(spec: FileSpec) -> str:
        own = directory_of(spec)
        foreign = sorted({directory_of(d) for d in plan.imports[spec] if directory_of(d) != own})
        lines = [f"package {own.rsplit('/', 1)[-1]}", ""]
        imports = [f'"{GO_MODULE}/{d}"' for d in foreign] + (['"testing"'] if spec.test_of else [])
        if imports:
            lines += ["import (", *(f"\t{i}" for i in imports), ")", ""]
        if spec.test_of:
            lines.append(f"func Test{_pascal(_ident(spec))}(t *testing.T) {{")
            lines += [f"\t_ = {call(dep, own)}(1)" for dep in plan.imports[spec]]
            lines.append("}")
        else:
            kind = _pascal(_ident(spec)) + "Service"
            lines += [
                f"type {kind} struct{{}}",
                "",
                f"func (s {kind}) Run(value int) int {{ return {_pascal(_ident(spec))}(value) }}",
                "",
                f"func {_pascal(_ident(spec))}(value int) int {{",
            ]
            lines += [f"\tvalue = {call(dep, own)}(value)" for dep in plan.imports[spec]]
            lines += ["\treturn value", "}"]
        return "\n".join(lines) + "\n"

    return _render(
        name,
        "go",
        plan,
        path_of,
        source_of,
        {
            "go.mod": (f"module {GO_MODULE}\n\ngo 1.22\n\nrequire github.com/lib/pq v1.10.9\n", "(root)"),
        },
    )


# -- Java ------------------------------------------------------------------------------------------------

JAVA_PACKAGE = "com.acme.shop"


def java_repo(seed: int = 41, name: str = "java-shop", **variant: object) -> PlantedRepo:
    plan = design(seed, **variant)

    def package_of(spec: FileSpec) -> str:
        return f"{JAVA_PACKAGE}.{spec.directory.replace('/', '.')}"

    def class_of(spec: FileSpec) -> str:
        return _pascal(spec.test_of) + "Test" if spec.test_of else _pascal(spec.stem)

    def path_of(spec: FileSpec) -> str:
        tree = "test" if spec.test_of else "main"
        return f"src/{tree}/java/{package_of(spec).replace('.', '/')}/{class_of(spec)}.java"

    def source_of(spec: FileSpec) -> str:
        deps = plan.imports[spec]
        lines = [f"package {package_of(spec)};", ""]
        lines += [f"import {package_of(d)}.{class_of(d)};" for d in deps if package_of(d) != package_of(spec)]
        lines += ["", f"public class {class_of(spec)} {{"]
        if spec.test_of:
            lines.append("    public void testIt() {")
            lines += [f"        {class_of(dep)}.{_camel(_ident(dep))}(1);" for dep in deps]
        else:
            lines.append(f"    public static int {_camel(_ident(spec))}(int value) {{")
            lines += [f"        value = {class_of(dep)}.{_camel(_ident(dep))}(value);" for dep in deps]
            lines.append("        return value;")
        lines += ["    }", "}"]
        return "\n".join(lines) + "\n"

    return _render(
        name,
        "java",
        plan,
        path_of,
        source_of,
        {
            "pom.xml": (
                "<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.acme</groupId>\n"
                "  <artifactId>shop</artifactId>\n  <version>0.1.0</version>\n  <dependencies>\n"
                "    <dependency><groupId>org.postgresql</groupId><artifactId>postgresql</artifactId>"
                "<version>42.7.0</version></dependency>\n  </dependencies>\n</project>\n",
                "(root)",
            ),
        },
    )


HARD = {"large": True, "noise": 0.12, "app": True, "inner_hub": True}


def _repos(offset: int = 0, suffix: str = "") -> dict[str, PlantedRepo]:
    return {
        "python": python_repo(11 + offset, "python-shop" + suffix),
        "python-large": python_repo(101 + offset, "python-large" + suffix, **HARD),
        "typescript": typescript_repo(23 + offset, "typescript-shop" + suffix),
        "typescript-flat": typescript_repo(103 + offset, "typescript-flat" + suffix, flat=True, noise=0.08, app=True),
        "go": go_repo(37 + offset, "go-shop" + suffix),
        "go-large": go_repo(107 + offset, "go-large" + suffix, **HARD),
        "java": java_repo(41 + offset, "java-shop" + suffix),
        "java-large": java_repo(109 + offset, "java-large" + suffix, **HARD),
    }


def planted_repos() -> list[PlantedRepo]:
    """The eight planted repositories of the bench."""
    return list(_repos().values())


def held_out_repos(rounds: int = 3) -> list[PlantedRepo]:
    """The same eight designs drawn with other seeds (never used to choose the defaults)."""
    return [repo for r in range(1, rounds + 1) for repo in _repos(1000 * r, f"@{1000 * r}").values()]
