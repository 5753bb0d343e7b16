"""Check that the compiled engines play exactly the games the pure-Python ones play.

    python scripts/compare_builds.py PURE_PYTHON COMPILED_PYTHON

Each interpreter has pnp installed (the compiled one with `PNP_MYPYC=1 pip install .`).
Both simulate the same runs of each game with logs, replay every log through `check`,
and score the worked examples; every output and every log must be byte-identical.
Exit status 1 names the first difference. CI runs it (`.ci/run`).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

HARD = "hard-fame-20,hard-scoring,easy-top-open"
SIMULATIONS = [
    ["starcharts", "simulate", "--chart", "lyra-8", "--games", "150", "--bot", "random"],
    ["starcharts", "simulate", "--chart", "orion-10-obstacles", "--games", "12"],
    ["starcharts", "simulate", "--chart", "cygnus-10", "--players", "1", "--games", "30"],
    ["starcharts", "simulate", "--chart", "lyra-10-obstacles", "--players", "2", "--games", "20"],
    ["starcharts", "simulate", "--chart", "cygnus-8", "--players", "1", "--variant", "solo"],
    ["astra", "simulate", "--games", "40", "--bot", "random"],
    ["astra", "simulate", "--games", "4"],
    ["astra", "simulate", "--players", "2", "--games", "20", "--bot", "random"],
    ["astra", "simulate", "--players", "5", "--games", "10", "--bot", "random"],
    [
        "astra",
        "simulate",
        "--solo",
        "--games",
        "20",
        "--difficulty",
        "hard-fame-20,hard-scoring,easy-top-open",
    ],
    ["cosmos", "simulate", "--games", "40", "--bot", "random"],
    ["cosmos", "simulate", "--games", "6"],
    ["cosmos", "simulate", "--players", "2", "--games", "20", "--bot", "random"],
    ["cosmos", "simulate", "--players", "4", "--games", "4"],
    ["cosmos", "simulate", "--games", "20", "--bot", "random", "--table"],
    ["cosmos", "simulate", "--players", "4", "--games", "4", "--table"],
]
SCORES = [
    ["starcharts", "score", str(EXAMPLES / "finished.txt"), "--json"],
    ["starcharts", "check", str(EXAMPLES / "two-player.txt"), "--json"],
    ["astra", "score", str(EXAMPLES / "astra-endgame.toml"), "--json"],
    ["astra", "check", str(EXAMPLES / "astra-game.txt"), "--json"],
    ["astra", "check", str(EXAMPLES / "astra-solo.txt"), "--json"],
    ["cosmos", "score", str(EXAMPLES / "cosmos-game.toml"), "--json"],
    ["cosmos", "check", str(EXAMPLES / "cosmos-game.txt"), "--json"],
    ["cosmos", "check", str(EXAMPLES / "cosmos-table.txt"), "--json"],
]
IS_COMPILED = (
    "import pnp.starcharts.game as s, pnp.astra.game as a, pnp.cosmos.game as c; "
    "print(all(m.__file__.endswith(('.so', '.pyd')) for m in (s, a, c)))"
)


def run(python: str, args: list[str], cwd: Path) -> bytes:
    """``pnp ARGS`` under ``python``, from ``cwd`` (never the checkout, whose sources
    would shadow the installed package): its standard output and error, and status."""
    done = subprocess.run([python, "-m", "pnp", *args], cwd=cwd, capture_output=True, check=False)
    return done.stdout + done.stderr + f"\nexit {done.returncode}\n".encode()


def outputs(python: str, where: Path) -> dict[str, bytes]:
    """Every output and log of the runs above, by a name that says where it came from."""
    out: dict[str, bytes] = {}
    for k, args in enumerate(SIMULATIONS):
        logs = where / f"logs-{k}"
        out[" ".join(args)] = run(python, [*args, "--seed", "7", "--logs", str(logs)], where)
        for log in sorted(logs.iterdir()):
            out[f"{k}/{log.name}"] = log.read_bytes()
            game = args[0]
            out[f"{k}/{log.name} check"] = run(python, [game, "check", str(log), "--json"], where)
    for args in SCORES:
        out[" ".join(args)] = run(python, args, where)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pure", help="a Python with pnp installed as pure Python")
    parser.add_argument("compiled", help="a Python with pnp installed with PNP_MYPYC=1")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        kinds = {}
        for name, python in (("pure", args.pure), ("compiled", args.compiled)):
            check = subprocess.run(
                [python, "-c", IS_COMPILED], cwd=tmp, capture_output=True, check=False
            )
            kinds[name] = check.stdout.strip() == b"True"
        if kinds != {"pure": False, "compiled": True}:
            print(f"expected one pure and one compiled build, found {kinds}", file=sys.stderr)
            return 1
        results = []
        for name, python in (("pure", args.pure), ("compiled", args.compiled)):
            (where := Path(tmp, name)).mkdir()
            results.append(outputs(python, where))
        pure, compiled = results
    if pure.keys() != compiled.keys():
        print(f"different files: {sorted(pure.keys() ^ compiled.keys())[:5]}", file=sys.stderr)
        return 1
    for name, text in pure.items():
        if compiled[name] != text:
            print(f"{name}: the compiled build differs", file=sys.stderr)
            return 1
    games = sum(1 for name in pure if name.endswith(".txt"))
    print(f"pure and compiled builds agree on {len(pure)} outputs ({games} game logs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
