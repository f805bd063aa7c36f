//! Run data and the figure engine: runs.yaml, importers, expressions, the number grammar.
