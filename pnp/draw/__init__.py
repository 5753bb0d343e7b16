"""The drawing model: pages of simple shapes in points, independent of any renderer."""
