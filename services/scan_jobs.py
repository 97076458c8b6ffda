"""Scans run as jobs in a worker thread of this process, so that a caller can watch and cancel them.

``ScanJobs.start(repo_id, run)`` starts ``run(progress)`` (a ``services.scan.scan`` call) in a thread and
answers at once with the job; ``get`` reads its state, phase and progress; ``cancel`` sets a flag that the
job's progress callback checks at every step the scan reports (each phase, each parsed file): it raises
``ScanCancelled`` there, and the scan deletes its staging as after any failure, so the store and the live
code graph stay as they were. Once the scan reports ``writing`` it is past the last check and ends as it
would have (a cancel then is too late and the job says so by ending SUCCEEDED).

A job whose scan Neo4j refused for lack of memory ends FAILED with that error (``DatabaseOutOfMemory``, whose
stable code the API reports), logged as a warning: it is the database's state, not a bug.

Jobs live in memory, in this process only: a bounded table (``limit`` jobs), finished jobs kept
``keep_s`` seconds, and all gone when the process stops (a job's scan keeps its database lock while it
runs, which is what refuses a scan of the same repository from anywhere else).
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from time import monotonic
from typing import Any

from graphdb.errors import DatabaseOutOfMemory
from rooms.progress import Progress
from services.scan import ScanRefused

log = logging.getLogger(__name__)

KEEP_S = 300.0
LIMIT = 64


class JobState(Enum):
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"


class ScanCancelled(Exception):
    """Raised inside a cancelled job's scan, at its next step."""


class TooManyJobs(Exception):
    """The table is full of running jobs."""


@dataclass
class ScanJob:
    job_id: str
    repo_id: str
    review_limit: int  # what the caller asked to be shown of the result
    state: JobState = JobState.RUNNING
    phase: str | None = None
    done: int = 0
    total: int = 0
    outcome: Any = None  # what ``run`` returned (SUCCEEDED; a FAILED run may have returned a conflict)
    error: BaseException | None = None  # what ``run`` raised (FAILED)
    finished_at: float | None = None
    cancel_requested: threading.Event = field(default_factory=threading.Event)

    def progress(self, phase: str, done: int, total: int) -> None:
        """The scan's progress callback: records the step, then stops a cancelled scan."""
        if self.cancel_requested.is_set():
            raise ScanCancelled(self.job_id)
        self.phase, self.done, self.total = phase, done, total


class ScanJobs:
    """The jobs of this process (thread-safe)."""

    def __init__(self, keep_s: float = KEEP_S, limit: int = LIMIT) -> None:
        self._keep_s = keep_s
        self._limit = limit
        self._jobs: dict[str, ScanJob] = {}
        self._threads: dict[str, threading.Thread] = {}
        self._lock = threading.Lock()

    def running(self, repo_id: str) -> ScanJob | None:
        with self._lock:
            return next((j for j in self._jobs.values() if j.repo_id == repo_id and j.state is JobState.RUNNING), None)

    def start(
        self,
        repo_id: str,
        run: Callable[[Progress], Any],
        *,
        review_limit: int = 16,
        succeeded: Callable[[Any], bool] = lambda _: True,
    ) -> ScanJob:
        """Start ``run(progress)`` in a thread; ``succeeded(outcome)`` tells a success from a conflict.
        Raises ``TooManyJobs`` when ``limit`` jobs are running."""
        job = ScanJob(uuid.uuid4().hex, repo_id, review_limit)
        with self._lock:
            self._prune()
            if len(self._jobs) >= self._limit:
                raise TooManyJobs(f"{len(self._jobs)} scans are running in this server; try again when one ends")
            self._jobs[job.job_id] = job
            thread = threading.Thread(
                target=self._run, args=(job, run, succeeded), name=f"scan-job-{repo_id}", daemon=True
            )
            self._threads[job.job_id] = thread
        thread.start()
        return job

    def get(self, job_id: str) -> ScanJob | None:
        with self._lock:
            self._prune()
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> ScanJob | None:
        job = self.get(job_id)
        if job is not None and job.state is JobState.RUNNING:
            job.cancel_requested.set()
        return job

    def wait(self, job_id: str, timeout: float | None = None) -> ScanJob | None:
        """The job once it has ended (or after ``timeout``)."""
        with self._lock:
            thread = self._threads.get(job_id)
        if thread is not None:
            thread.join(timeout)
        return self.get(job_id)

    def shutdown(self, timeout: float = 30.0) -> None:
        """Cancel every running job and wait for their scans to clean up (the server is stopping)."""
        with self._lock:
            jobs, threads = list(self._jobs.values()), list(self._threads.values())
        for job in jobs:
            job.cancel_requested.set()
        deadline = monotonic() + timeout
        for thread in threads:
            thread.join(max(0.0, deadline - monotonic()))

    def _run(self, job: ScanJob, run: Callable[[Progress], Any], succeeded: Callable[[Any], bool]) -> None:
        try:
            outcome = run(job.progress)
        except ScanCancelled:
            state, outcome, error = JobState.CANCELLED, None, None
        except Exception as exc:  # the job reports it; the server goes on
            if isinstance(exc, DatabaseOutOfMemory):  # the server's state, not a bug: its message says what to do
                log.warning("scan job %s of %r failed: %s", job.job_id, job.repo_id, exc)
            elif not isinstance(exc, ScanRefused):
                log.exception("scan job %s of %r failed", job.job_id, job.repo_id)
            state, outcome, error = JobState.FAILED, None, exc
        else:
            state, error = (JobState.SUCCEEDED if succeeded(outcome) else JobState.FAILED), None
        with self._lock:
            job.outcome, job.error, job.finished_at = outcome, error, monotonic()
            job.state = state  # last: a reader that sees the end sees the outcome
            self._threads.pop(job.job_id, None)

    def _prune(self) -> None:
        now = monotonic()
        for job_id in [
            j.job_id for j in self._jobs.values() if j.finished_at is not None and now - j.finished_at > self._keep_s
        ]:
            del self._jobs[job_id]
        while len(self._jobs) >= self._limit:  # full: the oldest finished goes first
            ended = [j for j in self._jobs.values() if j.finished_at is not None]
            if not ended:
                return
            del self._jobs[min(ended, key=lambda j: j.finished_at or 0.0).job_id]
