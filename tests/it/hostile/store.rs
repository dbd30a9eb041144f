//! Hostile inputs: store. (Filled in by the store work of issue 14.)
