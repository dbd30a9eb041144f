//! Embeds every `lessons/*.toml` in the binary: writes the `(file name, text)` list that
//! `src/lesson/builtin.rs` includes, so adding a lesson file is all it takes.

use std::path::Path;

/// The crate's directory, as cargo says when it runs this script (not when it compiled it:
/// a build directory copied between checkouts must read its own checkout's lessons).
fn manifest_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .expect("cargo sets CARGO_MANIFEST_DIR for build scripts")
        .into()
}

fn main() {
    println!("cargo:rerun-if-changed=lessons");
    let dir = manifest_dir().join("lessons");
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
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("lessons.rs"), out).expect("OUT_DIR is writable");

    // Translations: lessons/i18n/<lang>/<file>.toml, as (lang, file name, text).
    let mut out = String::from("&[\n");
    let i18n = dir.join("i18n");
    let mut langs: Vec<String> = std::fs::read_dir(&i18n)
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    langs.sort();
    for lang in &langs {
        let Ok(entries) = std::fs::read_dir(i18n.join(lang)) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        names.sort();
        for name in &names {
            out.push_str(&format!(
                "    ({lang:?}, {name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/lessons/i18n/{lang}/{name}\"))),\n"
            ));
        }
    }
    out.push_str("]\n");
    std::fs::write(Path::new(&out_dir).join("translations.rs"), out).expect("OUT_DIR is writable");

    corpus_presence();
}

/// Sets `cfg(bson_corpus_absent)` when the official BSON corpus is not where the conformance
/// test reads it (`BSON_CORPUS_DIR`, default `../shared/bson-corpus`), so that test is marked
/// ignored, with the reason, in `cargo test`'s summary instead of passing having tested
/// nothing. With `BSON_CORPUS_REQUIRED` (CI) it is never ignored: a missing corpus fails.
fn corpus_presence() {
    println!("cargo::rustc-check-cfg=cfg(bson_corpus_absent)");
    println!("cargo:rerun-if-env-changed=BSON_CORPUS_DIR");
    println!("cargo:rerun-if-env-changed=BSON_CORPUS_REQUIRED");
    let dir = std::env::var("BSON_CORPUS_DIR").unwrap_or_else(|_| "../shared/bson-corpus".into());
    let dir = manifest_dir().join(dir);
    if dir.is_dir() {
        // Watched only while present: a missing path would rerun this script (and rebuild
        // the crate) on every build. A corpus added later is seen once BSON_CORPUS_DIR is set.
        println!("cargo:rerun-if-changed={}", dir.display());
    } else if std::env::var_os("BSON_CORPUS_REQUIRED").is_none() {
        println!("cargo:rustc-cfg=bson_corpus_absent");
    }
}
