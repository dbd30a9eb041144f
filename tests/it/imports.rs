//! The seams of the code: no two source files depend on each other, directly or through
//! others. An edge is a path one file names into another (`use crate::a::b`, `super::x`,
//! `bson_tutor::a::b`, or the same path written inline); unit-test modules (`tests.rs`, and
//! what follows `#[cfg(test)]` in a file) are left out, since tests may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/`, as a path relative to `src/` with `/`.
fn sources(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// The module path of a file: `bson/spans.rs` → [bson, spans]; `lib.rs`/`main.rs` → [].
fn module_of(file: &str) -> Vec<String> {
    let stem = file.trim_end_matches(".rs");
    if stem == "lib" || stem == "main" {
        return Vec::new();
    }
    stem.trim_end_matches("/mod")
        .split('/')
        .map(str::to_owned)
        .collect()
}

/// Which crate a file belongs to: the binary (`main.rs`, `cli.rs`, `cli/`) or the library.
fn in_binary(file: &str) -> bool {
    file == "main.rs" || file == "cli.rs" || file.starts_with("cli/")
}

/// The file that holds the deepest module of `segments` (absolute module path), in the
/// crate `binary` says.
fn resolve(files: &BTreeSet<String>, binary: bool, segments: &[String]) -> Option<String> {
    let root = if binary { "main.rs" } else { "lib.rs" };
    let mut found = root.to_owned();
    let mut prefix = String::new();
    for seg in segments {
        let candidate = format!("{prefix}{seg}");
        let as_file = format!("{candidate}.rs");
        let as_mod = format!("{candidate}/mod.rs");
        let owned = |f: &str| files.contains(f) && in_binary(f) == binary;
        if owned(&as_file) {
            found = as_file;
        } else if owned(&as_mod) {
            found = as_mod;
        } else {
            break;
        }
        prefix = format!("{candidate}/");
    }
    Some(found)
}

/// The code of a file before its first `#[cfg(test)]`, comments removed.
fn code(text: &str) -> String {
    let body = text.split("#[cfg(test)]").next().unwrap_or_default();
    body.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Paths named in `code` that start with `crate::`, `super::` or `bson_tutor::`, expanded
/// through `{a, b::c}` groups, as (root word, segments after it).
fn paths(code: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for root in ["crate::", "super::", "bson_tutor::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(root) {
            let at = from + i;
            from = at + root.len();
            let before = at.checked_sub(1).map(|j| bytes[j]);
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue;
            }
            let mut lead = vec![];
            let mut rest = &code[from..];
            // `super::super::x`
            let mut supers = usize::from(root == "super::");
            while let Some(r) = rest.strip_prefix("super::") {
                supers += 1;
                rest = r;
            }
            expand(rest, &mut lead, &mut |segs| {
                let word = if supers > 0 {
                    format!("super{supers}")
                } else {
                    root.trim_end_matches("::").to_owned()
                };
                out.push((word, segs));
            });
        }
    }
    out
}

/// Reads a path (`a::b::{c, d::e}`) at the start of `text`, calling `emit` per leaf path.
fn expand(text: &str, lead: &mut Vec<String>, emit: &mut dyn FnMut(Vec<String>)) {
    let ident_end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    if ident_end == 0 {
        if let Some(inner) = text.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        expand(inner[start..i].trim_start(), lead, emit);
                        return;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(inner[start..i].trim_start(), lead, emit);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        }
        emit(lead.clone());
        return;
    }
    let ident = &text[..ident_end];
    let rest = &text[ident_end..];
    if ident == "self" {
        emit(lead.clone());
        return;
    }
    lead.push(ident.to_owned());
    match rest.strip_prefix("::") {
        Some(more) => expand(more, lead, emit),
        None => emit(lead.clone()),
    }
    lead.pop();
}

/// Every edge between two different files.
fn graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let all = sources(root);
    let files: BTreeSet<String> = all.iter().cloned().collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &all {
        if file.ends_with("/tests.rs") || file.contains("/tests/") {
            continue;
        }
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let module = module_of(file);
        let binary = in_binary(file);
        for (word, segs) in paths(&code(&text)) {
            let (lib_side, absolute) = match word.as_str() {
                "crate" => (binary, segs),
                "bson_tutor" => (false, segs),
                w => {
                    let ups: usize = w.trim_start_matches("super").parse().unwrap_or(1);
                    // A file's own module is `module`; `super` is its parent.
                    let keep = module.len().saturating_sub(ups);
                    let mut p = module[..keep].to_vec();
                    p.extend(segs);
                    (binary, p)
                }
            };
            if let Some(target) = resolve(&files, lib_side, &absolute)
                && &target != file
            {
                edges.entry(file.clone()).or_default().insert(target);
            }
        }
    }
    edges
}

/// The strongly connected components of more than one file (Tarjan).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(next) = s.edges.get(v) {
            for w in next {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let lw = s.low[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if s.on_stack.contains(w) {
                    let iw = s.index[w];
                    let lv = s.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_two_source_files_import_each_other() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = graph(&root);
    assert!(
        edges.values().map(BTreeSet::len).sum::<usize>() > 100,
        "the import graph looks empty: the reader is broken"
    );
    assert!(
        edges["bson/spans.rs"].contains("bson/raw.rs")
            && edges["cli/lesson.rs"]
                .iter()
                .any(|t| t.starts_with("lesson")),
        "known edges are missing: the reader is broken"
    );
    let found = cycles(&edges);
    let described: Vec<String> = found
        .iter()
        .map(|c| {
            let inside: Vec<String> = c
                .iter()
                .flat_map(|f| {
                    edges[f]
                        .iter()
                        .filter(|t| c.contains(t))
                        .map(move |t| format!("{f} → {t}"))
                })
                .collect();
            format!("{}:\n    {}", c.join(", "), inside.join("\n    "))
        })
        .collect();
    assert!(
        found.is_empty(),
        "import cycles between files:\n{}",
        described.join("\n")
    );
}

#[test]
fn the_reader_sees_groups_and_relative_paths() {
    let p = paths("use crate::bson::{oid::ObjectId, value::{Value, Document}};\nsuper::x::y();");
    let got: Vec<String> = p
        .iter()
        .map(|(w, s)| format!("{w}:{}", s.join("::")))
        .collect();
    assert_eq!(
        got,
        [
            "crate:bson::oid::ObjectId",
            "crate:bson::value::Value",
            "crate:bson::value::Document",
            "super1:x::y"
        ]
    );
}
