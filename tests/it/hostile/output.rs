//! Hostile inputs: output. (Filled in by the output work of issue 14.)
