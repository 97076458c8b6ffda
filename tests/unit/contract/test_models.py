import json

import pytest

from rooms.contract import (
    BlockKind,
    BlockState,
    ContractError,
    Member,
    MemberRole,
    MembershipSource,
    SeedFile,
    Socket,
    Store,
    SystemBlock,
    parse_seed,
    parse_store,
    seed_from_store,
    serialize_seed,
    serialize_store,
    store_from_seed,
    validate_seed,
)

# A hand-written canonical seed: every optional field present once, in contract order.
CANONICAL = """{
  "schema": "m1nd-system-block-seed-v0",
  "repo": {
    "repo_id": "repo_a",
    "root": ".",
    "source_commit": "abc123"
  },
  "skeleton": {
    "skeleton_id": "sk_repo_a",
    "version": 1,
    "state": "ratified",
    "ratification": {
      "method": "pr_merge",
      "ratifier": "owner",
      "ratified_at": "2026-07-07T00:00:00Z",
      "commit": "abc123"
    }
  },
  "blocks": [
    {
      "block_id": "sb_core",
      "name": "Core — graph",
      "purpose": "Owns the graph.",
      "kind": "scanned",
      "state": "ratified",
      "boundary_version": 2,
      "contract_version": 1,
      "membership_source": "ratified",
      "membership": [
        {
          "path": "core/**",
          "role": "primary"
        },
        {
          "path": "shared/util.py",
          "role": "shared",
          "optional": true
        }
      ],
      "sockets": {
        "inputs": [
          {
            "to": "sb_ui",
            "type": "imports"
          }
        ],
        "outputs": [],
        "external": [
          {
            "alias": "db",
            "class": "database"
          }
        ]
      },
      "receipt_contract": {
        "version": 1,
        "required": [
          {
            "type": "test",
            "stales_on": [
              "membership"
            ]
          }
        ],
        "optional": [],
        "waived": [],
        "declared_by": "owner",
        "declared_at": "2026-07-07T00:00:00Z"
      },
      "receipts": [
        {
          "type": "test",
          "emitter": {
            "kind": "ci",
            "id": "ci-1"
          },
          "scope": {
            "block_id": "sb_core",
            "boundary_version": 2,
            "contract_version": 1,
            "resolution_hash": "sha256:aa"
          },
          "evidence": {
            "command": "pytest",
            "cwd": ".",
            "exit_status": 0,
            "started_at": "2026-07-07T00:00:00Z",
            "ended_at": "2026-07-07T00:01:00Z",
            "artifact_hash": "sha256:bb",
            "evidence_refs": [
              "ci/run/1"
            ]
          },
          "validity": {
            "stales_on": []
          }
        }
      ],
      "layout": {
        "x": 10.5,
        "y": -3.0,
        "locked": true,
        "algorithm_seed": 42,
        "version": 1
      },
      "unmapped_residue": [
        "core/README.md"
      ],
      "membership_fingerprint": "sha256:cc",
      "resolved_members": [
        "core/a.py"
      ],
      "candidate_meta": {
        "named_by": "owner",
        "needs_owner_naming": false,
        "graph_cohesion": 0.75,
        "edge_sample_size": 40,
        "directory_support": 1.0,
        "coverage_ratio": 0.5,
        "shared_member_count": 1
      }
    },
    {
      "block_id": "sb_ui",
      "name": "UI",
      "purpose": "The screen.",
      "kind": "scanned",
      "state": "ratified",
      "boundary_version": 1,
      "contract_version": 1,
      "membership_source": "ratified",
      "membership": [
        {
          "path": "ui/**",
          "role": "primary"
        }
      ],
      "sockets": {
        "inputs": [],
        "outputs": [],
        "external": []
      },
      "receipt_contract": {
        "version": 0,
        "required": [],
        "optional": [],
        "waived": []
      },
      "receipts": [],
      "layout": {
        "locked": false,
        "version": 0
      },
      "unmapped_residue": []
    }
  ],
  "unmapped_policy": {
    "visible": true,
    "default_action": "leave_unmapped_until_ratified"
  }
}
"""


def _doc() -> dict:
    return json.loads(CANONICAL)


def _set(doc: dict, where: tuple, value: object) -> dict:
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    return doc


def _refused(doc: dict) -> ContractError:
    with pytest.raises(ContractError) as caught:
        parse_seed(json.dumps(doc))
    return caught.value


def test_hand_written_canonical_seed_round_trips_byte_for_byte() -> None:
    seed = parse_seed(CANONICAL)
    assert seed.blocks[0].layout.algorithm_seed == 42
    assert seed.blocks[0].membership[1].optional is True
    assert serialize_seed(seed) == CANONICAL


def test_non_canonical_input_normalizes_once() -> None:
    doc = _doc()
    block = doc["blocks"][0]
    block["layout"]["x"] = 10  # an int where a float is expected
    block["membership"][0]["optional"] = False  # written although false
    block["candidate_meta"]["graph_cohesion"] = None  # explicit null
    block["resolved_members"] = []  # empty optional list
    text = serialize_seed(parse_seed(json.dumps(doc)))
    out = json.loads(text)["blocks"][0]
    assert out["layout"]["x"] == 10.0 and '"x": 10.0' in text
    assert out["membership"][0] == {"path": "core/**", "role": "primary"}
    assert "graph_cohesion" not in out["candidate_meta"]
    assert "resolved_members" not in out
    assert serialize_seed(parse_seed(text)) == text


def test_output_is_lf_with_one_trailing_newline_and_raw_unicode() -> None:
    text = serialize_seed(parse_seed(CANONICAL))
    assert "\r" not in text
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert "Core — graph" in text


def test_unknown_field_is_refused_and_named() -> None:
    doc = _doc()
    doc["blocks"][0]["membership"][0]["weight"] = 3
    error = _refused(doc)
    assert error.code == "unknown_field"
    assert error.field == "blocks[0].membership[0].weight"


def test_unknown_top_level_field_is_refused() -> None:
    doc = _doc()
    doc["extra"] = True
    assert _refused(doc).code == "unknown_field"


@pytest.mark.parametrize(
    ("where", "value", "field"),
    [
        (("blocks", 0, "membership", 0, "role"), "owner", "blocks[0].membership[0].role"),
        (("blocks", 0, "state"), "Ratified", "blocks[0].state"),
        (("skeleton", "state"), "draft", "skeleton.state"),
        (("blocks", 0, "candidate_meta", "named_by"), "robot", "blocks[0].candidate_meta.named_by"),
        (("unmapped_policy", "default_action"), "ignore", "unmapped_policy.default_action"),
        (("blocks", 0, "receipts", 0, "emitter", "kind"), "cron", "blocks[0].receipts[0].emitter.kind"),
    ],
)
def test_bad_enum_is_refused(where: tuple, value: str, field: str) -> None:
    doc = _set(_doc(), where, value)
    error = _refused(doc)
    assert error.code == "invalid_enum"
    assert error.field == field


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("blocks", 0, "membership", 0, "path"), "/abs/path"),
        (("blocks", 0, "membership", 0, "path"), "../escape"),
        (("blocks", 0, "unmapped_residue", 0), "C:/x"),
        (("blocks", 0, "resolved_members", 0), "a\\b"),
        (("repo", "root"), "~/repo"),
        (("blocks", 0, "receipts", 0, "evidence", "cwd"), "/tmp"),
    ],
)
def test_unsafe_path_is_refused(where: tuple, value: str) -> None:
    doc = _set(_doc(), where, value)
    error = _refused(doc)
    assert error.code == "invalid_path"
    assert value in error.message


def test_missing_field_is_named() -> None:
    doc = _doc()
    del doc["blocks"][0]["membership_source"]
    error = _refused(doc)
    assert (error.code, error.field) == ("missing_field", "blocks[0].membership_source")


def test_wrong_schema_is_refused() -> None:
    doc = _doc()
    doc["schema"] = "m1nd-system-block-store-v0"
    assert _refused(doc).code == "schema_mismatch"


@pytest.mark.parametrize("text", ["{", "[]", '{"schema": "m1nd-system-block-seed-v0", "schema": "x"}'])
def test_bad_json_is_refused(text: str) -> None:
    with pytest.raises(ContractError) as caught:
        parse_seed(text)
    assert caught.value.code in {"invalid_json", "invalid_seed"}


def test_duplicate_key_is_invalid_json() -> None:
    with pytest.raises(ContractError) as caught:
        parse_seed(CANONICAL.replace('"name": "Core — graph",', '"name": "A", "name": "B",'))
    assert caught.value.code == "invalid_json"


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("skeleton", "version"), "1"),
        (("skeleton", "version"), 1.0),
        (("skeleton", "version"), -1),
        (("blocks", 0, "layout", "locked"), 1),
        (("blocks", 0, "candidate_meta", "coverage_ratio"), 1.5),
        (("blocks", 0, "name"), 7),
        (("blocks", 0, "block_id"), ""),
    ],
)
def test_wrong_scalar_types_are_refused(where: tuple, value: object) -> None:
    doc = _set(_doc(), where, value)
    assert _refused(doc).code == "invalid_seed"


def test_nan_is_refused() -> None:
    with pytest.raises(ContractError):
        parse_seed(CANONICAL.replace('"x": 10.5', '"x": NaN'))


def test_receipts_in_a_candidate_are_refused() -> None:
    doc = _doc()
    doc["skeleton"]["state"] = "candidate"
    error = _refused(doc)
    assert error.code == "receipts_in_candidate"
    assert "sb_core" in error.message


def test_receipt_scoped_to_another_boundary_is_refused() -> None:
    doc = _doc()
    doc["blocks"][0]["receipts"][0]["scope"]["boundary_version"] = 1
    assert _refused(doc).code == "invalid_receipt"


def test_test_receipt_without_execution_identity_is_refused() -> None:
    doc = _doc()
    del doc["blocks"][0]["receipts"][0]["evidence"]["command"]
    error = _refused(doc)
    assert error.code == "invalid_receipt"
    assert "command" in error.message


def test_receipt_without_anchor_is_refused() -> None:
    doc = _doc()
    doc["blocks"][0]["receipts"][0]["evidence"]["evidence_refs"] = []
    assert _refused(doc).code == "invalid_receipt"


def test_socket_to_a_block_outside_the_map_is_refused() -> None:
    doc = _set(_doc(), ("blocks", 0, "sockets", "inputs", 0, "to"), "sb_elsewhere")
    error = _refused(doc)
    assert error.code == "dangling_socket"
    assert "sb_elsewhere" in error.message


def test_duplicate_block_ids_and_duplicate_members_are_refused() -> None:
    doc = _doc()
    doc["blocks"].append(json.loads(json.dumps(doc["blocks"][0])))
    assert "appears twice" in _refused(doc).message
    doc = _doc()
    doc["blocks"][0]["membership"].append({"path": "core/**", "role": "docs"})
    assert "twice" in _refused(doc).message


def test_validate_seed_accepts_a_decoded_object() -> None:
    assert validate_seed(_doc()) == parse_seed(CANONICAL)


def _block(block_id: str) -> SystemBlock:
    return SystemBlock(
        block_id=block_id,
        name="N",
        purpose="",
        kind=BlockKind.SCANNED,
        state=BlockState.CANDIDATE,
        boundary_version=1,
        contract_version=1,
        membership_source=MembershipSource.PROPOSED,
        membership=[Member(path="a.py", role=MemberRole.PRIMARY)],
    )


def test_defaults_are_not_shared_between_instances() -> None:
    first, second = _block("a"), _block("b")
    first.sockets.inputs.append(Socket(to="b"))
    first.unmapped_residue.append("x")
    assert second.sockets.inputs == []
    assert second.unmapped_residue == []


def test_store_text_order_and_omissions() -> None:
    store = store_from_seed(parse_seed(CANONICAL), 7)
    text = serialize_store(store)
    keys = list(json.loads(text))
    assert keys == ["schema", "store_version", "repo", "skeleton", "blocks", "unmapped_policy"]
    store.unmapped_files = ["x.py"]
    store.unmapped_total = 0
    store.curating_by = "agent-1"
    store.curating_until = "2026-07-10T00:00:00Z"
    text = serialize_store(store)
    assert list(json.loads(text))[6:] == ["unmapped_files", "unmapped_total", "curating_by", "curating_until"]
    assert serialize_store(parse_store(text)) == text


def test_store_and_seed_convert_both_ways() -> None:
    seed = parse_seed(CANONICAL)
    store = store_from_seed(seed, 3)
    assert isinstance(store, Store) and store.store_version == 3
    back = seed_from_store(store)
    assert isinstance(back, SeedFile)
    assert serialize_seed(back) == CANONICAL


def test_store_refuses_a_ratified_candidate_revision() -> None:
    store = json.loads(serialize_store(store_from_seed(parse_seed(CANONICAL), 1)))
    store["candidate_revision"] = _doc()
    with pytest.raises(ContractError) as caught:
        parse_store(json.dumps(store))
    assert caught.value.code == "invalid_store"
