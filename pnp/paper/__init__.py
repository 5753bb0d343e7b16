"""Paper, lengths and boxes: units (points, mm, inch), geometry (boxes in PDF
orientation), sizes (papers, card sizes, imposition) and the printer profile (what
`pnp calibrate` measured, and where it is kept)."""
