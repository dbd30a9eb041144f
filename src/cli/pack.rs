//! For teachers and packagers: `new lesson` (a commented lesson skeleton that passes
//! `check`), `check --format json` (the report for a pack's own CI), `completions` and `man`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bson_tutor::lesson::check::Failure;
use bson_tutor::lesson::{LoadError, builtin};
use bson_tutor::strings::Lang;
use clap::CommandFactory;

use super::Cli;
use super::error::{CliError, fail};
use super::i18n::{t, tf};

/// Arguments of `new`.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// What to make.
    #[command(subcommand)]
    pub what: NewKind,
}

/// What `new` can make.
#[derive(Debug, clap::Subcommand)]
pub enum NewKind {
    /// Write ID.toml: a commented lesson skeleton (text, hex, run and exercise steps) that
    /// passes `bson-tutor check` untouched.
    #[command(after_help = "Examples:\n  \
        bson-tutor new lesson demo\n  \
        bson-tutor new lesson utf8-keys --dir my-pack\n  \
        bson-tutor check my-pack")]
    Lesson(NewLessonArgs),
}

/// Arguments of `new lesson`.
#[derive(Debug, clap::Args)]
pub struct NewLessonArgs {
    /// The lesson's id: lowercase letters, digits and `-` (it names the file and
    /// `bson-tutor show ID`).
    #[arg(value_name = "ID")]
    pub id: String,
    /// The directory to write ID.toml in (created if missing).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,
}

/// Arguments of `completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// Runs `new`.
pub fn run_new(args: &NewArgs) -> ExitCode {
    match &args.what {
        NewKind::Lesson(args) => match new_lesson(&args.id, &args.dir) {
            // The file is written; a failed write of the message is reported by `finish`.
            Ok(message) => match super::out::print(&super::out::safe_lines(&message)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&CliError::Output(e)),
            },
            Err(e) => fail(&e),
        },
    }
}

/// Why `id` cannot name a new lesson: the loader's own rule
/// (`bson_tutor::lesson::load::check_id`), so `new` never writes a lesson `check` refuses.
fn id_problem(id: &str) -> Option<CliError> {
    let problem = bson_tutor::lesson::load::check_id(id).err()?;
    Some(CliError::BadId {
        id: id.to_owned(),
        problem,
    })
}

/// Writes `dir/id.toml` and says what to do next; never overwrites.
fn new_lesson(id: &str, dir: &Path) -> Result<String, CliError> {
    if let Some(problem) = id_problem(id) {
        return Err(problem);
    }
    let path = dir.join(format!("{id}.toml"));
    if path.exists() {
        return Err(CliError::Exists { path });
    }
    std::fs::create_dir_all(dir).map_err(|error| CliError::Create {
        dir: dir.to_path_buf(),
        error,
    })?;
    let write = |error| CliError::Write {
        path: path.clone(),
        error,
    };
    // create_new: a file that appeared since the check above is still not overwritten.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => CliError::ExistsNow { path: path.clone() },
            _ => write(e),
        })?;
    file.write_all(skeleton(id).as_bytes())
        .and_then(|()| file.flush())
        .map_err(write)?;
    let mut out = format!("{}\n", tf("wrote {path}", &[&path.display()]));
    if builtin::LESSONS
        .iter()
        .any(|(_, text)| bson_tutor::lesson::load_str("", text).is_ok_and(|l| l.lesson.id == id))
    {
        let _ = writeln!(
            out,
            "{}{}",
            t("note: "),
            tf(
                "a built-in lesson is also called `{id}`; with --with-builtin the built-in keeps the id and this one is refused",
                &[&id]
            )
        );
    }
    let _ = writeln!(
        out,
        "{}\n  bson-tutor check {}\n  bson-tutor show {id} --lessons {} --answers",
        t("next: edit it, then run"),
        shell_word(dir),
        shell_word(dir)
    );
    Ok(out)
}

/// `dir` as one word to paste into a shell (quoted when it needs to be).
fn shell_word(dir: &Path) -> String {
    let s = dir.display().to_string();
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./~+@%:,".contains(c))
    {
        s
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The title for a new lesson: the id with spaces, capitalised.
fn title(id: &str) -> String {
    let words = id.replace('-', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// The skeleton `new lesson` writes: format version 1, every field commented.
fn skeleton(id: &str) -> String {
    SKELETON.replace("{ID}", id).replace("{TITLE}", &title(id))
}

/// `{ID}` and `{TITLE}` are filled in by [`skeleton`]. Every figure is the engine's, so the
/// file passes `bson-tutor check` as written (a test checks it).
const SKELETON: &str = r#"# A bson-tutor lesson, lesson format version 1.
# The whole format, with a working example of every step and exercise kind, is in
# lessons/README.md of bson-tutor's repository. Check this file with
#   bson-tutor check DIR            (DIR: the directory this file is in)
# and read it as a learner will with
#   bson-tutor show {ID} --lessons DIR --answers
# Every figure a learner sees is computed by bson-tutor when the lesson is shown: type no
# byte, size or result by hand; `check` fails when an `expect` is not the engine's answer.

format_version = 1
# A short stable name: lowercase letters, digits and `-`. `bson-tutor show {ID}` uses it.
id = "{ID}"
title = "{TITLE}"
# Position in the course; the built-in lessons use 1 to 99, so 100 comes after them.
order = 100
summary = "One sentence on what this lesson teaches."
# Ids of lessons to read first (the built-in `bytes` is a good start).
prerequisites = []

# Steps come in order, each a [[step]] table with a `kind` (text, hex, run, table or
# exercise) and a `name`: its id, which translations (i18n/<lang>/*.toml) key on, so keep it
# when you edit the step. Lowercase letters, digits and dashes, unique in the lesson.

[[step]]
name = "intro"
kind = "text"
# Optional: how sure the statement is: documented, observed, implementation-detail or
# simplified-model. It is shown as a label, e.g. [documented].
claim = "documented"
# Paragraphs, `- ` bullets, ``` code blocks and *emphasis*. {= expression =} is replaced by
# the value the engine computes for that aggregation expression.
text = """
A BSON document starts with its own length, 4 bytes little-endian, and ends with a NUL byte.

- { a: 1 } takes {= { $bsonSize: { $literal: { a: 1 } } } =} bytes.
"""

[[step]]
name = "hex-doc"
kind = "hex"
# The document, in mongosh syntax or Extended JSON; shown byte by byte with each byte's role.
document = "{ a: 1, s: 'hi' }"
# Optional: the dotted path of an element to point out below the bytes.
focus = "s"
caption = "A string's length prefix counts its closing NUL."

[[step]]
name = "run-eval"
kind = "run"
# A command and its output, computed when shown: eval, find, aggregate, inspect or oid.
command = "eval"
expression = "{ $add: [0.1, 0.2] }"
caption = "Doubles are binary fractions."

[[step]]
name = "size-doc"
kind = "exercise"
# size: predict $bsonSize of `document`; the answer is a number.
type = "size"
prompt = "How many bytes is { a: 1, s: 'hi' }?"
document = "{ a: 1, s: 'hi' }"
# Hints are shown one at a time, on request.
hints = ["4 bytes of length, then each element: type byte, key and NUL, value; then the NUL."]
# Shown after a right answer or a reveal.
explanation = "{= { $bsonSize: { $literal: { a: 1, s: 'hi' } } } =} bytes: the length, an int32 element, a string element and the closing NUL."
# The answer; `check` fails unless the engine accepts it.
expect = "22"
# Plausible wrong answers; `check` fails unless the engine refuses each one.
reject = ["21", "12"]

[[step]]
name = "find-ids"
kind = "exercise"
# find: which _ids of `docs` does `filter` match? The answer is a list of _ids, any order.
type = "find"
prompt = "Which _ids does { v: 42 } find?"
docs = '[{ _id: 1, v: 42 }, { _id: 2, v: "42" }, { _id: 3, v: NumberLong(42) }]'
filter = "{ v: 42 }"
hints = ["Numbers of different types compare by value; a string is never a number."]
explanation = "The int32 and the long are both 42; the string \"42\" is in another type bracket."
expect = "[1, 3]"
reject = ["[1]", "[1, 2, 3]"]

[[step]]
name = "which-double"
kind = "exercise"
# choice: `options` are answered by letter (a, b, ...) or 1-based number. `claims` gives one
# engine expression per option ("" for none): the expected option's must compute true and
# every other one false, so `check` catches a wrong key. `why_not` says, for each option
# in order, why it is wrong ("" for the expected one): a learner who picks it reads it.
type = "choice"
prompt = "Which holds a double?"
options = ["{ v: 1 }", "{ v: 1.5 }", "{ v: NumberLong(1) }"]
claims = [
  '{ $eq: [{ $type: 1 }, "double"] }',
  '{ $eq: [{ $type: 1.5 }, "double"] }',
  '{ $eq: [{ $type: NumberLong(1) }, "double"] }',
]
why_not = [
  "mongosh reads a whole number as an int32, not a double.",
  "",
  "NumberLong(1) names a long: 8 bytes like a double, but an integer.",
]
hints = ["mongosh reads a whole number as an int32."]
explanation = "1.5 is a double; 1 is an int32 and NumberLong(1) a long."
expect = "b"
reject = ["a", "c"]
"#;

/// Runs `completions`: the script for `shell`, generated from the real command line.
pub fn run_completions(args: &CompletionsArgs) -> ExitCode {
    // The descriptions zsh, fish, elvish and PowerShell show are in the language of the run.
    let mut command = super::help::localized(Cli::command(), super::i18n::lang());
    let name = command.get_name().to_string();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut out);
    write_stdout(&out)
}

/// Runs `man`: the roff man page of the top-level command, subcommands listed.
pub fn run_man() -> ExitCode {
    let mut out = Vec::new();
    let command = super::help::localized(Cli::command(), super::i18n::lang());
    if let Err(e) = clap_mangen::Man::new(command).render(&mut out) {
        return fail(&CliError::Man(e));
    }
    write_stdout(&out)
}

fn write_stdout(bytes: &[u8]) -> ExitCode {
    let mut stdout = super::out::stdout();
    // A failed write is reported by `error::finish` (a closed pipe is not).
    let _ = stdout.write_all(bytes).and_then(|()| stdout.flush());
    ExitCode::SUCCESS
}

/// The `check --format json` report, keys in this order.
#[derive(serde::Serialize)]
struct CheckReport<'a> {
    passed: usize,
    failed: usize,
    broken_files: usize,
    failures: Vec<FailureJson<'a>>,
    broken: Vec<BrokenJson<'a>>,
}

#[derive(serde::Serialize)]
struct FailureJson<'a> {
    file: &'a str,
    line: usize,
    message: String,
}

#[derive(serde::Serialize)]
struct BrokenJson<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    message: String,
}

/// The `check --format json` report: one object with the counts, the failures (in English,
/// the form machines parse) and the broken files (`failed` counts failed checks; the text
/// summary adds the broken files).
pub fn check_json(passed: usize, failures: &[Failure], broken: &[&LoadError]) -> String {
    let report = CheckReport {
        passed,
        failed: failures.len(),
        broken_files: broken.len(),
        failures: failures
            .iter()
            .map(|f| FailureJson {
                file: &f.file,
                line: f.line,
                message: f.message_in(Lang::En),
            })
            .collect(),
        broken: broken
            .iter()
            .map(|e| BrokenJson {
                file: &e.file,
                line: e.line,
                column: e.column,
                message: e.kind.to_string(),
            })
            .collect(),
    };
    // Serialising plain strings and numbers cannot fail.
    let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_letters_digits_and_dashes() {
        assert!(id_problem("demo-2").is_none());
        assert!(id_problem("").is_some());
        let why = id_problem("My lesson")
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(why.contains("character 1 (`M`)"), "{why}");
        assert!(id_problem("a/b").is_some());
        assert!(id_problem("a.b").is_some());
        let dash = id_problem("-rf").map(|e| e.to_string()).unwrap_or_default();
        assert!(dash.contains("starts with `-`"), "{dash}");
        assert!(id_problem("2-x").is_none());
    }

    #[test]
    fn the_skeleton_loads_and_passes_its_checks() {
        let text = skeleton("demo");
        let loaded =
            bson_tutor::lesson::load_str("demo.toml", &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (loaded.lesson.id.as_str(), loaded.lesson.order),
            ("demo", 100)
        );
        let report = bson_tutor::lesson::check_lesson(&loaded, &Default::default());
        assert_eq!(report.failures, Vec::new());
        assert!(report.passed > 0);
    }

    #[test]
    fn titles_come_from_ids() {
        assert_eq!(title("utf8-keys"), "Utf8 keys");
    }
}
