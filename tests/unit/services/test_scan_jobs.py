"""The scan job table: a job's progress and end, cancel at the next step, the bound and the keeping time."""

from __future__ import annotations

import threading

import pytest

from rooms.contract import ErrorCode
from services.scan import ScanRefused
from services.scan_jobs import JobState, ScanJobs, TooManyJobs


def test_a_job_records_its_steps_and_its_outcome() -> None:
    jobs = ScanJobs()

    def run(progress):
        progress("parsing", 3, 10)
        return "written"

    job = jobs.start("repo", run)
    ended = jobs.wait(job.job_id, 10)
    assert ended is not None and ended.state is JobState.SUCCEEDED and ended.outcome == "written"
    assert (ended.phase, ended.done, ended.total) == ("parsing", 3, 10)
    assert jobs.running("repo") is None


def test_cancel_stops_the_scan_at_its_next_step() -> None:
    jobs = ScanJobs()
    first_step, go_on = threading.Event(), threading.Event()
    steps: list[str] = []

    def run(progress):
        progress("discovering", 0, 0)
        steps.append("discovering")
        first_step.set()
        go_on.wait(10)
        progress("parsing", 0, 5)  # raises: the job was cancelled
        steps.append("parsing")
        return "written"

    job = jobs.start("repo", run)
    assert first_step.wait(10)
    assert jobs.running("repo") is job
    assert jobs.cancel(job.job_id) is job and job.cancel_requested.is_set()
    go_on.set()
    ended = jobs.wait(job.job_id, 10)
    assert ended is not None and ended.state is JobState.CANCELLED and ended.outcome is None
    assert steps == ["discovering"]


def test_a_refusal_or_a_conflict_ends_the_job_failed() -> None:
    jobs = ScanJobs()

    def refused(_progress):
        raise ScanRefused(ErrorCode.SCAN_IN_PROGRESS, "another scan")

    job = jobs.start("repo", refused)
    ended = jobs.wait(job.job_id, 10)
    assert ended is not None and ended.state is JobState.FAILED
    assert isinstance(ended.error, ScanRefused) and ended.error.code == "scan_in_progress"
    conflict = jobs.start("repo", lambda _progress: "conflict", succeeded=lambda outcome: outcome != "conflict")
    ended = jobs.wait(conflict.job_id, 10)
    assert ended is not None and ended.state is JobState.FAILED and ended.outcome == "conflict"


def test_the_table_is_bounded_and_forgets_finished_jobs() -> None:
    jobs = ScanJobs(keep_s=0.0, limit=2)
    release = threading.Event()
    running = [jobs.start(f"r{i}", lambda _p: release.wait(10)) for i in range(2)]
    with pytest.raises(TooManyJobs):
        jobs.start("r3", lambda _p: None)
    release.set()
    for job in running:
        jobs.wait(job.job_id, 10)
    assert all(jobs.get(job.job_id) is None for job in running), "finished jobs go after keep_s"
    third = jobs.start("r3", lambda _p: None)
    jobs.wait(third.job_id, 10)
    assert third.state is JobState.SUCCEEDED


def test_shutdown_cancels_the_running_jobs() -> None:
    jobs = ScanJobs()
    started = threading.Event()

    def run(progress):
        started.set()
        while True:
            progress("parsing", 0, 1)
            threading.Event().wait(0.01)

    job = jobs.start("repo", run)
    assert started.wait(10)
    jobs.shutdown(timeout=10)
    assert job.state is JobState.CANCELLED
