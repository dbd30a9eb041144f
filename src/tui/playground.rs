//! STUB: the playground; replaced by its owner.
