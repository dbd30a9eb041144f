//! mongosh syntax: the JavaScript-literal subset people type in the shell, and the shell's
//! way of printing values. (Being written; see issue 3.)
