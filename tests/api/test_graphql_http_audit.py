"""The GraphQL-over-HTTP audit suite (npm `graphql-http`, `serverAudits`) against `coderooms serve`."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.api.conftest import ServedApi

pytestmark = pytest.mark.integration

AUDIT_DIR = Path(__file__).parent / "audit"


def _run_audits(api: ServedApi) -> list[dict[str, str]]:
    node = shutil.which("node")
    assert node, "Node.js is needed for the GraphQL-over-HTTP audit"
    assert (AUDIT_DIR / "node_modules" / "graphql-http").is_dir(), (
        "run `npm ci` in tests/api/audit (the README's test command does)"
    )
    done = subprocess.run(
        [node, "audit.mjs", api.graphql_url, api.token],
        cwd=AUDIT_DIR,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def test_every_must_and_should_audit_passes(api: ServedApi) -> None:
    results = _run_audits(api)
    assert len(results) > 20
    musts = [r for r in results if r["name"].startswith("MUST")]
    failed = [f"{r['id']} {r['name']}: {r['reason']}" for r in musts if r["status"] != "ok"]
    shoulds = [
        f"{r['id']} {r['name']}: {r['reason']}"
        for r in results
        if r["name"].startswith("SHOULD") and r["status"] != "ok"
    ]
    assert musts and not failed, "\n".join(failed)
    assert not shoulds, "\n".join(shoulds)
