"""Manifest readers: declared third-party names and the settings resolution needs."""

from __future__ import annotations

import pytest

from ingest.manifests import Manifest, ManifestError, read_manifest


def test_python_manifests() -> None:
    pyproject = """
[project]
name = "svc"
dependencies = ["requests[socks]>=2", "PyYAML"]
[project.optional-dependencies]
dev = ["pytest ; python_version > '3.8'"]
[dependency-groups]
lint = ["ruff", {include-group = "dev"}]
[tool.poetry.dependencies]
python = "^3.11"
httpx = "*"
[tool.poetry.group.docs.dependencies]
mkdocs = "*"
"""
    assert read_manifest("pyproject.toml", pyproject) == Manifest(
        "pypi",
        name="svc",
        dependencies=("PyYAML", "httpx", "mkdocs", "pytest", "requests", "ruff"),
    )
    requirements = (
        "# pinned\nDjango==4.2  # web\n-r base.txt\n--index-url https://x.invalid\n"
        "-e git+https://x.invalid/repo.git#egg=local_pkg\nhttps://x.invalid/a.whl\n"
        "numpy>=1.26; python_version>'3'\n"
    )
    assert read_manifest("requirements-dev.txt", requirements) == Manifest(
        "pypi",
        dependencies=("Django", "local_pkg", "numpy"),
    )
    setup_cfg = (
        "[metadata]\nname = lib\n[options]\ninstall_requires =\n    attrs>=20\n    click\n"
        "[options.extras_require]\ntest =\n    pytest\n"
    )
    assert read_manifest("setup.cfg", setup_cfg) == Manifest(
        "pypi",
        name="lib",
        dependencies=("attrs", "click", "pytest"),
    )


def test_javascript_manifests() -> None:
    package_json = (
        '{"name": "@acme/web", "main": "dist/index.js", "module": "src/index.ts",'
        ' "dependencies": {"react": "18"}, "peerDependencies": {"@types/node": "*"}}'
    )
    assert read_manifest("package.json", package_json) == Manifest(
        "npm",
        name="@acme/web",
        dependencies=("@types/node", "react"),
        entry="src/index.ts",
    )
    tsconfig = (
        '{\n  // comment, "not": "a key"\n  "extends": "../base.json",\n  "compilerOptions": {\n'
        '    "baseUrl": "./src", /* block */\n    "paths": {"@/*": ["*", "gen/*"], "x": ["lib/x.ts"],},\n  },\n}'
    )
    assert read_manifest("tsconfig.app.json", tsconfig) == Manifest(
        "tsconfig",
        entry="./src",
        extends="../base.json",
        mappings=(("@/*", ("*", "gen/*")), ("x", ("lib/x.ts",))),
    )


def test_go_and_cargo_manifests() -> None:
    go_mod = (
        "module github.com/acme/svc\n\ngo 1.22\n\nrequire github.com/pkg/errors v0.9.1\n\nrequire (\n"
        "\tgolang.org/x/sync v0.7.0 // indirect\n\tgithub.com/stretchr/testify v1.9.0\n)\n"
    )
    assert read_manifest("go.mod", go_mod) == Manifest(
        "go",
        name="github.com/acme/svc",
        dependencies=("github.com/pkg/errors", "github.com/stretchr/testify", "golang.org/x/sync"),
    )
    cargo = (
        '[package]\nname = "geo-kit"\n[dependencies]\nserde = { version = "1", features = ["derive"] }\n'
        '[dev-dependencies]\nproptest = "1"\n[target.\'cfg(unix)\'.dependencies]\nlibc = "0.2"\n'
    )
    assert read_manifest("Cargo.toml", cargo) == Manifest(
        "cargo",
        name="geo-kit",
        dependencies=("libc", "proptest", "serde"),
    )


def test_jvm_and_dotnet_manifests() -> None:
    pom = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <parent><groupId>org.acme</groupId></parent>
  <dependencies>
    <dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId></dependency>
  </dependencies>
</project>"""
    assert read_manifest("pom.xml", pom) == Manifest("maven", name="org.acme", dependencies=("com.google.guava:guava",))
    gradle = (
        "dependencies {\n  implementation 'org.slf4j:slf4j-api:2.0.9'\n"
        '  testImplementation("org.junit.jupiter:junit-jupiter:5.10.0")\n}\n'
    )
    assert read_manifest("build.gradle.kts", gradle) == Manifest(
        "maven",
        dependencies=("org.junit.jupiter:junit-jupiter", "org.slf4j:slf4j-api"),
    )
    csproj = (
        '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Serilog" Version="3" />'
        '<PackageReference Update="Dapper" /></ItemGroup></Project>'
    )
    assert read_manifest("Api.csproj", csproj) == Manifest("nuget", dependencies=("Dapper", "Serilog"))


def test_ruby_and_php_manifests() -> None:
    assert read_manifest("Gemfile", "source 'https://x.invalid'\ngem 'rails', '~> 7'\n  gem(\"pg\")\n") == Manifest(
        "gem",
        dependencies=("pg", "rails"),
    )
    gemspec = (
        "Gem::Specification.new do |s|\n  s.add_dependency 'rack'\n  s.add_development_dependency \"rspec\"\nend\n"
    )
    assert read_manifest("shop.gemspec", gemspec) == Manifest("gem", dependencies=("rack", "rspec"))
    composer = (
        '{"name": "acme/shop", "require": {"php": "^8", "ext-json": "*", "monolog/monolog": "^3"},'
        ' "autoload": {"psr-4": {"Acme\\\\": ["src/", "lib/"]}},'
        ' "autoload-dev": {"psr-4": {"Acme\\\\Tests\\\\": "tests/"}}}'
    )
    assert read_manifest("composer.json", composer) == Manifest(
        "composer",
        name="acme/shop",
        dependencies=("monolog/monolog",),
        mappings=(("Acme\\", ("lib/", "src/")), ("Acme\\Tests\\", ("tests/",))),
    )


def test_non_manifests_and_broken_manifests() -> None:
    assert read_manifest("README.md", "# hi") is None
    assert read_manifest("settings.json", "{}") is None
    for name, text in [
        ("package.json", "{"),
        ("pyproject.toml", "[project"),
        ("pom.xml", "<project>"),
        ("composer.json", '{"require": []}'),
    ]:
        with pytest.raises(ManifestError):
            read_manifest(name, text)
