"""Block naming, pure. `heuristic` gives provisional labels (`named_by: heuristic`,
`needs_owner_naming: true`); a naming runner's answers (F11 §2) are hostile input until the text rule
(`rooms.contract.text`) and `answer` accept them, and `apply` puts them in a seed or in `candidateEdit`
rename ops.

Public API:
- heuristic: `LabelInput`, `names_for`, `purpose_for`, `dominant_symbols`, `NAME_MAX`, `PURPOSE_MAX`
- sanitizer: `sanitize_answer`, `sanitize_label`, `CleanLabel`, `UnsafeLabel`, `Reason`
- answers: `read_answer`, `read_answer_object`, `read_chat_content`, `NamingFailure`, `FailureReason`
- packets: `GraphFacts`, `naming_packet`, `packet_bytes`, `block_files`, `PACKET_SCHEMA`
- applying: `apply_runner_names`, `rename_ops`, `needs_runner_naming`
- runners: `RunnerSpec`, `runner_spec`, `RunnerSpecError`, `RunnerRole`, `Transport`
"""

from rooms.contract.text import CleanLabel, Reason, UnsafeLabel, sanitize_answer, sanitize_label
from rooms.naming.answer import FailureReason, NamingFailure, read_answer, read_answer_object, read_chat_content
from rooms.naming.apply import apply_runner_names, needs_runner_naming, rename_ops
from rooms.naming.heuristic import NAME_MAX, PURPOSE_MAX, LabelInput, dominant_symbols, names_for, purpose_for
from rooms.naming.packet import PACKET_SCHEMA, GraphFacts, block_files, naming_packet, packet_bytes
from rooms.naming.runners import RunnerRole, RunnerSpec, RunnerSpecError, Transport, runner_spec

__all__ = [
    "NAME_MAX",
    "PACKET_SCHEMA",
    "PURPOSE_MAX",
    "CleanLabel",
    "FailureReason",
    "GraphFacts",
    "LabelInput",
    "NamingFailure",
    "Reason",
    "RunnerRole",
    "RunnerSpec",
    "RunnerSpecError",
    "Transport",
    "UnsafeLabel",
    "apply_runner_names",
    "block_files",
    "dominant_symbols",
    "names_for",
    "naming_packet",
    "needs_runner_naming",
    "packet_bytes",
    "purpose_for",
    "read_answer",
    "read_answer_object",
    "read_chat_content",
    "rename_ops",
    "runner_spec",
    "sanitize_answer",
    "sanitize_label",
]
