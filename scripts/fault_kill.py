"""Kill `pnp kit` and every command that writes files at random moments, and check what
each leaves behind (issue 18).

    python scripts/fault_kill.py [--kills 50] [--seed 18] [--pnp PATH] [--no-tmpfile]

Each command first runs once to its end: the reference (its outputs, which are
deterministic, and how long it takes). Then, ``--kills`` times for each signal: a fresh
folder holds the command's inputs and an old copy of some of its outputs (known bytes);
the command starts in a process group of its own, and at a random moment it gets the
signal (half of them anywhere in its reference time, half from 70 % to 120 % of it, where
the files are written):

- SIGKILL, as ``kill -9 PID`` or the OOM killer: the main process only (its workers must
  die with it). Every file left must be an input, the old bytes or the reference's bytes;
  the temporary files (``.NAME.xxxxxxxx.tmp``) a killed process cannot remove are counted;
  then, made an hour old, the command runs again to its end and must remove each.
- SIGINT, as Ctrl-C in a terminal: the whole process group. The same, and no temporary
  file may remain; the run ends with "Aborted!" and exit status 130 and no traceback (or,
  if the signal came after it had finished, 0 with every output complete). A signal that
  comes while Python itself starts, before any code of pnp runs, or as Python exits after
  pnp's code has all run, ends it as Python does (killed by the signal, or its own
  KeyboardInterrupt message or a failure to start; or, raised in a callback of Python's
  own while it starts, printed and lost, so that pnp runs to its end): counted apart as
  "python", and then every output must be old, or every output new (all new if the exit
  status is 0).

``--no-tmpfile`` runs pnp as on a system without O_TMPFILE (macOS, Windows), where a
file being written has a temporary name. Exit status 1 if any check fails.
tests/test_faults.py runs it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
OLD = b"the old file: it must survive whole, or be replaced whole\n"
PATIENCE = 10.0  # s from the signal to the end of every process of the run
PROFILE = "printer.toml"
NO_TMPFILE = (
    "import os, sys; del os.O_TMPFILE; sys.argv[0] = 'pnp'; import pnp.entry as e; e.main()"
)


class Job(NamedTuple):
    name: str
    args: list[str]
    inputs: list[str]  # files of docs/examples the command reads, copied beside it
    old: list[str]  # outputs that exist before the run, holding OLD
    weight: int = 1


JOBS = [
    Job(
        "kit",
        ["kit", "--game", "starcharts", "--out", "kit"],
        [],
        ["kit/starcharts/sheets/lyra-8.pdf", "kit/starcharts/README.txt"],
    ),
    Job("sheet", ["starcharts", "sheet", "lyra-8", "-o", "sheet.pdf"], [], ["sheet.pdf"], weight=2),
    Job(
        "astra cards",
        ["astra", "cards", "--only", "Lyra,Orion,Draco", "-o", "cards.pdf"],
        [],
        ["cards.pdf"],
        weight=2,
    ),
    Job(
        "astra check",
        ["astra", "check", "astra-game.txt", "--final-state", "end.toml"],
        ["astra-game.txt"],
        ["end.toml"],
        weight=2,
    ),
    Job(
        "starcharts check",
        ["starcharts", "check", "two-player.txt", "--sheets", "sheets"],
        ["two-player.txt"],
        ["sheets/two-player.txt"],
        weight=2,
    ),
    Job(
        "printer set",
        ["printer", "set", "--paper", "letter", "--scale", "101"],
        [],
        [PROFILE],
        weight=2,
    ),
    Job(
        "cosmos check",
        ["cosmos", "check", "cosmos-game.txt", "--final-state", "end.toml"],
        ["cosmos-game.txt"],
        ["end.toml"],
        weight=2,
    ),
    Job("cosmos board", ["cosmos", "main-board", "-o", "board.pdf"], [], ["board.pdf"], weight=2),
    Job(
        "cosmos simulate",
        ["cosmos", "simulate", "--games", "6", "--jobs", "2", "--seed", "5", "--logs", "logs"],
        [],
        ["logs/game-1.txt"],
        weight=2,
    ),
    Job(
        "astra simulate",
        ["astra", "simulate", "--games", "6", "--jobs", "2", "--seed", "5", "--logs", "logs"],
        [],
        ["logs/game-1.txt"],
        weight=2,
    ),
]


class Reference(NamedTuple):
    files: dict[str, bytes]
    seconds: float


class Outcome(NamedTuple):
    job: str
    signal: str
    kind: str  # aborted, finished, python, killed (see _interrupted)
    problems: list[str]
    temporary: int
    cleaned: int  # temporary files the next run removed
    old: int  # old files left as they were
    new: int  # outputs replaced by the complete new file
    seconds: float  # from the signal to the end of the run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=50, help="runs for each signal")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--pnp", help="the pnp command (default: beside this Python)")
    parser.add_argument("--no-tmpfile", action="store_true", help="as without O_TMPFILE")
    options = parser.parse_args()
    script = Path(sys.executable).with_name("pnp")
    pnp = [options.pnp] if options.pnp else [str(script)] if script.exists() else []
    pnp = pnp or [sys.executable, "-m", "pnp"]
    if options.no_tmpfile:
        pnp = [sys.executable, "-c", NO_TMPFILE]
    rng = random.Random(options.seed)
    with tempfile.TemporaryDirectory(prefix="pnp-faults-") as scratch:
        base = Path(scratch)
        old_profile = _old_profile(pnp, base / "profile")
        references = {job.name: _reference(pnp, job, base / "ref", old_profile) for job in JOBS}
        outcomes = []
        for sig in (signal.SIGKILL, signal.SIGINT):
            weights = [job.weight for job in JOBS]
            plan = JOBS + rng.choices(JOBS, weights, k=max(0, options.kills - len(JOBS)))
            for n, job in enumerate(plan):
                ref = references[job.name]
                # Half the moments anywhere, half near the end, where the files are written.
                start = rng.choice((0.0, 0.7))
                moment = ref.seconds * rng.uniform(start, start + 0.5)
                folder = base / f"{sig.name}-{n:03d}"
                outcomes.append(_kill(pnp, job, folder, old_profile, ref, sig, moment))
                shutil.rmtree(folder)
    return _report(outcomes, references)


def _environment(folder: Path) -> dict[str, str]:
    return {**os.environ, "PNP_PRINTER": str(folder / PROFILE)}


def _old_profile(pnp: list[str], folder: Path) -> bytes:
    folder.mkdir(parents=True)
    command = [*pnp, "printer", "set", "--paper", "a4", "--scale", "100"]
    subprocess.run(command, cwd=folder, env=_environment(folder), check=True, capture_output=True)
    return (folder / PROFILE).read_bytes()


def _prepare(job: Job, folder: Path, old_profile: bytes) -> None:
    folder.mkdir(parents=True)
    for name in job.inputs:
        shutil.copy(EXAMPLES / name, folder / name)
    for name in job.old:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(old_profile if name == PROFILE else OLD)


def _files(folder: Path, job: Job) -> dict[str, bytes]:
    found = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_file() and name not in job.inputs:
            found[name] = path.read_bytes()
    return found


def _reference(pnp: list[str], job: Job, base: Path, old_profile: bytes) -> Reference:
    folder = base / job.name.replace(" ", "-")
    _prepare(job, folder, old_profile)
    start = time.monotonic()
    command = [*pnp, *job.args]
    subprocess.run(command, cwd=folder, env=_environment(folder), check=True, capture_output=True)
    return Reference(_files(folder, job), time.monotonic() - start)


def _kill(
    pnp: list[str],
    job: Job,
    folder: Path,
    old_profile: bytes,
    ref: Reference,
    sig: signal.Signals,
    moment: float,
) -> Outcome:
    _prepare(job, folder, old_profile)
    old = _files(folder, job)
    with (folder.parent / "stderr").open("w+b") as err:
        proc = subprocess.Popen(
            [*pnp, *job.args],
            cwd=folder,
            env=_environment(folder),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            process_group=0,
        )
        time.sleep(moment)
        sent = time.monotonic()
        if sig == signal.SIGKILL:
            os.kill(proc.pid, sig)
        else:
            os.killpg(proc.pid, sig)
        problems = []
        try:
            proc.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            problems.append(f"still running {PATIENCE:.0f} s after {sig.name}")
        while _alive(proc.pid) and time.monotonic() - sent < PATIENCE:
            time.sleep(0.01)
        if _alive(proc.pid):
            problems.append(f"a process of the run outlived it by {PATIENCE:.0f} s")
        seconds = time.monotonic() - sent
        _end_group(proc)
        err.seek(0)
        stderr = err.read().decode(errors="replace")

    left = _files(folder, job)
    temporary = [n for n in left if Path(n).name.startswith(".") and n.endswith(".tmp")]
    counts: Counter[str] = Counter()
    for name, data in left.items():
        if name in temporary:
            continue
        if name in old and data == old[name]:
            counts["old"] += 1
        elif ref.files.get(name) == data:
            counts["new"] += 1
        else:
            problems.append(f"{name}: neither the old file nor the complete new one")

    cleaned = _run_again(pnp, job, folder, temporary, problems) if temporary else 0
    code = proc.returncode
    kind = "killed"
    if sig == signal.SIGINT:
        if temporary:
            problems.append(f"temporary files left: {', '.join(temporary)}")
        kind = _interrupted(code, stderr)
        if kind == "wrong":
            problems.append(f"exit status {code}, stderr {stderr[-300:]!r}")
        elif code == 0 and counts["new"] != len(ref.files):
            problems.append("exit status 0 but not every output written")
        elif kind == "python" and counts["new"] not in (0, len(ref.files)):
            problems.append(f"stopped by Python ({code}), with some outputs new, some not")
    return Outcome(
        job.name,
        sig.name,
        kind,
        problems,
        len(temporary),
        cleaned,
        counts["old"],
        counts["new"],
        seconds,
    )


def _run_again(
    pnp: list[str], job: Job, folder: Path, temporary: list[str], problems: list[str]
) -> int:
    """Make the temporary files a kill left an hour old and run the command again to its
    end, as the next pnp that writes those files: it must remove each. How many it did."""
    hour_ago = time.time() - 3600
    for name in temporary:
        os.utime(folder / name, (hour_ago, hour_ago))
    again = subprocess.run(
        [*pnp, *job.args], cwd=folder, env=_environment(folder), capture_output=True, check=False
    )
    if again.returncode != 0:
        problems.append(f"the next run failed: {again.stderr.decode(errors='replace')[-300:]!r}")
    left = [name for name in temporary if (folder / name).exists()]
    if left:
        problems.append(f"temporary files the next run left: {', '.join(left)}")
    return len(temporary) - len(left)


def _interrupted(code: int | None, stderr: str) -> str:
    traceback = "Traceback" in stderr or "Fatal Python error" in stderr
    if code == 130 and stderr.endswith("Aborted!\n") and not traceback:
        return "aborted"
    if code == 0 and not traceback:
        return "finished"
    # No handler of pnp was in place yet (the signal came while Python started, or while
    # the console script imported pnp.entry), or no longer (Python restores the signal's
    # default action as it exits): Python's own ending. Killed by the signal; or saying
    # KeyboardInterrupt, or failing to start; or, raised in a callback of its own (the
    # import machinery's, its check of argv[0]), printed and lost, and pnp ran to its end.
    ran = re.search(r'/pnp/[^"]*", line \d+, in (?!<module>)', stderr)
    said = "KeyboardInterrupt" in stderr or stderr.startswith("Fatal Python error")
    if code in (0, 1, -signal.SIGINT) and (stderr == "" or said) and not ran:
        return "python"
    return "wrong"


def _alive(group: int) -> bool:
    """Whether a process of the group still runs (a zombie waiting to be reaped doesn't)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


def _end_group(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _report(outcomes: list[Outcome], references: dict[str, Reference]) -> int:
    print(f"{'command':18} {'signal':7} {'runs':>4}  {'outcomes':40} {'old':>4} {'new':>4} tmp")
    for job in JOBS:
        for sig in ("SIGKILL", "SIGINT"):
            mine = [o for o in outcomes if o.job == job.name and o.signal == sig]
            kinds = ", ".join(f"{k} {n}" for k, n in sorted(Counter(o.kind for o in mine).items()))
            print(
                f"{job.name:18} {sig:7} {len(mine):4}  {kinds:40} "
                f"{sum(o.old for o in mine):4} {sum(o.new for o in mine):4} "
                f"{sum(o.temporary for o in mine):3}"
            )
    for sig in ("SIGKILL", "SIGINT"):
        mine = [o for o in outcomes if o.signal == sig]
        times = [o.seconds for o in mine]
        slowest = max(mine, key=lambda o: o.seconds)
        print(
            f"{sig}: {len(mine)} runs, {sum(o.temporary for o in mine)} temporary files left "
            f"({sum(o.cleaned for o in mine)} removed by the next run), "
            f"ended {statistics.median(times):.3f} s after the signal (median), "
            f"{slowest.seconds:.3f} s at most ({slowest.job}, {slowest.kind})"
        )
    print("reference runs: " + ", ".join(f"{k} {r.seconds:.2f} s" for k, r in references.items()))
    failed = [o for o in outcomes if o.problems]
    for o in failed:
        print(f"FAIL {o.job} {o.signal} ({o.kind}): {'; '.join(o.problems)}")
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
