"""Renderers: the drawing model to PDF (ReportLab) or SVG (svgwrite), checked first."""
