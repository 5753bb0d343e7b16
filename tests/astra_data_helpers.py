"""What the tests of Astra's data files share: the deck, the spec's 18 abilities and
their cards, and the scripts that derive the deck (scripts/derive_astra.py and the
modules beside it), loaded as modules."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

from pnp.astra.constellations import constellations

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "derive_astra.py"
CARDS = constellations()

ABILITIES = {  # the spec's 18 effects and their cards (seed 000's appendix)
    "stardust-4": {"Aquila", "Leo"},
    "stardust-3": {"Aries", "Delphinus"},
    "stardust-2": {"Equuleus", "Triangulum"},
    "buy-telescopes": {"Ara", "Auriga", "Ursa Major"},
    "telescope": {"Cepheus", "Corona Borealis", "Ursa Minor"},
    "wisdom": {"Canis Minor", "Sagitta"},
    "pouch": {"Crater", "Gemini"},
    "mark-any": {"Centaurus", "Cetus", "Serpens"},
    "mark-and-neighbours": {"Andromeda", "Eridanus", "Virgo"},
    "mark-three": {"Argo Navis", "Draco", "Lepus"},
    "mark-two": {"Hercules", "Ophiuchus", "Pisces"},
    "common-start": {"Boötes", "Canis Major", "Scorpius"},
    "fame-per-grand": {"Cancer", "Corona Australis", "Orion"},
    "fame-per-undiscovered": {"Cassiopeia", "Corvus", "Lyra"},
    "fame-per-element": {"Libra", "Perseus"},
    "rest-gain-pouch": {"Cygnus", "Lupus", "Sagittarius"},
    "refund-common": {"Pegasus", "Piscis Austrinus", "Taurus"},
    "refund-before-grand": {"Aquarius", "Capricornus", "Hydra"},
}


@cache
def script(name: str) -> ModuleType:
    """scripts/NAME.py as a module (it is not in a package)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPT.with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module
