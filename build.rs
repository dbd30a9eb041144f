//! Embeds every `lessons/*.toml` in the binary: writes the `(file name, text)` list that
//! `src/lesson/builtin.rs` includes, so adding a lesson file is all it takes.

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=lessons");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the lessons/ directory is readable")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    let mut out = String::from("&[\n");
    for name in &names {
        out.push_str(&format!(
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/lessons/{name}\"))),\n"
        ));
    }
    out.push_str("]\n");
    let target =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("lessons.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
