//! `lessons`, `show` and `check`: list, render and verify lessons, built-in or from a
//! directory of TOML files (a teacher's pack).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bson_tutor::lesson::render::{RenderOptions, render};
use bson_tutor::lesson::{LoadError, Loaded, builtin, check_lesson, load_dir};

use super::fail;

/// Where lessons come from, shared by the lesson commands.
#[derive(Debug, clap::Args)]
pub struct Source {
    /// Load the lessons of this directory (every `*.toml`) instead of the built-in ones.
    #[arg(long, value_name = "DIR")]
    pub lessons: Option<PathBuf>,
    /// With --lessons: keep the built-in lessons as well.
    #[arg(long, requires = "lessons")]
    pub with_builtin: bool,
}

/// Arguments of `lessons`.
#[derive(Debug, clap::Args)]
pub struct LessonsArgs {
    /// Where lessons come from.
    #[command(flatten)]
    pub source: Source,
}

/// Arguments of `show`.
#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The lesson's id (as `bson-tutor lessons` lists it).
    #[arg(value_name = "ID")]
    pub id: String,
    /// Wrap prose at this column.
    #[arg(long, default_value_t = 80, value_name = "N")]
    pub width: usize,
    /// Show each exercise's computed answer and explanation.
    #[arg(long)]
    pub answers: bool,
    /// Colour: `auto` colours a terminal only (and never when NO_COLOR is set).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Where lessons come from.
    #[command(flatten)]
    pub source: Source,
}

/// `--color` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour: plain text, as snapshots and pipes want it.
    Never,
}

/// Light ANSI styling of the plain rendering, line by line: claim labels, command lines,
/// exercise headings and answers. The text itself is unchanged.
fn colorize(text: &str) -> String {
    const BOLD: &str = "\x1b[1m";
    const DIM: &str = "\x1b[2m";
    const CYAN: &str = "\x1b[36m";
    const GREEN: &str = "\x1b[32m";
    const YELLOW: &str = "\x1b[33m";
    const RESET: &str = "\x1b[0m";
    use bson_tutor::lesson::model::Claim;
    let labels = [
        Claim::Documented,
        Claim::Observed,
        Claim::ImplementationDetail,
        Claim::SimplifiedModel,
    ]
    .map(Claim::label);
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let (body, newline) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let styled = if body.starts_with("$ ") {
            format!("{DIM}{body}{RESET}")
        } else if body.starts_with("Exercise ") {
            format!("{BOLD}{body}{RESET}")
        } else if let Some(rest) = body.strip_prefix("  answer: ") {
            format!("  {GREEN}answer:{RESET} {rest}")
        } else if let Some(label) = labels.iter().find(|l| body.starts_with(*l)) {
            format!("{YELLOW}{label}{RESET}{}", &body[label.len()..])
        } else if body.starts_with("  hint ") {
            format!("{CYAN}{body}{RESET}")
        } else {
            body.to_owned()
        };
        out.push_str(&styled);
        out.push_str(newline);
    }
    out
}

/// Arguments of `check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// A directory of lessons to check (default: the built-in lessons).
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

fn read_dir(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().is_some_and(|x| x == "toml") {
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            files.push((path.display().to_string(), text));
        }
    }
    files.sort();
    Ok(files)
}

fn load(dir: Option<&Path>, with_builtin: bool) -> Result<Vec<Result<Loaded, LoadError>>, String> {
    let mut files: Vec<(String, String)> = Vec::new();
    if dir.is_none() || with_builtin {
        files.extend(
            builtin::LESSONS
                .iter()
                .map(|(f, t)| (format!("lessons/{f}"), (*t).to_string())),
        );
    }
    if let Some(d) = dir {
        files.extend(read_dir(d)?);
    }
    Ok(load_dir(
        files.iter().map(|(f, t)| (f.as_str(), t.as_str())),
    ))
}

/// Runs `lessons`.
pub fn run_lessons(args: &LessonsArgs) -> ExitCode {
    let all = match load(args.source.lessons.as_deref(), args.source.with_builtin) {
        Ok(all) => all,
        Err(e) => return fail(&e),
    };
    let mut out = std::io::stdout().lock();
    let mut broken = false;
    for l in &all {
        let _ = match l {
            Ok(l) => writeln!(
                out,
                "{:>3}  {:<24} {}  ({} exercises)",
                l.lesson.order,
                l.lesson.id,
                l.lesson.title,
                l.lesson.exercises().count()
            ),
            Err(e) => {
                broken = true;
                writeln!(out, "  -  broken: {e}")
            }
        };
    }
    if broken {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Runs `show`.
pub fn run_show(args: &ShowArgs) -> ExitCode {
    let all = match load(args.source.lessons.as_deref(), args.source.with_builtin) {
        Ok(all) => all,
        Err(e) => return fail(&e),
    };
    let Some(found) = all.iter().flatten().find(|l| l.lesson.id == args.id) else {
        let ids: Vec<&str> = all.iter().flatten().map(|l| l.lesson.id.as_str()).collect();
        return fail(&format!(
            "no lesson `{}`; the lessons are: {}",
            args.id,
            ids.join(", ")
        ));
    };
    let text = render(
        &found.lesson,
        RenderOptions {
            width: args.width,
            answers: args.answers,
        },
    );
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::IsTerminal::is_terminal(&std::io::stdout())
                && std::env::var_os("NO_COLOR").is_none()
        }
    };
    let text = if color { colorize(&text) } else { text };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

/// Runs `check`: exit 0 only when every lesson loads and every check holds.
pub fn run_check(args: &CheckArgs) -> ExitCode {
    let all = match load(args.dir.as_deref(), false) {
        Ok(all) => all,
        Err(e) => return fail(&e),
    };
    let mut out = std::io::stdout().lock();
    let (mut passed, mut failed) = (0, 0);
    for l in &all {
        match l {
            Ok(l) => {
                let report = check_lesson(l);
                passed += report.passed;
                failed += report.failures.len();
                for f in &report.failures {
                    let _ = writeln!(out, "FAIL {f}");
                }
            }
            Err(e) => {
                failed += 1;
                let _ = writeln!(out, "BROKEN {e}");
            }
        }
    }
    let _ = writeln!(out, "check: {passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
