//! Translations that notice change, driven through the real binary on a copy of a built-in
//! lesson and its real Vietnamese translation: an edited English text is flagged at the
//! translation's `file:line` by the step's id (and the translation still shows), and a step
//! inserted before others leaves every other translation attached.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

const LESSON: &str = "01-bytes.toml";

/// A copy of lesson 01 and its Vietnamese translation in a fresh directory under the test's
/// own target directory: `(dir, lesson text, translation text)`.
fn pack(name: &str) -> (PathBuf, String, String) {
    let dir =
        crate::common::scratch().join(format!("translation-drift-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("i18n/vi")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let lesson = std::fs::read_to_string(root.join(LESSON)).unwrap();
    let vi = std::fs::read_to_string(root.join("i18n/vi").join(LESSON)).unwrap();
    std::fs::write(dir.join("i18n/vi").join(LESSON), &vi).unwrap();
    (dir, lesson, vi)
}

fn check(dir: &Path) -> Output {
    common::bson_tutor()
        .args(["check", dir.to_str().unwrap()])
        .output()
        .unwrap()
}

/// The `warning:` lines of a run, without the prefix.
fn warnings(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("warning: "))
        .map(str::to_string)
        .collect()
}

/// The 1-based line of the first line of `text` equal to `wanted`.
fn line_of(text: &str, wanted: &str) -> usize {
    text.lines().position(|l| l == wanted).unwrap() + 1
}

#[test]
fn an_edited_english_step_is_flagged_by_id_at_its_translation() {
    let (dir, lesson, vi) = pack("stale");
    let caption = "caption = \"The document { _id: 1, name: \\\"An\\\", age: 30 }, byte by byte:\"";
    assert!(
        lesson.contains(caption),
        "lesson 01 changed: update this test"
    );
    let edited = lesson.replace(
        caption,
        "caption = \"The same document, one byte at a time:\"",
    );
    std::fs::write(dir.join(LESSON), &edited).unwrap();
    let out = check(&dir);
    assert!(out.status.success(), "warnings do not fail the check");
    let file = dir.join("i18n/vi").join(LESSON).display().to_string();
    let line = line_of(&vi, "[step.hex-doc]");
    let warnings = warnings(&out);
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    let expected = format!("{file}:{line}: vi: step hex-doc translates an older English text");
    assert!(warnings[0].starts_with(&expected), "{warnings:#?}");
    // The older translation is still shown: better than none.
    let shown = common::bson_tutor()
        .args([
            "show",
            "bytes",
            "--lessons",
            dir.to_str().unwrap(),
            "--lang",
            "vi",
        ])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.contains("xem từng byte một"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_step_inserted_before_others_keeps_their_translations() {
    let (dir, lesson, _) = pack("insert");
    let at = lesson.find("[[step]]\nname = \"hex-doc\"").unwrap();
    let new_step = "[[step]]\nname = \"new-step\"\nkind = \"text\"\ntext = \"A new step.\"\n\n";
    let edited = format!("{}{new_step}{}", &lesson[..at], &lesson[at..]);
    std::fs::write(dir.join(LESSON), &edited).unwrap();
    let out = check(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let file = dir.join(LESSON).display().to_string();
    let line = line_of(&edited, "name = \"new-step\"") - 1;
    assert_eq!(
        warnings(&out),
        [format!(
            "{file}:{line}: vi: step new-step text is not translated (English is shown)"
        )]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
