//! `lessons`, `show`, `check` and `answer`: list, render, verify and practise lessons,
//! built-in or from a directory of TOML files (a teacher's pack).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bson_tutor::lesson::progress::Progress;
use bson_tutor::lesson::render::{RenderOptions, fill_computed, render};
use bson_tutor::lesson::{LoadError, Loaded, answer, builtin, check_lesson, load_dir, solve};

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

/// Where progress is kept, shared by `lessons` and `answer`.
#[derive(Debug, clap::Args)]
pub struct ProgressFile {
    /// The progress file (default: $BSON_TUTOR_PROGRESS, else
    /// $XDG_DATA_HOME/bson-tutor/progress.json, else ~/.local/share/bson-tutor/progress.json).
    #[arg(long, value_name = "PATH")]
    pub progress: Option<PathBuf>,
}

impl ProgressFile {
    fn path(&self) -> Option<PathBuf> {
        if let Some(p) = &self.progress {
            return Some(p.clone());
        }
        if let Some(p) = std::env::var_os("BSON_TUTOR_PROGRESS") {
            return Some(PathBuf::from(p));
        }
        let base = std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
        Some(base.join("bson-tutor").join("progress.json"))
    }

    /// The saved progress; none saved yet is empty progress, a damaged file is an error
    /// (never silently replaced).
    fn read(&self) -> Result<Progress, String> {
        let Some(path) = self.path() else {
            return Ok(Progress::default());
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => Progress::from_json(&text).map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress {
                version: 1,
                ..Progress::default()
            }),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// Saves progress atomically (a temporary file renamed over the old one).
    fn write(&self, progress: &Progress) -> Result<(), String> {
        let path = self
            .path()
            .ok_or("no place to save progress: set --progress or HOME")?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, progress.to_json()).map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, &path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Arguments of `answer`.
#[derive(Debug, clap::Args)]
pub struct AnswerArgs {
    /// The lesson's id.
    #[arg(value_name = "LESSON")]
    pub lesson: String,
    /// The exercise number within the lesson (as `show` numbers them).
    #[arg(value_name = "N")]
    pub number: usize,
    /// Your answer (omit with --hint or --reveal).
    #[arg(value_name = "ANSWER", required_unless_present_any = ["hint", "reveal"])]
    pub answer: Option<String>,
    /// Show the next hint instead.
    #[arg(long, conflicts_with_all = ["answer", "reveal"])]
    pub hint: bool,
    /// Show the answer (only after a wrong attempt; recorded as revealed, not solved).
    #[arg(long, conflicts_with = "answer")]
    pub reveal: bool,
    /// Where lessons come from.
    #[command(flatten)]
    pub source: Source,
    /// Where progress is kept.
    #[command(flatten)]
    pub progress: ProgressFile,
}

/// Arguments of `lessons`.
#[derive(Debug, clap::Args)]
pub struct LessonsArgs {
    /// Where progress is kept.
    #[command(flatten)]
    pub progress: ProgressFile,
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
    let progress = match args.progress.read() {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let mut out = std::io::stdout().lock();
    let mut broken = false;
    for l in &all {
        let _ = match l {
            Ok(l) => {
                let count = l.lesson.exercises().count();
                writeln!(
                    out,
                    "{:>3}  {:<24} {}  ({}/{count} solved)",
                    l.lesson.order,
                    l.lesson.id,
                    l.lesson.title,
                    progress.solved(&l.lesson.id, count)
                )
            }
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

/// Runs `answer`: checks an answer to one exercise (or gives a hint, or reveals the answer
/// after a wrong attempt) and records it in the progress file. Exit 0 when correct.
pub fn run_answer(args: &AnswerArgs) -> ExitCode {
    let run = || -> Result<bool, String> {
        let all = load(args.source.lessons.as_deref(), args.source.with_builtin)?;
        let lesson = all
            .iter()
            .flatten()
            .find(|l| l.lesson.id == args.lesson)
            .ok_or_else(|| format!("no lesson `{}` (see `bson-tutor lessons`)", args.lesson))?;
        let count = lesson.lesson.exercises().count();
        let ex = args
            .number
            .checked_sub(1)
            .and_then(|i| lesson.lesson.exercises().nth(i))
            .ok_or_else(|| format!("lesson `{}` has exercises 1 to {count}", args.lesson))?;
        let mut progress = args.progress.read()?;
        let id = &lesson.lesson.id;
        let record = progress
            .record(id, args.number)
            .cloned()
            .unwrap_or_default();
        let mut out = std::io::stdout().lock();
        if args.hint {
            let next = record.hints as usize;
            match ex.hints.get(next) {
                Some(h) => {
                    let _ = writeln!(out, "hint {}: {}", next + 1, fill_computed(h)?);
                    progress
                        .exercises
                        .entry(format!("{id}#{}", args.number))
                        .or_default()
                        .hints += 1;
                }
                None => {
                    let _ = writeln!(out, "no more hints ({} given)", ex.hints.len());
                }
            }
            args.progress.write(&progress)?;
            return Ok(true);
        }
        if args.reveal {
            if record.last_wrong.is_none()
                && record.status != bson_tutor::lesson::progress::Status::Revealed
            {
                return Err(
                    "try an answer first: the answer is revealed after a wrong attempt".into(),
                );
            }
            let solution = solve(ex)?;
            let _ = writeln!(out, "answer: {}", solution.text);
            let _ = writeln!(out, "why: {}", fill_computed(&ex.explanation)?);
            progress.revealed(id, args.number);
            args.progress.write(&progress)?;
            return Ok(true);
        }
        let text = args.answer.as_deref().unwrap_or_default();
        let verdict = answer(ex, text);
        if verdict.correct {
            let _ = writeln!(out, "correct. {}", fill_computed(&ex.explanation)?);
        } else {
            let _ = writeln!(out, "not yet: {}", verdict.feedback);
            let _ = writeln!(
                out,
                "(try again, `--hint` for a hint, or `--reveal` for the answer)"
            );
        }
        progress.answered(id, args.number, text, verdict.correct);
        args.progress.write(&progress)?;
        Ok(verdict.correct)
    };
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => fail(&e),
    }
}
