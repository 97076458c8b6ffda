"""A generated repository of any size: Python and TypeScript modules in packages that import,
call and subclass one another, deterministic for a given size (written once, then cached)."""

from __future__ import annotations

import random
from pathlib import Path

MODULES_PER_PACKAGE = 100
TYPESCRIPT_SHARE = 0.4


def generate(root: Path, files: int) -> Path:
    """Write ``files`` source files under ``root`` (kept if a complete tree is already there)."""
    marker = root / ".complete"
    if marker.exists() and marker.read_text() == str(files):
        return root
    rng = random.Random(files)
    for index in range(files):
        package, module = divmod(index, MODULES_PER_PACKAGE)
        typescript = (package % 5) < TYPESCRIPT_SHARE * 5
        others = [rng.randrange(files) for _ in range(3)]
        path = root / f"pkg{package:04d}" / (f"mod{module:03d}.ts" if typescript else f"mod{module:03d}.py")
        path.parent.mkdir(parents=True, exist_ok=True)
        if typescript:
            path.write_text(_typescript(index, [o for o in others if (o // MODULES_PER_PACKAGE) % 5 < 2]))
        else:
            path.write_text(_python(index, [o for o in others if (o // MODULES_PER_PACKAGE) % 5 >= 2]))
        if module == 0 and not typescript:
            (path.parent / "__init__.py").write_text(f'"""Package {package}."""\n')
    marker.write_text(str(files))
    return root


def _name(index: int) -> tuple[str, str]:
    package, module = divmod(index, MODULES_PER_PACKAGE)
    return f"pkg{package:04d}", f"mod{module:03d}"


def _python(index: int, imports: list[int]) -> str:
    lines = [f'"""Module {index}."""', "import os", ""]
    for other in imports:
        package, module = _name(other)
        lines.append(f"from {package}.{module} import helper_{other}, Base{other}")
    base = f"Base{imports[0]}" if imports else "object"
    lines += ["", "", f"def helper_{index}(value):", "    total = os.getpid()"]
    lines += [f"    total += helper_{other}(value)" for other in imports]
    lines += [
        "    return total",
        "",
        "",
        f"class Base{index}({base}):",
        "    def run(self, value):",
        f"        return helper_{index}(value)",
        "",
        "    def describe(self):",
        "        return self.run(1)",
        "",
        "",
        f"class Child{index}(Base{index}):",
        "    def run(self, value):",
        "        return super().run(value) + 1",
        "",
    ]
    return "\n".join(lines)


def _typescript(index: int, imports: list[int]) -> str:
    lines = [f"// Module {index}.", "import * as path from 'path';"]
    for other in imports:
        package, module = _name(other)
        lines.append(f"import {{ helper{other}, Base{other} }} from '../{package}/{module}';")
    base = f" extends Base{imports[0]}" if imports else ""
    lines += ["", f"export function helper{index}(value: number): number {{", "  let total = path.sep.length;"]
    lines += [f"  total += helper{other}(value);" for other in imports]
    lines += [
        "  return total;",
        "}",
        "",
        f"export class Base{index}{base} {{",
        "  run(value: number): number {",
        f"    return helper{index}(value);",
        "  }",
        "  describe(): number {",
        "    return this.run(1);",
        "  }",
        "}",
        "",
        f"export class Child{index} extends Base{index} {{",
        "  run(value: number): number {",
        "    return super.run(value) + 1;",
        "  }",
        "}",
        "",
    ]
    return "\n".join(lines)
