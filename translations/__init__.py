"""Everything cross-lingual: the edition registry and source texts, citations, ingest and segmentation,
alignment and audit, summaries with their message catalogs, and rule look-up."""
