"""Text for a terminal that cannot show every character. pnp writes Unicode (→, Ψ, ×,
French accents); where stdout or stderr is not UTF-8 (an ISO-8859-1 locale, the C locale
without Python's UTF-8 mode), a character its encoding lacks is written as a stand-in
instead of failing with UnicodeEncodeError: an ASCII word or sign (``→`` ``->``, ``Ψ``
``Psi``, ``×`` ``x``), the letter without its accent or the plain digit (``é`` ``e``,
``²`` ``2``), else ``?``. ``pnp.entry`` installs it on both streams before a command
runs, so no command needs to care."""

from __future__ import annotations

import codecs
import io
import sys

ERRORS = "pnp_plain"  # the codec error handler's name
ASCII = "pnp_ascii"  # ASCII under a name click takes as it is (see install)

WORDS = {
    "→": "->",
    "←": "<-",
    "↔": "<->",
    "↕": "up-down",
    "⇒": "=>",
    "×": "x",
    "÷": "/",
    "·": "|",
    "•": "*",
    "–": "-",
    "—": "-",
    "−": "-",
    "±": "+/-",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "°": " deg",
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "«": '"',
    "»": '"',
    "©": "(c)",
    "§": "S",
    "\u00a0": " ",  # no-break space
    "\u202f": " ",  # narrow no-break space (French before : and ;)
}


def stand_in(char: str) -> str:
    """An ASCII stand-in for one character."""
    if char.isascii():
        return char
    word = WORDS.get(char)
    if word is not None:
        return word
    import unicodedata  # only once a character needs a stand-in

    pieces = unicodedata.normalize("NFKD", char)
    if pieces != char:  # é → e + accent, ² → 2, … → ...
        kept = [stand_in(p) for p in pieces if not unicodedata.combining(p)]
        return "".join(kept) or "?"
    name = unicodedata.name(char, "")
    if name.startswith("GREEK ") and " LETTER " in name:
        letter = name.partition(" LETTER ")[2].partition(" WITH ")[0].split()[-1]
        letter = "LAMBDA" if letter == "LAMDA" else letter
        return letter.capitalize() if "CAPITAL" in name else letter.lower()
    digit = unicodedata.decimal(char, None)
    return "?" if digit is None else str(digit)


def _replace(error: UnicodeError) -> tuple[str | bytes, int]:
    """The codec error handler: one character at a time (the codec calls again for the
    next). A lone surrogate is a byte Python could not decode (a file name that is not
    in the system's encoding): it is written back as that byte, as Python does (``?``
    in UTF-16 and UTF-32, whose units are wider than a byte)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    char = error.object[error.start]
    if "\udc80" <= char <= "\udcff":
        if codecs.lookup(error.encoding).name.startswith(("utf-16", "utf-32")):
            return "?", error.start + 1  # no single byte fits in their code units
        return bytes([ord(char) - 0xDC00]), error.start + 1
    return stand_in(char), error.start + 1


def _ascii(name: str) -> codecs.CodecInfo | None:
    if name != ASCII:
        return None
    info = codecs.lookup("ascii")
    return codecs.CodecInfo(
        info.encode,
        info.decode,
        info.streamreader,
        info.streamwriter,
        info.incrementalencoder,
        info.incrementaldecoder,
        name=ASCII,
    )


def register() -> None:
    """Make ``ERRORS`` and ``ASCII`` known to ``codecs`` (once)."""
    try:
        codecs.lookup_error(ERRORS)
    except LookupError:
        codecs.register_error(ERRORS, _replace)
        codecs.register(_ascii)


def install() -> None:
    """Write stand-ins on stdout and stderr where their encoding lacks a character. An
    ASCII stream is renamed: click takes one for a misconfigured locale and writes UTF-8
    to it behind its back, on stdout and stderr."""
    register()
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper):
            continue
        name = codecs.lookup(stream.encoding).name
        if name == "utf-8":
            continue
        stream.reconfigure(encoding=ASCII if name == "ascii" else None, errors=ERRORS)
