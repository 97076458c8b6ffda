"""Import resolution cases beyond the golden fixtures: monorepos, workspaces, ambiguity."""

from __future__ import annotations

from pathlib import Path

from ingest import ScanResult
from tests.unit.ingest.trees import scan_files


def _imports(result: ScanResult) -> set[tuple[str, str]]:
    return {
        (e.source.removeprefix("file::"), e.target.removeprefix("file::")) for e in result.edges if e.kind == "IMPORTS"
    }


def test_typescript_extends_chain_and_workspace_packages(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "tsconfig.base.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@shared/*": ["libs/shared/src/*"]}}}',  # noqa: E501 - file content verbatim
            "apps/web/tsconfig.json": '{"extends": "../../tsconfig.base.json", "compilerOptions": {"strict": true}}',
            "apps/web/main.ts": 'import { a } from "@shared/alpha";\nimport { ui } from "@acme/ui";\n'
            'import { btn } from "@acme/ui/button";\nimport { x } from "libs/shared/src/alpha";\n',
            "libs/shared/src/alpha.ts": "export const a = 1;\n",
            "packages/ui/package.json": '{"name": "@acme/ui"}',
            "packages/ui/src/index.ts": "export const ui = 1;\n",
            "packages/ui/src/button.tsx": "export const btn = 1;\n",
        },
    )
    assert _imports(result) == {
        ("apps/web/main.ts", "libs/shared/src/alpha.ts"),  # paths from the extended config; and via baseUrl
        ("apps/web/main.ts", "packages/ui/src/index.ts"),  # a workspace package by name
        ("apps/web/main.ts", "packages/ui/src/button.tsx"),  # a subpath of it
    }
    assert result.packages == ()


def test_python_module_in_two_projects_prefers_the_importers_own(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "svc_a/app/__init__.py": "",
            "svc_a/app/util.py": "",
            "svc_a/app/main.py": "from app import util\n",
            "svc_b/app/__init__.py": "",
            "svc_b/app/util.py": "",
            "svc_b/app/main.py": "import app.util\n",
            "tools/run.py": "import app.util\n",  # both projects define app.util: ambiguous, no edge
        },
    )
    assert _imports(result) == {
        ("svc_a/app/main.py", "svc_a/app/util.py"),
        ("svc_b/app/main.py", "svc_b/app/util.py"),
    }
    assert result.report.references["import"] == {"ambiguous": 1, "resolved": 2}


def test_rust_workspace_crates_and_child_modules(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "Cargo.toml": '[workspace]\nmembers = ["core", "cli"]\n',
            "core/Cargo.toml": '[package]\nname = "acme-core"\n',
            "core/src/lib.rs": "pub mod model;\n",
            "core/src/model.rs": "pub struct Item;\n",
            "cli/Cargo.toml": '[package]\nname = "cli"\n[dependencies]\nacme-core = { path = "../core" }\nclap = "4"\n',
            "cli/src/main.rs": "mod args;\nuse acme_core::model::Item;\nuse args::Args;\nuse clap::Parser;\n",
            "cli/src/args.rs": "pub struct Args;\n",
        },
    )
    assert _imports(result) == {
        ("core/src/lib.rs", "core/src/model.rs"),
        ("cli/src/main.rs", "cli/src/args.rs"),  # mod args; and use args::Args (a child module)
        ("cli/src/main.rs", "core/src/model.rs"),  # another crate of the workspace, by its name
    }
    assert {p.id for p in result.packages} == {"package::cargo::clap"}


def test_go_nested_modules_take_the_longest_module_path(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "go.mod": "module example.com/mono\n",
            "tools/go.mod": "module example.com/mono/tools\n",
            "tools/lint/lint.go": "package lint\n",
            "lint/lint.go": "package lint\n",
            "main.go": 'package main\nimport (\n\t"example.com/mono/tools/lint"\n\t"example.com/mono/lint"\n)\n',
        },
    )
    assert _imports(result) == {("main.go", "tools/lint/lint.go"), ("main.go", "lint/lint.go")}


def test_c_includes_with_two_candidates_are_ambiguous(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "a/include/config.h": "",
            "b/include/config.h": "",
            "src/config.h": "",
            "src/main.c": '#include "config.h"\n',  # beside the file: unambiguous
            "tools/tool.c": '#include "config.h"\n',  # two include/ directories hold one: dropped
            "tools/other.c": '#include "sub/deep.h"\n#include <zlib.h>\n',
            "vendorish/sub/deep.h": "",
        },
    )
    assert _imports(result) == {("src/main.c", "src/config.h"), ("tools/other.c", "vendorish/sub/deep.h")}
    assert result.report.references["import"] == {"ambiguous": 1, "resolved": 2, "stdlib": 1}


def test_php_namespaces_without_autoload_and_ruby_load_path(tmp_path: Path) -> None:
    result = scan_files(
        tmp_path,
        {
            "app/Models/User.php": "<?php\nnamespace App\\Models;\nclass User {}\n",
            "app/Http/Controller.php": "<?php\nnamespace App\\Http;\nuse App\\Models\\User;\nuse App\\Models\\Missing;\n",  # noqa: E501 - file content verbatim
            "gems/a/lib/util.rb": "",
            "gems/b/lib/util.rb": "",
            "gems/a/lib/a.rb": "require 'util'\nrequire_relative 'util'\n",
        },
    )
    assert _imports(result) == {
        ("app/Http/Controller.php", "app/Models/User.php"),  # declared namespace + class, no composer.json
        ("gems/a/lib/a.rb", "gems/a/lib/util.rb"),  # require_relative; plain require is ambiguous
    }
    assert result.report.references["import"] == {"ambiguous": 1, "resolved": 2, "unresolved": 1}
