//! Hostile inputs: loader. (Filled in by the loader work of issue 14.)
