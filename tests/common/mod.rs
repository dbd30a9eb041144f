//! What the integration tests share.

use std::process::Command;

/// The `bson-tutor` binary, in English whatever the machine's locale: the tests compare its
/// output with English text.
pub fn bson_tutor() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bson-tutor"));
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8");
    command
}
