//! `progress`: see the saved progress, erase it (`--reset`, asks first) or export one
//! student's results for a teacher (`--export json|csv`, read by `class summary`).

use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use bson_tutor::lesson::class::Export;
use bson_tutor::lesson::progress::summary::Course;
use bson_tutor::lesson::progress::{self, Position, Progress};
use bson_tutor::lesson::review;
use bson_tutor::lesson::{Lesson, Loaded};

use bson_tutor::strings::localize::{Localize, one_other};
use bson_tutor::strings::pad;

use super::args::ExportFormat;
use super::error::{CliError, fail};
use super::i18n::{lang, note, t, tf, warn};
use super::lesson::{ProgressFile, Source, load};
use super::out::{err, errln, outln};
use super::store::Store;

/// Arguments of `progress`.
#[derive(Debug, clap::Args)]
pub struct ProgressArgs {
    /// Erase the saved progress (asks first, on standard error; only `y` or `yes` erases).
    #[arg(long)]
    pub reset: bool,
    /// With --reset: erase only this lesson's records.
    #[arg(long, value_name = "ID", requires = "reset")]
    pub lesson: Option<String>,
    /// With --reset: erase without asking.
    #[arg(long, short = 'y', requires = "reset")]
    pub yes: bool,
    /// Write this student's results to standard output, every exercise of every lesson
    /// (pending ones too), for `bson-tutor class summary`.
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "reset")]
    pub export: Option<ExportFormat>,
    /// With --export: the student's name (default: $USER, else `student`).
    #[arg(long, value_name = "NAME", requires = "export")]
    pub student: Option<String>,
    /// List the exercises due for review instead: each one revealed, or solved only after
    /// two or more wrong answers (the tutorial's `R` shows them again, with fresh values
    /// where the lesson allows).
    #[arg(long, conflicts_with_all = ["reset", "export"])]
    pub review: bool,
    /// Where lessons come from (for titles and course order).
    #[command(flatten)]
    pub source: Source,
    /// Where progress is kept.
    #[command(flatten)]
    pub progress: ProgressFile,
}

/// Runs `progress`: shows the saved progress, or erases it with `--reset`. A damaged or
/// future-version file is moved aside first, with a message on standard error.
pub fn run_progress(args: &ProgressArgs) -> ExitCode {
    if let Some(format) = args.export {
        return run_export(args, format);
    }
    let run = || -> Result<(), CliError> {
        let store = args.progress.store();
        let (progress, notice) = store.load()?;
        if let Some(n) = notice {
            note(&n.to_string_in(lang()));
        }
        let all = load(args.source.lessons.as_deref(), args.source.with_builtin)?;
        let mut lessons: Vec<&Loaded> = all.iter().flatten().collect();
        lessons.sort_by_key(|l| l.lesson.order);
        if args.reset {
            reset(&store, progress, &lessons, args)
        } else {
            // Titles in the run's language; ids and numbers are the same in every one.
            let mut problems = Vec::new();
            let localized = super::i18n::localized(
                lessons.iter().map(|l| l.lesson.clone()).collect(),
                lang(),
                args.source.lessons.as_deref(),
                &mut problems,
            );
            for p in &problems {
                warn(p);
            }
            let text = if args.review {
                review_report(&progress, &localized)
            } else {
                progress_report(store.path(), &progress, &localized)
            };
            let _ = super::out::text_stdout().write_all(text.as_bytes());
            Ok(())
        }
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// The saved progress as a person reads it: the file, the last position, then each lesson
/// in course order with its solved count and a line per exercise with a record; records of
/// lessons not loaded come last.
fn progress_report(path: Option<&Path>, progress: &Progress, lessons: &[Lesson]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = match path {
        Some(p) => writeln!(out, "{}", tf("progress file: {path}", &[&p.display()])),
        None => writeln!(out, "{}", t("progress file: none (kept in memory only)")),
    };
    let _ = match &progress.last {
        Some(Position {
            lesson,
            exercise: 0,
        }) => writeln!(out, "{}", tf("last position: {lesson}", &[lesson])),
        Some(Position { lesson, exercise }) => writeln!(
            out,
            "{}",
            tf(
                "last position: {lesson}, exercise {exercise}",
                &[lesson, exercise]
            )
        ),
        None => writeln!(out, "{}", t("last position: none yet")),
    };
    let record_line = |out: &mut String, label: &str, r: &progress::Record| {
        let count = |n: u32, one: &'static str, other: &'static str| {
            tf(one_other(lang(), u64::from(n), one, other), &[&n])
        };
        let attempts = count(r.attempts, "{n} attempt", "{n} attempts");
        let hints = count(r.hints, "{n} hint", "{n} hints");
        let _ = writeln!(
            out,
            "      {} {}  {}",
            pad(label, 12),
            pad(t(r.status.label()), 8),
            tf("{attempts}, {hints}", &[&attempts, &hints])
        );
    };
    let mut shown = BTreeSet::new();
    let course = Course::new(lessons, progress);
    for (i, l) in lessons.iter().enumerate() {
        let (id, count) = (&l.id, l.exercises().count());
        // Revealed is not solved: a lesson is complete (✓) only when every exercise is.
        let revealed = course
            .lessons
            .iter()
            .find(|t| t.lesson == i)
            .map_or(0, |t| t.revealed);
        let mut counts = tf(
            "{solved}/{total} solved",
            &[&progress.solved(id, count), &count],
        );
        if revealed > 0 {
            counts = format!("{counts}, {}", tf("{n} revealed", &[&revealed]));
        }
        if progress.complete(id, count) {
            counts.push_str(" ✓");
        }
        let _ = writeln!(out, "{:>3}. {}  ({id})  {counts}", l.order, l.title);
        let mut mine: Vec<(usize, &String, &progress::Record)> = progress
            .exercises
            .iter()
            .filter_map(|(k, r)| match progress::split_key(k) {
                Some((lesson, n)) if lesson == id => Some((n, k, r)),
                _ => None,
            })
            .collect();
        mine.sort_by_key(|&(n, ..)| n);
        for (n, k, r) in mine {
            record_line(&mut out, &tf("exercise {n}", &[&n]), r);
            shown.insert(k);
        }
    }
    let others: Vec<_> = progress
        .exercises
        .iter()
        .filter(|(k, _)| !shown.contains(k))
        .collect();
    if !others.is_empty() {
        let _ = writeln!(out, "{}", t("records of lessons not loaded:"));
        for (k, r) in others {
            record_line(&mut out, k, r);
        }
    }
    // The summary once the learner has started: an answer, a hint or a reveal on the course.
    let started = course.attempts > 0 || course.hints > 0 || course.revealed() > 0;
    if course.exercises() > 0 && started {
        let heading = if course.complete() {
            t("course complete:")
        } else {
            t("course:")
        };
        let _ = writeln!(out, "\n{heading}");
        for line in course.lines(lang()) {
            let _ = writeln!(out, "  {line}");
        }
        let due = course.review();
        if due > 0 {
            let key = one_other(
                lang(),
                due as u64,
                "{n} exercise to review: `bson-tutor progress --review` lists it",
                "{n} exercises to review: `bson-tutor progress --review` lists them",
            );
            let _ = writeln!(out, "  {}", tf(key, &[&due]));
        }
    }
    out
}

/// The exercises due for review, in course order: each with its lesson, why it is due, and
/// whether it comes back with fresh values; then how to review them.
fn review_report(progress: &Progress, lessons: &[Lesson]) -> String {
    use std::fmt::Write as _;
    let items = review::items(lessons, progress);
    let mut out = String::new();
    if items.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            tf(
                "nothing to review: no answer revealed, and no exercise solved after {n} or more wrong answers",
                &[&review::MISSED_AFTER]
            )
        );
        return out;
    }
    let key = one_other(
        lang(),
        items.len() as u64,
        "{n} exercise to review:",
        "{n} exercises to review:",
    );
    let _ = writeln!(out, "{}", tf(key, &[&items.len()]));
    let names: Vec<String> = items
        .iter()
        .map(|i| format!("{} #{}", lessons[i.lesson].id, i.exercise))
        .collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    for (item, name) in items.iter().zip(&names) {
        let lesson = &lessons[item.lesson];
        let why = match item.reason {
            review::Reason::Revealed => t("revealed").to_owned(),
            review::Reason::Missed { wrong } => tf("solved after {n} wrong answers", &[&wrong]),
        };
        let mut line = format!(
            "  {}  {}  ({}. {})",
            pad(name, width),
            why,
            lesson.order,
            lesson.title
        );
        if let Some([lo, hi]) = item.vary {
            line.push_str(&format!(
                "  {}",
                tf("fresh values: seeds {lo} to {hi}", &[&lo, &hi])
            ));
        }
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "{}",
        t(
            "In the tutorial (`bson-tutor`), R shows them again one by one; a right answer there solves them."
        )
    );
    out
}

/// `progress --reset [--lesson ID]`: asks, then erases the file or the lesson's records.
fn reset(
    store: &Store,
    mut progress: Progress,
    lessons: &[&Loaded],
    args: &ProgressArgs,
) -> Result<(), CliError> {
    let path = store.path().ok_or(CliError::NoProgressFile)?;
    let exists = path.exists();
    let (question, changed) = match &args.lesson {
        None => {
            if !exists {
                outln!(
                    "{}",
                    tf(
                        "nothing to erase: {path} does not exist",
                        &[&path.display()]
                    )
                );
                return Ok(());
            }
            (
                tf("Erase all progress in {path}?", &[&path.display()]),
                None,
            )
        }
        Some(id) => {
            let mut changed = progress.reset_lesson(id);
            // Every exercise of the lesson, so records another instance saved since this
            // one loaded are erased too.
            let count = lessons
                .iter()
                .find(|l| &l.lesson.id == id)
                .map(|l| l.lesson.exercises().count());
            if count.is_none() && changed.is_empty() {
                return Err(CliError::NoLessonNoProgress { id: id.clone() });
            }
            for n in 1..=count.unwrap_or(0) {
                progress.reset_exercise(id, n);
                changed.insert(progress::key(id, n));
            }
            if !exists {
                outln!(
                    "{}",
                    tf(
                        "nothing to erase: {path} does not exist",
                        &[&path.display()]
                    )
                );
                return Ok(());
            }
            (
                tf(
                    "Erase the progress of lesson `{id}` in {path}?",
                    &[id, &path.display()],
                ),
                Some(changed),
            )
        }
    };
    if !args.yes {
        err!("{question} {} ", t("[y/N]"));
        let _ = std::io::stderr().flush();
        let mut line = String::new();
        let read = std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(CliError::ReadAnswer)?;
        if read == 0 {
            errln!();
            return Err(CliError::NoAnswer);
        }
        if !yes(&line) {
            outln!("{}", t("nothing erased"));
            return Ok(());
        }
    }
    match changed {
        None => {
            if store.erase()? {
                outln!("{}", tf("erased {path}", &[&path.display()]));
            } else {
                outln!(
                    "{}",
                    tf(
                        "nothing to erase: {path} does not exist",
                        &[&path.display()]
                    )
                );
            }
        }
        Some(changed) => {
            // Leave the resume position to the instances that move it.
            progress.last = None;
            store.save(&progress, &changed)?;
            let id = args.lesson.as_deref().unwrap_or_default();
            outln!(
                "{}",
                tf(
                    "erased the progress of lesson `{id}` in {path}",
                    &[&id, &path.display()]
                )
            );
        }
    }
    Ok(())
}

/// `progress --export`: one student's results on standard output. A damaged progress file
/// is refused and left where it is (exit 1): an export does not rearrange files.
fn run_export(args: &ProgressArgs, format: ExportFormat) -> ExitCode {
    let run = || -> Result<String, CliError> {
        let progress = args.progress.store().read()?;
        let all = load(args.source.lessons.as_deref(), args.source.with_builtin)?;
        for e in all.iter().filter_map(|l| l.as_ref().err()) {
            warn(&tf(
                "not exported, the lesson does not load: {display_in}",
                &[&e.display_in(lang())],
            ));
        }
        let mut lessons: Vec<&Loaded> = all.iter().flatten().collect();
        lessons.sort_by_key(|l| l.lesson.order);
        let student = args
            .student
            .clone()
            .or_else(|| std::env::var("USER").ok().filter(|u| !u.trim().is_empty()))
            .unwrap_or_else(|| "student".to_owned());
        let lessons: Vec<_> = lessons.iter().map(|l| &l.lesson).collect();
        let export = Export::new(&student, &lessons, &progress);
        let recorded = progress.exercises.len();
        let with_record = export
            .exercises
            .iter()
            .filter(|e| progress.record(&e.lesson, e.exercise).is_some())
            .count();
        if with_record < recorded {
            let n = recorded - with_record;
            let key = one_other(
                lang(),
                n as u64,
                "{record} record of a lesson or exercise not loaded is not exported",
                "{records} records of lessons or exercises not loaded are not exported",
            );
            note(&tf(key, &[&n]));
        }
        Ok(match format {
            // JSON escapes in its own syntax; CSV has none, so its controls show as `\u{1b}`.
            ExportFormat::Json => super::out::escape_code(&export.to_json()).into_owned(),
            ExportFormat::Csv => super::out::escape_csv(&export.to_csv()),
        })
    };
    match run() {
        // A failed write is reported by `error::finish` (a closed pipe is not).
        Ok(text) => {
            let _ = super::out::print(&text);
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}

/// Whether a typed answer means yes: `y` or `yes`, or the yes of the run's language.
fn yes(line: &str) -> bool {
    let word = line.trim().to_lowercase();
    ["y", "yes"].contains(&word.as_str()) || t("yes").split('|').any(|w| w == word)
}
