"""Files: exact CSV and Parquet tables, and the ``weightedroc`` command."""
