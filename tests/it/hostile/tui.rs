//! Hostile inputs: tui. (Filled in by the tui work of issue 14.)
