"""Audit reports: the shared view (:mod:`.render`) and one module per output format."""
