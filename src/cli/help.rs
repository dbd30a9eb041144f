//! The command line's help in the learner's language.
