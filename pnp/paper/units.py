"""Lengths. Everything inside pnp is in PostScript points (1/72 inch)."""

POINTS_PER_INCH = 72.0
MM_PER_INCH = 25.4


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * POINTS_PER_INCH / MM_PER_INCH


def inch(value: float) -> float:
    """Inches to points."""
    return value * POINTS_PER_INCH


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points * MM_PER_INCH / POINTS_PER_INCH


def pixels(points: float, dpi: int) -> int:
    """A length in points as whole pixels at ``dpi``, rounded to the nearest."""
    return round(points * dpi / POINTS_PER_INCH)
