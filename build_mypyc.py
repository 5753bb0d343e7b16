"""Hatchling build hook: compile the game engines with mypyc when asked.

    PNP_MYPYC=1 pip install .

Without PNP_MYPYC the hook does nothing and asks for nothing, so a plain `pip install .`
needs no C compiler and installs pure Python. Editable installs stay pure Python too.
The compiled modules sit beside their sources in the wheel; Python imports an extension
module before a source file of the same name.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENGINES = ("pnp/starcharts", "pnp/astra", "pnp/cosmos")
BUILD_DEPENDENCIES = ["mypy>=1.10", "setuptools>=65"]


def wanted() -> bool:
    return os.environ.get("PNP_MYPYC", "") not in ("", "0")


def engine_sources(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for e in ENGINES for p in (root / e).glob("*.py"))


class MypycBuildHook(BuildHookInterface):  # type: ignore[misc]
    def dependencies(self) -> list[str]:
        return BUILD_DEPENDENCIES if wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not wanted() or self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        out = Path(tempfile.mkdtemp(prefix="pnp-mypyc-"))
        compile_engines(root, out)
        libs = out / "lib"
        for lib in sorted(libs.rglob("*.so")) + sorted(libs.rglob("*.pyd")):
            build_data["force_include"][str(lib)] = lib.relative_to(libs).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


def compile_engines(root: Path, out: Path) -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    cwd = Path.cwd()
    os.chdir(root)  # mypyc names modules by their paths relative to the project
    try:
        modules = mypycify(engine_sources(root), opt_level="3", target_dir=str(out / "c"))
        jobs = str(os.cpu_count() or 1)
        args = ["build_ext", "--build-lib", str(out / "lib"), "--build-temp", str(out / "o")]
        setup(name="pnp-engines", packages=[], ext_modules=modules, script_args=[*args, "-j", jobs])
    finally:
        os.chdir(cwd)
