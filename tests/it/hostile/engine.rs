//! Hostile inputs: engine. (Filled in by the engine work of issue 14.)
