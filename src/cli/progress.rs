//! `progress`: see the saved progress, erase it (`--reset`, asks first) or export one
//! student's results for a teacher (`--export json|csv`, read by `class summary`).

use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use bson_tutor::lesson::Loaded;
use bson_tutor::lesson::class::Export;
use bson_tutor::lesson::progress::{self, Position, Progress};

use super::fail;
use super::lesson::{ProgressFile, Source, load};
use super::store::Store;

/// `progress --export` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// One JSON object (what `class summary` reads).
    Json,
    /// A header line and one row per exercise (RFC 4180 quoting), for spreadsheets.
    Csv,
}

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
    let run = || -> Result<(), String> {
        let store = args.progress.store();
        let (progress, notice) = store.load()?;
        if let Some(n) = notice {
            eprintln!("note: {n}");
        }
        let all = load(args.source.lessons.as_deref(), args.source.with_builtin)?;
        let mut lessons: Vec<&Loaded> = all.iter().flatten().collect();
        lessons.sort_by_key(|l| l.lesson.order);
        if args.reset {
            reset(&store, progress, &lessons, args)
        } else {
            let text = progress_report(store.path(), &progress, &lessons);
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
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
fn progress_report(path: Option<&Path>, progress: &Progress, lessons: &[&Loaded]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = match path {
        Some(p) => writeln!(out, "progress file: {}", p.display()),
        None => writeln!(out, "progress file: none (kept in memory only)"),
    };
    let _ = match &progress.last {
        Some(Position {
            lesson,
            exercise: 0,
        }) => writeln!(out, "last position: {lesson}"),
        Some(Position { lesson, exercise }) => {
            writeln!(out, "last position: {lesson}, exercise {exercise}")
        }
        None => writeln!(out, "last position: none yet"),
    };
    let record_line = |out: &mut String, label: &str, r: &progress::Record| {
        let plural = |n: u32, word: &str| {
            if n == 1 {
                format!("{n} {word}")
            } else {
                format!("{n} {word}s")
            }
        };
        let _ = writeln!(
            out,
            "      {label:<12} {:<8}  {}, {}",
            r.status.label(),
            plural(r.attempts, "attempt"),
            plural(r.hints, "hint")
        );
    };
    let mut shown = BTreeSet::new();
    for l in lessons {
        let (id, count) = (&l.lesson.id, l.lesson.exercises().count());
        let _ = writeln!(
            out,
            "{:>3}. {}  ({id})  {}/{count} solved",
            l.lesson.order,
            l.lesson.title,
            progress.solved(id, count)
        );
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
            record_line(&mut out, &format!("exercise {n}"), r);
            shown.insert(k);
        }
    }
    let others: Vec<_> = progress
        .exercises
        .iter()
        .filter(|(k, _)| !shown.contains(k))
        .collect();
    if !others.is_empty() {
        let _ = writeln!(out, "records of lessons not loaded:");
        for (k, r) in others {
            record_line(&mut out, k, r);
        }
    }
    out
}

/// `progress --reset [--lesson ID]`: asks, then erases the file or the lesson's records.
fn reset(
    store: &Store,
    mut progress: Progress,
    lessons: &[&Loaded],
    args: &ProgressArgs,
) -> Result<(), String> {
    let path = store.path().ok_or(
        "no progress file to erase: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
    )?;
    let exists = path.exists();
    let (question, changed) = match &args.lesson {
        None => {
            if !exists {
                println!("nothing to erase: {} does not exist", path.display());
                return Ok(());
            }
            (format!("Erase all progress in {}?", path.display()), None)
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
                return Err(format!(
                    "no lesson `{id}` and no progress recorded for it (see `bson-tutor progress`)"
                ));
            }
            changed.extend((1..=count.unwrap_or(0)).map(|n| progress::key(id, n)));
            if !exists {
                println!("nothing to erase: {} does not exist", path.display());
                return Ok(());
            }
            (
                format!("Erase the progress of lesson `{id}` in {}?", path.display()),
                Some(changed),
            )
        }
    };
    if !args.yes {
        eprint!("{question} [y/N] ");
        let _ = std::io::stderr().flush();
        let mut line = String::new();
        let read = std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(|e| format!("reading the answer from standard input: {e}"))?;
        if read == 0 {
            eprintln!();
            return Err(
                "no answer on standard input: nothing erased (--yes erases without asking)".into(),
            );
        }
        if !matches!(line.trim().to_ascii_lowercase().as_str(), "y" | "yes") {
            println!("nothing erased");
            return Ok(());
        }
    }
    match changed {
        None => {
            if store.erase()? {
                println!("erased {}", path.display());
            } else {
                println!("nothing to erase: {} does not exist", path.display());
            }
        }
        Some(changed) => {
            // Leave the resume position to the instances that move it.
            progress.last = None;
            store.save(&progress, &changed)?;
            let id = args.lesson.as_deref().unwrap_or_default();
            println!("erased the progress of lesson `{id}` in {}", path.display());
        }
    }
    Ok(())
}

/// `progress --export`: one student's results on standard output. A damaged progress file
/// is refused and left where it is (exit 1): an export does not rearrange files.
fn run_export(args: &ProgressArgs, format: ExportFormat) -> ExitCode {
    let run = || -> Result<String, String> {
        let progress = args.progress.store().read()?;
        let all = load(args.source.lessons.as_deref(), args.source.with_builtin)?;
        for e in all.iter().filter_map(|l| l.as_ref().err()) {
            eprintln!("warning: not exported, the lesson does not load: {e}");
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
            eprintln!(
                "note: {} record(s) of lessons or exercises not loaded are not exported",
                recorded - with_record
            );
        }
        Ok(match format {
            ExportFormat::Json => export.to_json(),
            ExportFormat::Csv => export.to_csv(),
        })
    };
    match run() {
        Ok(text) => {
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}
