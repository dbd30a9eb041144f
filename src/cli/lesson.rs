//! `lessons`, `show`, `check` and `answer`: list, render, verify and practise lessons,
//! built-in or from a directory of TOML files (a teacher's pack). `progress` is in
//! `progress.rs`.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bson_tutor::lesson::check::Outcome;
use bson_tutor::lesson::compute::{Classroom, LESSON_NOW_MS};
use bson_tutor::lesson::load::{PackFile, load_files, read_pack};
use bson_tutor::lesson::progress::{self, Position, Status};
use bson_tutor::lesson::render::{RenderOptions, fill_computed, render};
use bson_tutor::lesson::{Context, LoadError, Loaded, answer, builtin, check_lesson, solve};
use bson_tutor::strings::localize::Localize;
use bson_tutor::strings::safe::{escape_line, escape_text};

use super::args::{CheckFormat, ColorChoice, parse_now};
use super::error::{CliError, fail};
use super::i18n::{t, tf, warn};
use super::out::safe_lines;
use super::pack::check_json;
use super::store::Store;

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

/// Where progress is kept, shared by `lessons`, `answer`, `progress` and the TUI.
#[derive(Debug, clap::Args)]
pub struct ProgressFile {
    /// The progress file (default: $BSON_TUTOR_PROGRESS, else
    /// $XDG_DATA_HOME/bson-tutor/progress.json, else ~/.local/share/bson-tutor/progress.json; on
    /// macOS and Windows, the system's data directory).
    #[arg(long, value_name = "PATH")]
    pub progress: Option<PathBuf>,
}

impl ProgressFile {
    /// The progress file: `--progress`, else [`super::store::default_path`]
    /// (`$BSON_TUTOR_PROGRESS`, else the platform's data directory); `None` when there is no
    /// home to put it in.
    pub fn path(&self) -> Option<PathBuf> {
        self.progress.clone().or_else(super::store::default_path)
    }

    /// The store at [`ProgressFile::path`].
    pub fn store(&self) -> Store {
        Store::new(self.path())
    }
}

/// Arguments of `answer`.
#[derive(Debug, clap::Args)]
pub struct AnswerArgs {
    /// The lesson: its id or its number, as `bson-tutor lessons` lists them.
    #[arg(value_name = "LESSON")]
    pub lesson: String,
    /// The exercise number within the lesson (as `show` numbers them).
    #[arg(value_name = "N")]
    pub number: usize,
    /// Your answer (omit with --hint or --reveal).
    // A negative number is an answer, not an option: `answer types 3 -1`.
    #[arg(
        value_name = "ANSWER",
        required_unless_present_any = ["hint", "reveal"],
        allow_negative_numbers = true
    )]
    pub answer: Option<String>,
    /// Show the next hint instead.
    #[arg(long, conflicts_with_all = ["answer", "reveal"])]
    pub hint: bool,
    /// Show the answer (only after a wrong attempt; recorded as revealed, not solved).
    #[arg(long, conflicts_with = "answer")]
    pub reveal: bool,
    /// The class's seed and clock: answer the exercise as that class sees it.
    #[command(flatten)]
    pub classroom: ClassroomArgs,
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
    /// The lesson: its id or its number, as `bson-tutor lessons` lists them.
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
    /// The class's seed and clock.
    #[command(flatten)]
    pub classroom: ClassroomArgs,
    /// Where lessons come from.
    #[command(flatten)]
    pub source: Source,
}

/// `--seed` and `--now` of `show` and `check`: the same values give every learner of a class
/// the same generated ObjectIds, UUIDs and times, byte for byte.
#[derive(Debug, clap::Args)]
pub struct ClassroomArgs {
    /// Seed the ObjectIds and UUIDs that lesson text generates (`ObjectId()`, `UUID()`, an
    /// `_id` a collection adds); without it they are the fixed ones the lessons are written with.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): `new Date()`, `$$NOW` and the time
    /// in generated ObjectIds read this (default: 2026-10-08T03:45:49Z, the lessons' clock).
    #[arg(long, value_name = "ISO-TIME", value_parser = parse_now)]
    pub now: Option<i64>,
}

impl ClassroomArgs {
    /// The lesson context these flags ask for.
    pub fn classroom(&self) -> Classroom {
        Classroom {
            seed: self.seed,
            now_ms: self.now.unwrap_or(LESSON_NOW_MS),
        }
    }
}

/// Light ANSI styling of the plain rendering, line by line: claim labels, command lines,
/// exercise headings and answers. The text itself is unchanged.
fn colorize(text: &str) -> String {
    // The labels as `show` wrote them, in the run's language.
    let lead = |key: &'static str| t(key).split('{').next().unwrap_or_default();
    let exercise = lead("Exercise {n} ({kind}): ");
    let hint = format!("  {}", lead("hint {n}: "));
    let answer = format!("  {}", t("answer: "));
    const BOLD: &str = "\x1b[1m";
    const DIM: &str = "\x1b[2m";
    const CYAN: &str = "\x1b[36m";
    const GREEN: &str = "\x1b[32m";
    const YELLOW: &str = "\x1b[33m";
    const RESET: &str = "\x1b[0m";
    use bson_tutor::lesson::model::Claim;
    let labels = Claim::ALL.map(|c| c.label_in(super::i18n::lang()));
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let (body, newline) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let styled = if body.starts_with("$ ") {
            format!("{DIM}{body}{RESET}")
        } else if body.starts_with(exercise) {
            format!("{BOLD}{body}{RESET}")
        } else if let Some(rest) = body.strip_prefix(answer.as_str()) {
            let gap = if answer.ends_with(' ') { " " } else { "" };
            format!("  {GREEN}{}{RESET}{gap}{rest}", answer.trim())
        } else if let Some(label) = labels.iter().find(|l| body.starts_with(*l)) {
            format!("{YELLOW}{label}{RESET}{}", &body[label.len()..])
        } else if body.starts_with(hint.as_str()) {
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
    /// `text`: FAIL and BROKEN lines, then `check: N passed, M failed`; `json`: one JSON
    /// object for machines. The exit code is the same: 0 when all pass, 1 otherwise.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    /// The class's seed and clock: check the lessons as that class will see them.
    #[command(flatten)]
    pub classroom: ClassroomArgs,
    /// Each lesson's time budget, in milliseconds: a lesson still being checked when it runs
    /// out fails at the step it was on (its file and line), and checking goes on with the next
    /// lesson; 0: no limit.
    #[arg(long, value_name = "MS", default_value_t = super::deadline::DEFAULT_LESSON_TIME_MS)]
    pub max_time_ms: u64,
}

pub(super) fn load(
    dir: Option<&Path>,
    with_builtin: bool,
) -> Result<Vec<Result<Loaded, LoadError>>, CliError> {
    let mut files: Vec<PackFile> = Vec::new();
    if dir.is_none() || with_builtin {
        files.extend(
            builtin::LESSONS
                .iter()
                .map(|(f, t)| PackFile::text(format!("lessons/{f}"), *t)),
        );
    }
    if let Some(d) = dir {
        // Only the directory itself failing stops the command: every entry of it that
        // cannot be read is one broken file.
        files.extend(read_pack(d).map_err(|error| CliError::Io {
            path: d.to_path_buf(),
            error,
        })?);
    }
    Ok(load_files(files))
}

/// Runs `lessons`.
pub fn run_lessons(args: &LessonsArgs) -> ExitCode {
    let all = match load(args.source.lessons.as_deref(), args.source.with_builtin) {
        Ok(all) => all,
        Err(e) => return fail(&e),
    };
    // A listing leaves a damaged file where it is (`progress` moves it aside) and lists
    // the lessons without progress rather than not at all.
    let progress = match args.progress.store().read() {
        Ok(p) => Some(p),
        Err(e) => {
            warn(&tf(
                "progress not shown: {display_in}",
                &[&e.display_in(super::i18n::lang())],
            ));
            None
        }
    };
    // Titles in the run's language (the ids stay as they are: commands take them).
    let dir = args.source.lessons.as_deref();
    let mut problems = Vec::new();
    let lessons: Vec<_> = all.iter().flatten().map(|l| l.lesson.clone()).collect();
    let titles: Vec<String> =
        super::i18n::localized(lessons, super::i18n::lang(), dir, &mut problems)
            .into_iter()
            .map(|l| l.title)
            .collect();
    for p in &problems {
        warn(p);
    }
    let mut titles = titles.iter();
    let mut out = super::out::stdout();
    let mut broken = false;
    // Ids, titles and the loader's messages come from files: their control characters are
    // shown, not sent to the terminal.
    for l in &all {
        let written = match l {
            Ok(l) => {
                let count = l.lesson.exercises().count();
                let solved = match &progress {
                    Some(p) => tf(
                        "{solved}/{total} solved",
                        &[&p.solved(&l.lesson.id, count), &count],
                    ),
                    None => tf("{n} exercises", &[&count]),
                };
                let title = escape_line(titles.next().unwrap_or(&l.lesson.title));
                let id = escape_line(&l.lesson.id);
                writeln!(out, "{:>3}  {:<24} {title}  ({solved})", l.lesson.order, id,)
            }
            Err(e) => {
                broken = true;
                let shown = e.to_string_in(super::i18n::lang());
                writeln!(out, "  -  {}{}", t("broken: "), safe_lines(&shown))
            }
        };
        // A failed write stops the listing; `finish` says why (or, for a closed pipe, not).
        if written.is_err() {
            break;
        }
    }
    drop(out);
    if broken {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The lesson `key` names: its id, or the number `lessons` lists it under (its `order`).
fn find_lesson<'a, E>(all: &'a [Result<Loaded, E>], key: &str) -> Option<&'a Loaded> {
    let lessons = || all.iter().flatten();
    lessons().find(|l| l.lesson.id == key).or_else(|| {
        let number: u32 = key.trim().parse().ok()?;
        lessons().find(|l| l.lesson.order == number)
    })
}

/// Runs `show`.
pub fn run_show(args: &ShowArgs) -> ExitCode {
    let all = match load(args.source.lessons.as_deref(), args.source.with_builtin) {
        Ok(all) => all,
        Err(e) => return fail(&e),
    };
    let Some(found) = find_lesson(&all, &args.id) else {
        return fail(&CliError::NoLesson {
            id: args.id.clone(),
            ids: all.iter().flatten().map(|l| l.lesson.id.clone()).collect(),
        });
    };
    let lang = super::i18n::lang();
    let mut problems = Vec::new();
    let lesson = super::i18n::localized(
        vec![found.lesson.clone()],
        lang,
        args.source.lessons.as_deref(),
        &mut problems,
    )
    .pop()
    .unwrap_or_else(|| found.lesson.clone());
    for p in &problems {
        warn(p);
    }
    // A lesson's shell steps run scripts: the same budget as `check` gives a lesson.
    let (text, stopped) = super::deadline::within(super::deadline::DEFAULT_LESSON_TIME_MS, || {
        render(
            &lesson,
            RenderOptions {
                width: args.width,
                answers: args.answers,
            },
            &Context {
                room: args.classroom.classroom(),
                lang,
            },
        )
    });
    if stopped.is_some() {
        return fail(
            &bson_tutor::query::error::QueryError::from(
                bson_tutor::query::interrupt::Stop::TimeLimit,
            )
            .into(),
        );
    }
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::IsTerminal::is_terminal(&std::io::stdout())
                && std::env::var_os("NO_COLOR").is_none()
        }
    };
    // The lesson's text comes from a file: its control characters are shown, not obeyed
    // (the colours are added after, and are the only escapes written).
    let text = escape_text(&text);
    let text = if color {
        colorize(&text)
    } else {
        text.into_owned()
    };
    match super::out::print(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&CliError::Output(e)),
    }
}

/// Runs `check`: exit 0 only when every lesson loads and every check holds.
///
/// The text summary's `failed` counts failed checks and broken files together; the JSON
/// report counts them apart (`failed`, `broken_files`).
pub fn run_check(args: &CheckArgs) -> ExitCode {
    let all = match load(args.dir.as_deref(), false) {
        Ok(all) => all,
        Err(e) => return fail(&e),
    };
    // JSON is for machines: its failures stay in English, the form they parse.
    let lang = match args.format {
        CheckFormat::Text => super::i18n::lang(),
        CheckFormat::Json => bson_tutor::strings::Lang::En,
    };
    let ctx = Context {
        room: args.classroom.classroom(),
        lang,
    };
    let mut passed = 0;
    let mut failures = Vec::new();
    let mut broken: Vec<&LoadError> = Vec::new();
    for l in &all {
        match l {
            Ok(l) => {
                // Each lesson under its own budget: a lesson that overruns fails at the step
                // it was on (check_lesson sees the stop), and the next one starts afresh.
                let (report, _) =
                    super::deadline::within(args.max_time_ms, || check_lesson(l, &ctx));
                passed += report.passed;
                failures.extend(report.failures);
            }
            Err(e) => broken.push(e),
        }
    }
    // Missing translations are warnings: the lesson still works, in English where a text is
    // not translated.
    let loaded: Vec<&Loaded> = all.iter().flatten().collect();
    for w in super::i18n::translation_warnings(&loaded, args.dir.as_deref()) {
        warn(&w);
    }
    // A failed write is kept for `finish`; the exit code says whether the lessons hold, as
    // it would have on a terminal (a closed pipe leaves it as it is).
    let mut out = super::out::stdout();
    match args.format {
        CheckFormat::Text => {
            // Failures first, in lesson order, then the files that did not load; what they
            // quote from the lessons is shown escaped.
            for f in &failures {
                let _ = writeln!(out, "FAIL {}", safe_lines(&f.to_string_in(lang)));
            }
            for e in &broken {
                let shown = e.to_string_in(super::i18n::lang());
                let _ = writeln!(out, "BROKEN {}", safe_lines(&shown));
            }
            let failed = failures.len() + broken.len();
            let _ = writeln!(
                out,
                "{}",
                tf(
                    "check: {passed} passed, {failed} failed",
                    &[&passed, &failed]
                )
            );
        }
        CheckFormat::Json => {
            let json = check_json(passed, &failures, &broken);
            let _ = out.write_all(super::out::escape_code(&json).as_bytes());
        }
    }
    drop(out);
    if failures.is_empty() && broken.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Runs `answer`: checks an answer to one exercise (or gives a hint, or reveals the answer
/// after a wrong attempt) and records it in the progress file. Exit 0 when correct.
///
/// A damaged or future-version progress file is refused and left where it is (exit 1):
/// a one-shot command does not rearrange files; `bson-tutor progress` moves it aside.
pub fn run_answer(args: &AnswerArgs) -> ExitCode {
    let run = || -> Result<bool, CliError> {
        let all = load(args.source.lessons.as_deref(), args.source.with_builtin)?;
        let loaded = find_lesson(&all, &args.lesson).ok_or_else(|| CliError::NoLessonToAnswer {
            id: args.lesson.clone(),
        })?;
        // Hints and explanations in the run's language; answers are the same in every one.
        let lang = super::i18n::lang();
        let mut problems = Vec::new();
        let dir = args.source.lessons.as_deref();
        let lesson = super::i18n::localized(vec![loaded.lesson.clone()], lang, dir, &mut problems)
            .pop()
            .unwrap_or_else(|| loaded.lesson.clone());
        for p in &problems {
            warn(p);
        }
        let count = lesson.exercises().count();
        let ex = args
            .number
            .checked_sub(1)
            .and_then(|i| lesson.exercises().nth(i))
            .ok_or_else(|| CliError::NoExercise {
                id: args.lesson.clone(),
                count,
            })?;
        let ctx = Context {
            room: args.classroom.classroom(),
            lang,
        };
        let store = args.progress.store();
        // Read without the lock, only to decide (the next hint, whether a reveal is allowed):
        // what is saved is this run's own attempt, hint or reveal (the progress journal),
        // added under the lock to whatever the file holds by then, so concurrent answers all
        // count and none replaces another's record.
        let mut progress = store.read()?;
        let id = &lesson.id;
        let n = args.number;
        let record = progress.record(id, n).cloned().unwrap_or_default();
        let mut changed = BTreeSet::new();
        progress.last = Some(Position {
            lesson: id.clone(),
            exercise: n,
        });
        let mut out = super::out::text_stdout();
        let correct = if args.hint {
            let next = record.hints as usize;
            match ex.hints.get(next) {
                Some(h) => {
                    let hint = fill_computed(h, &ctx)?;
                    let _ = writeln!(out, "{}{hint}", tf("hint {n}: ", &[&(next + 1)]));
                    progress.hinted(id, n);
                    changed.insert(progress::key(id, n));
                }
                None => {
                    let _ = writeln!(
                        out,
                        "{}",
                        tf("no more hints ({count} given)", &[&ex.hints.len()])
                    );
                }
            }
            true
        } else if args.reveal {
            if record.last_wrong.is_none() && record.status != Status::Revealed {
                return Err(CliError::RevealFirst);
            }
            let solution = solve(ex, &ctx)?;
            let why = fill_computed(&ex.explanation, &ctx)?;
            let _ = writeln!(out, "{}{}", t("answer: "), solution.text);
            let _ = writeln!(out, "{}{why}", t("why: "));
            progress.revealed(id, n);
            changed.insert(progress::key(id, n));
            true
        } else {
            let text = args.answer.as_deref().unwrap_or_default();
            // A `script` answer runs the learner's code: bounded like any evaluation.
            let (verdict, _) =
                super::deadline::within(super::deadline::DEFAULT_MAX_TIME_MS, || {
                    answer(ex, text, &ctx)
                });
            match verdict.outcome {
                Outcome::Right => {
                    let why = fill_computed(&ex.explanation, &ctx)?;
                    let _ = writeln!(out, "{}", tf("correct. {why}", &[&why]));
                }
                Outcome::Wrong => {
                    let _ = writeln!(out, "{}", tf("not yet: {feedback}", &[&verdict.feedback]));
                    let _ = writeln!(
                        out,
                        "{}",
                        t("(try again, `--hint` for a hint, or `--reveal` for the answer)")
                    );
                }
                Outcome::Unreadable => {
                    // A format slip: not an attempt, nothing recorded.
                    let _ = writeln!(
                        out,
                        "{}",
                        tf("not read as an answer: {feedback}", &[&verdict.feedback])
                    );
                    let _ = writeln!(out, "{}", t("(not counted as an attempt)"));
                    return Ok(false);
                }
            }
            progress.answered(id, n, text, verdict.correct());
            changed.insert(progress::key(id, n));
            verdict.correct()
        };
        store.save(&progress, &changed)?;
        if store.path().is_none() {
            warn(t(
                "progress not saved: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
            ));
        }
        Ok(correct)
    };
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => fail(&e),
    }
}
