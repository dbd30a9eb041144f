//! Every sentence the interface writes through the string tables has a Vietnamese and a
//! Chinese translation: the source is scanned for `t("…")`, `tf("…", …)`, `tr(lang, "…")`,
//! `trf(lang, "…", …)` and `write_trf(w, lang, "…", …)`, and each English key is looked up.
//! (Keys chosen at run time, such as a table of headers, are checked by their own tests.)

use std::path::Path;

use bson_tutor::strings::{Lang, translation};

/// The functions whose first string literal is a key.
const CALLS: [&str; 5] = ["t", "tf", "tr", "trf", "write_trf"];

/// Every Rust file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The Rust string literal starting at `text[0] == '"'`, unescaped, or `None` if `text`
/// does not start with one.
fn literal(text: &str) -> Option<String> {
    let mut chars = text.strip_prefix('"')?.chars().peekable();
    let mut out = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                '\\' => out.push('\\'),
                '0' => out.push('\0'),
                '\n' => {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                }
                'u' => {
                    let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                    out.push(char::from_u32(u32::from_str_radix(&code, 16).ok()?)?);
                }
                other => panic!("unexpected escape \\{other}"),
            },
            c => out.push(c),
        }
    }
    None
}

/// The keys of the calls in `source`: after `name(`, up to two plain arguments (`lang`,
/// `w`, `self.lang`, `Lang::Vi`) and then a string literal.
fn keys(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in source.match_indices('(') {
        let before = &source[..at];
        let name_start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &before[name_start..];
        // `fn t(` is a definition, `.t(` a method: neither is a call of ours.
        let prefix = before[..name_start].trim_end();
        if !CALLS.contains(&name) || prefix.ends_with("fn") || prefix.ends_with('.') {
            continue;
        }
        let mut rest = source[at + 1..].trim_start();
        for _ in 0..3 {
            if let Some(key) = literal(rest) {
                out.push(key);
                break;
            }
            let arg_end = rest
                .find(|c: char| !(c.is_alphanumeric() || "_.:&".contains(c)))
                .unwrap_or(rest.len());
            match rest[arg_end..].strip_prefix(',') {
                Some(after) if arg_end > 0 => rest = after.trim_start(),
                _ => break,
            }
        }
    }
    out
}

#[test]
fn the_scanner_reads_the_call_shapes_we_use() {
    let source = r#"
        let a = t("one");
        let b = tf(
            "two {}",
            &[&x],
        );
        let c = tr(lang, "three\nlines");
        let _ = write_trf(w, self.lang, "four \"quoted\"", &[]);
        fn t(en: &str) {}
        x.t("not ours");
        let d = tr(lang, match k { _ => "variable" });
    "#;
    assert_eq!(
        keys(source),
        ["one", "two {}", "three\nlines", "four \"quoted\""]
    );
}

#[test]
fn every_interface_string_is_translated() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files.sort();
    let mut missing = Vec::new();
    let mut seen = 0;
    for file in &files {
        // The tables themselves, and their tests' examples of untranslated keys.
        if file.starts_with(root.join("strings")) || file.ends_with("strings.rs") {
            continue;
        }
        let source = std::fs::read_to_string(file).unwrap();
        for key in keys(&source) {
            seen += 1;
            for lang in [Lang::Vi, Lang::Zh] {
                if translation(lang, &key).is_none() {
                    let name = file.strip_prefix(&root).unwrap().display();
                    missing.push(format!("{name}: {}: {key:?}", lang.code()));
                }
            }
        }
    }
    assert!(
        seen > 200,
        "the scan found only {seen} keys: is it still reading the calls?"
    );
    assert!(
        missing.is_empty(),
        "{} translations missing:\n{}",
        missing.len(),
        missing.join("\n")
    );
}
