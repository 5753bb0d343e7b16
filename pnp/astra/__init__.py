"""Astra (Mindclash Games): its content model, data and (later) its engine."""
