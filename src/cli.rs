//! The command line: clap definitions and what each command does with the library's results.
//! This is the only place that reads files, prints and picks exit codes.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod args;
mod browse;
mod class;
mod console;
mod deadline;
mod error;
mod help;
mod i18n;
mod inspect;
mod lesson;
mod out;
mod pack;
mod progress;
mod query;
mod source;
mod store;
mod tui;
mod update;

use bson_tutor::bson::datetime::{NoOffset, parse_iso_with};
use bson_tutor::bson::ejson::{self, Mode};
use bson_tutor::bson::generate::SeededGenerator;
use bson_tutor::bson::oid::{self, ObjectId};
use bson_tutor::bson::shell::{self, Parsed};
use bson_tutor::bson::text::{self, Syntax};
use bson_tutor::bson::{ParseError, Value, encode_document, hex};
use bson_tutor::inspect::View;
use bson_tutor::query::expr;
use bson_tutor::strings::localize::Localize;

use error::{CliError, Place, fail};

/// The most ids one `oid` run makes (`--count` times `--processes`): a million sorts in
/// well under a second and takes 25 MB of memory; a hundred million would take gigabytes.
pub const MAX_IDS: u64 = 1_000_000;

/// The most text read for one document (a line of `inspect --file` text) or one text file
/// of documents (`--docs`): four times a document's 16 MiB, room for a largest document
/// written as hex with spaces or as Extended JSON.
pub const TEXT_MAX: u64 = 4 * bson_tutor::bson::spec::MAX_DOCUMENT_SIZE as u64;

/// `bson-tutor --help`'s closing words: how to start the tutorial, and what the claim labels
/// of the lessons mean (the first lesson says it too).
pub const CLAIMS_HELP: &str = "With no command, bson-tutor opens the interactive tutorial \
    (press ? in it for the keys).

Lessons mark how sure a statement is with a label before it:
  [documented]             MongoDB's documentation or the BSON specification says so: rely on it
  [observed]               seen on a real server: check it again on your own version
  [implementation detail]  how the server or mongosh does it today, not a promise
  [simplified model]       a picture to think with, simpler than the real mechanism";

/// A terminal tutorial on what MongoDB data really is: BSON bytes, types, order and ObjectIds.
#[derive(Debug, Parser)]
#[command(name = "bson-tutor", version, about, long_about = None)]
#[command(after_help = CLAIMS_HELP)]
pub struct Cli {
    /// What to do (none: the interactive tutorial).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of the interactive tutorial.
    #[command(flatten)]
    pub tui: tui::TuiArgs,
    /// The language of the lessons, the interface and every command's messages: en, vi or
    /// zh (default: from the locale, LC_ALL / LC_MESSAGES / LANG, else the system's language). A
    /// text not translated yet shows in English; values, ids and the server's own error messages
    /// are never translated.
    #[arg(long, global = true, value_name = "LANG", value_parser = i18n::parse_lang)]
    pub lang: Option<bson_tutor::strings::Lang>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Walk the bytes of BSON documents: what every length, type byte, key and value means.
    ///
    /// Reads one document, or several concatenated ones as in a mongodump .bson file.
    #[command(after_help = "Examples:\n  \
        bson-tutor inspect --hex \"0c 00 00 00 10 61 00 01 00 00 00 00\"\n  \
        bson-tutor inspect --file dump/lab/hex.bson --to dump\n  \
        cat doc.bson | bson-tutor inspect --file - --to spans")]
    Inspect(InspectArgs),
    /// Evaluate an aggregation expression on literals, as the server would.
    ///
    /// The expression is mongosh syntax or Extended JSON; the result prints in shell syntax.
    #[command(after_help = "Examples:\n  \
        bson-tutor eval '{ $add: [0.1, 0.2] }'\n  \
        bson-tutor eval '{ $add: [NumberDecimal(\"0.1\"), NumberDecimal(\"0.2\")] }'\n  \
        bson-tutor eval '{ $sum: [[0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1]] }'\n  \
        bson-tutor eval '{ $dateToString: { date: ISODate(\"2026-10-08T10:00:00Z\"), format: \"%H:%M\", timezone: \"Asia/Ho_Chi_Minh\" } }'")]
    Eval(EvalArgs),
    /// Find documents with a filter, as the server would (type bracketing, arrays, null).
    #[command(after_help = "Examples:\n  \
        bson-tutor find --docs '[{ _id: 1, userId: 42 }, { _id: 2, userId: \"42\" }]' '{ userId: 42 }'\n  \
        bson-tutor find --docs orders.json '{ userId: { $gt: 0 } }' --ids --explain\n  \
        bson-tutor find --docs dump/lab/mixed.bson --sort '{ v: 1, _id: 1 }' --ids")]
    Find(query::FindArgs),
    /// Run an aggregation pipeline over documents.
    #[command(after_help = "Examples:\n  \
        bson-tutor aggregate '[{ $documents: [{ a: 1 }] }, { $project: { size: { $bsonSize: \"$$ROOT\" } } }]'\n  \
        bson-tutor aggregate --docs orders.json '[{ $group: { _id: { $type: \"$userId\" }, n: { $sum: 1 } } }, { $sort: { _id: 1 } }]'")]
    Aggregate(query::AggregateArgs),
    /// Update documents as the server would, then print the collection.
    ///
    /// The result mongosh prints for the call (matched, modified, upserted) goes to standard
    /// error; the documents after the update to standard output.
    #[command(after_help = "Examples:\n  \
        bson-tutor update --docs '[{ _id: 1, grades: [95, 110, 100] }]' '{}' '{ $set: { \"grades.$[g]\": 100 } }' --array-filters '[{ g: { $gte: 100 } }]'\n  \
        bson-tutor update --docs '[{ _id: 1, votes: [3, 5, 6, 7, 7, 8] }]' '{ _id: 1 }' '{ $pull: { votes: { $gte: 6 } } }'\n  \
        bson-tutor update --docs orders.json '{ \"items.sku\": \"A\" }' '{ $inc: { \"items.$.qty\": 1 } }' --multi")]
    Update(update::UpdateArgs),
    /// Make ObjectIds the way a driver does, or take one apart.
    ///
    /// An ObjectId is 4 bytes of seconds, a 5-byte random value drawn once per process and a
    /// 3-byte counter that starts at a random value: ids from one process grow, but within a
    /// second ids from two processes sort by their random values, not by who came first.
    #[command(after_help = "Examples:\n  \
        bson-tutor oid 6ac711ed454f588ca2d05d4b\n  \
        bson-tutor oid --count 5 --split\n  \
        bson-tutor oid --seed 1 --at 2026-10-08T03:46:09Z --processes 2 --count 3 --split --sort")]
    Oid(OidArgs),
    /// List the lessons: order, id, title and number of exercises.
    Lessons(lesson::LessonsArgs),
    /// Show a lesson as plain text, every figure computed now.
    Show(lesson::ShowArgs),
    /// Check lessons: every step computes, every `expect` is the engine's answer, every
    /// `reject` is refused. Exits 1 on any failure.
    Check(lesson::CheckArgs),
    /// Answer an exercise from the terminal; progress is saved and `lessons` shows it.
    #[command(after_help = "Examples:\n  \
        bson-tutor answer bytes 1 36\n  \
        bson-tutor answer bytes 2 --hint\n  \
        bson-tutor answer bytes 2 --reveal")]
    Answer(lesson::AnswerArgs),
    /// Show the saved progress (the file, the last position, each lesson's exercises), or
    /// erase it with --reset (asks first).
    #[command(after_help = "Examples:\n  \
        bson-tutor progress\n  \
        bson-tutor progress --reset\n  \
        bson-tutor progress --reset --lesson bytes --yes")]
    Progress(progress::ProgressArgs),
    /// A class's results: `class summary FILE...` merges students' `progress --export json`
    /// files into a table per exercise and a bar chart of solved %.
    #[command(subcommand)]
    #[command(after_help = "Examples:\n  \
        bson-tutor progress --export json --student alice > alice.json\n  \
        bson-tutor class summary results/*.json")]
    Class(class::ClassCommand),
    /// Start a teacher's pack: `new lesson ID` writes a commented lesson skeleton that
    /// passes `check`.
    #[command(after_help = "Examples:\n  \
        bson-tutor new lesson demo\n  \
        bson-tutor new lesson demo --dir my-pack && bson-tutor check my-pack")]
    New(pack::NewArgs),
    /// Browse a dump in the hex view: a .bson file of any size, read by window.
    ///
    /// The document list with offsets and sizes, jumps to a document or a byte, a filter
    /// that finds the next matching document (and says why the current one does not).
    #[command(after_help = "Examples:\n  \
        bson-tutor browse dump/shop/orders.bson\n  \
        bson-tutor browse dump/shop/orders.bson --filter '{ status: \"A\", qty: { $gt: 5 } }'")]
    Browse(browse::BrowseArgs),
    /// Run mongosh scripts offline, over the tutorial's engine, or type them in a REPL.
    ///
    /// A real JavaScript engine with mongosh's API (db, getSiblingDB, insertOne, find, sort,
    /// aggregate, printjson, EJSON, ObjectId, NumberLong...), no server needed. Each run is
    /// one client process: --seed makes its ObjectIds reproducible.
    #[command(after_help = "Examples:\n  \
        bson-tutor shell\n  \
        bson-tutor shell --eval 'db.t.insertOne({ v: 42.0 }); db.t.aggregate([{ $project: { t: { $type: \"$v\" } } }])'\n  \
        bson-tutor shell wallet.js --seed 1 --now 2026-10-08T03:45:49Z\n  \
        bson-tutor shell --data lab seed.js && bson-tutor inspect lab")]
    Shell(console::ShellArgs),
    /// Print a shell completion script to standard output.
    #[command(after_help = "Examples:\n  \
        bson-tutor completions bash > ~/.local/share/bash-completion/completions/bson-tutor\n  \
        bson-tutor completions zsh > ~/.zfunc/_bson-tutor\n  \
        bson-tutor completions fish > ~/.config/fish/completions/bson-tutor.fish")]
    Completions(pack::CompletionsArgs),
    /// Print the man page (roff) to standard output.
    #[command(after_help = "Example:\n  bson-tutor man | man -l -")]
    Man,
}

/// Arguments of `inspect`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["document", "hex", "file"])))]
pub struct InspectArgs {
    /// A document as text: mongosh syntax ('{ _id: 1, n: NumberLong("5") }') or Extended JSON
    /// ('{"n": {"$numberLong": "5"}}'); JSON is read as Extended JSON, anything else as shell.
    #[arg(value_name = "DOCUMENT")]
    pub document: Option<String>,
    /// How to read the input: raw BSON bytes, or text with one document per line.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<FromFormat>,
    /// The bytes as hex digits; spaces, commas, newlines and 0x prefixes are allowed.
    #[arg(long, value_name = "HEX")]
    pub hex: Option<String>,
    /// A file of raw BSON, or - for standard input.
    #[arg(long, value_name = "PATH")]
    pub file: Option<PathBuf>,
    /// How to show the documents.
    #[arg(long, value_enum, default_value_t = ToFormat::Table)]
    pub to: ToFormat,
    /// Indent JSON views instead of printing one document per line.
    #[arg(long)]
    pub pretty: bool,
    /// Validate every document of --file and report each damaged one by its number and byte
    /// offset with the reason; exit 1 if any is damaged.
    #[arg(long, requires = "file", conflicts_with = "salvage")]
    pub check: bool,
    /// Like --check, but go on after damage from the next document that reads, and print
    /// the documents recovered (in --to's view); the report goes to standard error.
    #[arg(long, requires = "file")]
    pub salvage: bool,
    /// Only this collection of a mongodump --archive, as DB.COLLECTION.
    #[arg(long, value_name = "DB.COLLECTION", requires = "file")]
    pub ns: Option<String>,
}

/// Arguments of `oid`.
#[derive(Debug, clap::Args)]
pub struct OidArgs {
    /// An ObjectId to take apart (24 hex digits; `ObjectId('...')` as mongosh prints it is
    /// fine too). Without it, new ids are made.
    #[arg(
        value_name = "ID",
        conflicts_with_all = ["count", "seed", "at", "processes", "split", "sort"]
    )]
    pub id: Option<String>,
    /// How many ids each process makes.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub count: u32,
    /// Draw the processes' random values and counter starts from this seed, so a run can be
    /// repeated (add --at to fix the time as well).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The time the ids are made at, as ISO-8601 (2026-10-08T03:45:49Z); ObjectIds keep only
    /// the whole seconds. Default: now.
    #[arg(long, value_name = "ISO-TIME")]
    pub at: Option<String>,
    /// Interleave this many processes (A, B, ...), each with its own random value and
    /// counter, and label each id with the process that made it.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=26))]
    pub processes: u8,
    /// Print each id as timestamp | random value | counter.
    #[arg(long)]
    pub split: bool,
    /// Print the ids in sorted order, as `sort({ _id: 1 })` returns them.
    #[arg(long)]
    pub sort: bool,
}

/// Arguments of `eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// The expression, e.g. '{ $add: [0.1, 0.2] }'.
    #[arg(value_name = "EXPRESSION")]
    pub expression: String,
    /// A document whose fields the expression's field paths ("$qty") read.
    #[arg(long, value_name = "DOCUMENT")]
    pub doc: Option<String>,
    /// How to print the result.
    #[arg(long, value_enum, default_value_t = EvalTo::Shell)]
    pub to: EvalTo,
    /// How to read the expression and --doc (default: Extended JSON if it is valid JSON,
    /// mongosh syntax otherwise).
    #[arg(long, value_enum)]
    pub from: Option<TextFormat>,
    /// Stop after this many milliseconds, as the server stops an operation at maxTimeMS,
    /// with its error (`operation exceeded time limit`); 0: no limit.
    #[arg(long, value_name = "MS", default_value_t = deadline::DEFAULT_MAX_TIME_MS)]
    pub max_time_ms: u64,
}

/// How `eval`, `find` and `aggregate` read their text arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TextFormat {
    /// mongosh syntax (JavaScript number rules: `1.0` is an int).
    Shell,
    /// Extended JSON, canonical or relaxed.
    Ejson,
}

/// `eval --to` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EvalTo {
    /// As mongosh prints it: 0.30000000000000004, Decimal128('0.3').
    Shell,
    /// Canonical Extended JSON.
    Ejson,
    /// Relaxed Extended JSON.
    Relaxed,
}

/// `--from` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FromFormat {
    /// Raw BSON (the default for --file).
    Bson,
    /// Hex digits, one document per line (the default for --hex).
    Hex,
    /// Extended JSON, canonical or relaxed, one document per line.
    Ejson,
    /// mongosh syntax, one document per line.
    Shell,
}

/// `--to` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ToFormat {
    /// offset | bytes (hex) | meaning, one row per length, type byte, key, value, terminator.
    Table,
    /// Offsets, 16 bytes a row and an ASCII column, like xxd or od.
    Dump,
    /// Each document re-encoded by bson-tutor's encoder as lowercase hex, one per line.
    Hex,
    /// The element span tree as JSON, one document per line.
    Spans,
    /// Canonical Extended JSON, one document per line: every type kept.
    Ejson,
    /// Relaxed Extended JSON: plain numbers and ISO dates; a long reads back as the smallest integer type that holds it.
    Relaxed,
    /// The way mongosh prints documents: { _id: 1, n: Long('5') }.
    Shell,
    /// LOSSY: relaxed as mongosh's EJSON.stringify prints it (int64 and double through a JS number: Double(42) prints 42).
    RelaxedJs,
    /// LOSSY: JSON.stringify of the shell's objects (ObjectId and Date become strings).
    Stringify,
}

impl ToFormat {
    fn view(self, pretty: bool) -> View {
        let json = |mode| View::Json { mode, pretty };
        match self {
            ToFormat::Table => View::Table,
            ToFormat::Dump => View::Dump,
            ToFormat::Hex => View::Hex,
            ToFormat::Spans => View::Spans,
            ToFormat::Ejson => json(Mode::Canonical),
            ToFormat::Relaxed => json(Mode::Relaxed),
            ToFormat::Shell => View::Shell { pretty },
            ToFormat::RelaxedJs => json(Mode::RelaxedJs),
            ToFormat::Stringify => json(Mode::Stringify),
        }
    }
}

/// Runs a parsed command line, in the language [`Cli::parse_localized`] fixed from `--lang`
/// (read before clap parses, so the help is in it too) or the locale. A failed write to
/// standard output ends the run as [`error::finish`] says: quietly for a closed pipe, with one
/// line and exit 1 for anything else.
pub fn run(cli: Cli) -> ExitCode {
    // Every console of this run (the shell, the tutorial's panel, lessons' scripts in
    // `check`, `answer` and `show`) runs in a worker process that can be ended.
    if let Some(command) = console::worker::command() {
        bson_tutor::shell::sandbox::use_worker(command);
    }
    error::finish(dispatch(cli))
}

/// The argument that makes this binary a console's worker process.
pub const CONSOLE_WORKER: &str = console::worker::ARG;

/// A console's worker process (see [`bson_tutor::shell::sandbox`]).
pub fn console_worker(args: &[std::ffi::OsString]) -> ExitCode {
    console::worker::main(args)
}

fn dispatch(cli: Cli) -> ExitCode {
    if let (Some(_), Some(flag)) = (&cli.command, cli.tui.given()) {
        return fail(&CliError::TutorialOption { flag });
    }
    match cli.command {
        None => tui::run(&cli.tui),
        Some(Command::Inspect(args)) => run_inspect(&args),
        Some(Command::Eval(args)) => run_eval(&args),
        Some(Command::Find(args)) => query::run_find(&args),
        Some(Command::Aggregate(args)) => query::run_aggregate(&args),
        Some(Command::Update(args)) => update::run_update(&args),
        Some(Command::Oid(args)) => run_oid(&args),
        Some(Command::Lessons(args)) => lesson::run_lessons(&args),
        Some(Command::Show(args)) => lesson::run_show(&args),
        Some(Command::Check(args)) => lesson::run_check(&args),
        Some(Command::Answer(args)) => lesson::run_answer(&args),
        Some(Command::Progress(args)) => progress::run_progress(&args),
        Some(Command::Class(command)) => class::run(&command),
        Some(Command::New(args)) => pack::run_new(&args),
        Some(Command::Browse(args)) => browse::run(&args),
        Some(Command::Shell(args)) => console::run(&args),
        Some(Command::Completions(args)) => pack::run_completions(&args),
        Some(Command::Man) => pack::run_man(),
    }
}

fn run_inspect(args: &InspectArgs) -> ExitCode {
    let view = args.to.view(args.pretty);
    // A dump folder given as the argument is listed.
    if let Some(doc) = &args.document
        && args.from.is_none()
        && std::path::Path::new(doc).is_dir()
    {
        return inspect::run_file(std::path::Path::new(doc), view, None, None);
    }
    if let Some(path) = &args.file {
        if args.from.is_some_and(|f| f != FromFormat::Bson) && (args.check || args.salvage) {
            return fail(&CliError::ScanNeedsBson);
        }
        return match args.from.unwrap_or(FromFormat::Bson) {
            FromFormat::Bson => {
                let scan = match (args.check, args.salvage) {
                    (true, _) => Some(bson_tutor::dump::Mode::Check),
                    (_, true) => Some(bson_tutor::dump::Mode::Salvage),
                    _ => None,
                };
                inspect::run_file(path, view, scan, args.ns.as_deref())
            }
            FromFormat::Hex => inspect::run_lines(path, view, |line| Ok(hex::decode(line)?)),
            FromFormat::Ejson => {
                inspect::run_lines(path, view, |line| encode_text(line, None, Syntax::Ejson))
            }
            FromFormat::Shell => {
                inspect::run_lines(path, view, |line| encode_text(line, None, Syntax::Shell))
            }
        };
    }
    let input = match read_input(args) {
        Ok(bytes) => bytes,
        Err(e) => return fail(&e),
    };
    print_inspection(&input, view)
}

/// The view of a whole input, as `inspect` has always shown it: the text for the documents
/// that read, then the error that stopped it.
fn print_inspection(input: &[u8], view: View) -> ExitCode {
    let result = bson_tutor::inspect::inspect(input, view, i18n::lang());
    if let Err(e) = out::print(&out::escape_code(&result.text)) {
        return fail(&CliError::Output(e));
    }
    match result.error {
        Some(e) => fail(&e.into()),
        None => ExitCode::SUCCESS,
    }
}

/// `oid`: take one id apart, or generate ids from seeded or random processes.
fn run_oid(args: &OidArgs) -> ExitCode {
    let mut stdout = out::stdout();
    let written = match &args.id {
        Some(text) => bson_tutor::lesson::compute::oid_anatomy(text, i18n::lang())
            .map(|s| stdout.write_all(escape_line_keep(&s).as_bytes()))
            .map_err(CliError::from),
        None => write_new_oids(args, &mut stdout),
    };
    match written.map(|io| io.and_then(|()| stdout.flush())) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => fail(&CliError::Output(e)),
        Err(e) => fail(&e),
    }
}

/// Text for the terminal whose line breaks are its own: every other control character from
/// data escaped.
fn escape_line_keep(text: &str) -> std::borrow::Cow<'_, str> {
    bson_tutor::strings::safe::escape_text(text)
}

/// `--count` ids from each of `--processes` processes, interleaved A, B, ..., A, B, ...
/// The outer error is bad input (nothing written yet); the inner one, a failed write.
fn write_new_oids(args: &OidArgs, out: &mut impl Write) -> Result<std::io::Result<()>, CliError> {
    let asked = u64::from(args.count) * u64::from(args.processes);
    if asked > MAX_IDS {
        return Err(CliError::TooManyIds {
            asked,
            max: MAX_IDS,
        });
    }
    let secs = match &args.at {
        Some(text) => {
            let ms = parse_iso_with(text, NoOffset::Refuse)
                .map_err(|e| CliError::at(Place::Arg("--at"), e))?;
            u32::try_from(ms.div_euclid(1000))
                .map_err(|_| CliError::AtOutOfRange { text: text.clone() })?
        }
        // The library never reads the clock: the time is read here and passed in.
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u32::try_from(d.as_secs()).unwrap_or(u32::MAX)),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut processes = oid::processes_from_seed(seed, usize::from(args.processes));
    let line = |out: &mut dyn Write, process: usize, id: ObjectId| {
        if args.processes > 1 {
            // At most 26 processes (clap checks), so the label is one letter.
            let label = char::from(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[process]);
            write!(out, "{label}  ")?;
        }
        if args.split {
            writeln!(out, "{}", id.to_split_hex(" | "))
        } else {
            writeln!(out, "{id}")
        }
    };
    // Which process makes each id: A, B, ..., A, B, ...
    let k = processes.len();
    let mut made = (0..args.count).flat_map(|_| 0..k);
    if args.sort {
        let mut ids: Vec<(usize, ObjectId)> =
            made.map(|i| (i, processes[i].next_id(secs))).collect();
        ids.sort_by_key(|&(_, id)| id);
        Ok(ids.into_iter().try_for_each(|(i, id)| line(out, i, id)))
    } else {
        Ok(made.try_for_each(|i| line(out, i, processes[i].next_id(secs))))
    }
}

/// `eval`: an expression over an optional `--doc`, printed as asked.
fn run_eval(args: &EvalArgs) -> ExitCode {
    let expr = match parse_text_value(&args.expression, &Place::Arg("EXPRESSION"), args.from) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    let place = Place::Arg("--doc");
    let doc = match args
        .doc
        .as_deref()
        .map(|d| parse_text_value(d, &place, args.from))
    {
        None => None,
        Some(Ok(Value::Document(d))) => Some(d),
        Some(Ok(other)) => {
            return fail(&CliError::NotADocument {
                place,
                found: other.element_type(),
            });
        }
        Some(Err(e)) => return fail(&e),
    };
    let (result, stopped) =
        deadline::within_or_exit(args.max_time_ms, deadline::say_time_limit, || {
            expr::evaluate(&expr, doc.as_ref())
        });
    if let Some(why) = stopped {
        return fail(&bson_tutor::query::error::QueryError::from(why).into());
    }
    match result {
        Ok(v) => {
            let text = match args.to {
                EvalTo::Shell => shell::print_value(&v),
                EvalTo::Ejson => ejson::value_to_string(&v, Mode::Canonical),
                EvalTo::Relaxed => ejson::value_to_string(&v, Mode::Relaxed),
            };
            match out::print(&format!("{}\n", out::escape_code(&text))) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&CliError::Output(e)),
            }
        }
        Err(e) => fail(&e.into()),
    }
}

/// A value from text: as `from` says, or (by default) Extended JSON when the text is valid
/// JSON and mongosh syntax otherwise.
fn parse_text_value(
    text: &str,
    origin: &Place,
    from: Option<TextFormat>,
) -> Result<Value, CliError> {
    let syntax = from.map(|f| match f {
        TextFormat::Shell => Syntax::Shell,
        TextFormat::Ejson => Syntax::Ejson,
    });
    reported(
        Some(origin),
        text::parse_value(text, syntax, &mut *shell_session()),
    )
}

/// A parse result for the terminal: errors with their caret, warnings on standard error,
/// both framed by where the text came from (when it came from a place of its own).
fn reported<T>(
    origin: Option<&Place>,
    parsed: Result<Parsed<T>, ParseError>,
) -> Result<T, CliError> {
    let framed = |e: ParseError| match origin {
        Some(place) => CliError::at(place.clone(), e),
        None => CliError::Parse(e),
    };
    let parsed = parsed.map_err(framed)?;
    for w in parsed.warnings {
        i18n::warn(&framed(w).to_string_in(i18n::lang()));
    }
    Ok(parsed.value)
}

/// The shell one run of the binary stands for, as mongosh is one: a single ObjectId process
/// (a random 5-byte value and a counter starting at a random number, lesson 8's rule) makes
/// every `ObjectId()` typed and every `_id` a collection assigns ([`query`] hands it back
/// after inserting), and `new Date()` reads the clock once. Drawn here, in the binary: the
/// library never draws random numbers.
fn shell_session() -> std::sync::MutexGuard<'static, SeededGenerator> {
    static SESSION: std::sync::OnceLock<std::sync::Mutex<SeededGenerator>> =
        std::sync::OnceLock::new();
    SESSION
        .get_or_init(|| std::sync::Mutex::new(SeededGenerator::from_seed(rand::random(), now_ms())))
        .lock()
        // A panic while parsing cannot leave the generator half-changed in a way that matters.
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The clock (Unix milliseconds), read here in the binary and never in the library.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The input as a stream of BSON documents: text formats are parsed and encoded here, so
/// every view works on bytes.
fn read_input(args: &InspectArgs) -> Result<Vec<u8>, CliError> {
    let (text, from, origin) = match (&args.document, &args.hex, &args.file) {
        (Some(doc), _, _) => {
            let detected = match Syntax::detect(doc) {
                Syntax::Ejson => FromFormat::Ejson,
                Syntax::Shell => FromFormat::Shell,
            };
            (doc.as_str(), args.from.unwrap_or(detected), "DOCUMENT")
        }
        (_, Some(h), _) => (h.as_str(), args.from.unwrap_or(FromFormat::Hex), "--hex"),
        _ => return Err(CliError::NoInput),
    };
    let place = Place::Arg(origin);
    match from {
        FromFormat::Bson => Err(CliError::BsonFromText { place }),
        // A --hex argument may span lines.
        FromFormat::Hex => hex::decode(text).map_err(|e| CliError::at(place, e)),
        FromFormat::Ejson => encode_text(text, Some(&place), Syntax::Ejson),
        FromFormat::Shell => encode_text(text, Some(&place), Syntax::Shell),
    }
}

/// Raw BSON documents read one at a time by their length prefixes: a document is read only
/// as far as its prefix says, and a prefix no document can have (under 5 bytes, or over the
/// 16 MiB the server allows) ends the reading right after it, so no more than a document's
/// 16 MiB and its 4-byte prefix is ever read before the decoder can say what is wrong
/// (`--file /dev/zero` stops at its first 4 bytes: a length of 0).
///
/// # Errors
/// The system's, reading.
pub fn read_documents(reader: &mut dyn Read) -> std::io::Result<Vec<u8>> {
    use bson_tutor::bson::spec::MAX_DOCUMENT_SIZE;
    let mut out = Vec::new();
    loop {
        let start = out.len();
        if reader.take(4).read_to_end(&mut out)? < 4 {
            return Ok(out);
        }
        let Ok(prefix) = <[u8; 4]>::try_from(&out[start..]) else {
            return Ok(out);
        };
        let len = i32::from_le_bytes(prefix);
        let Some(rest) = usize::try_from(len)
            .ok()
            .filter(|n| (5..=MAX_DOCUMENT_SIZE).contains(n))
            .map(|n| n - 4)
        else {
            return Ok(out);
        };
        out.reserve(rest);
        if reader.take(rest as u64).read_to_end(&mut out)? < rest {
            return Ok(out);
        }
    }
}

/// Parses one document (Extended JSON or mongosh syntax) and encodes it.
fn encode_text(text: &str, origin: Option<&Place>, syntax: Syntax) -> Result<Vec<u8>, CliError> {
    let doc = reported(
        origin,
        text::parse_document(text, Some(syntax), &mut *shell_session()),
    )?;
    Ok(encode_document(&doc)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn documents_are_read_no_further_than_their_length_prefixes() {
        let one = [0x0cu8, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0];
        let mut two = one.repeat(2);
        assert_eq!(read_documents(&mut two.as_slice()).unwrap(), two);
        // A prefix no document can have: read up to it, and not a byte more.
        for bad in [0i32, 4, -1, 16 * 1024 * 1024 + 1] {
            let mut input = one.to_vec();
            input.extend(bad.to_le_bytes());
            input.extend([0u8; 64]);
            let mut reader = input.as_slice();
            let read = read_documents(&mut reader).unwrap();
            assert_eq!(read.len(), one.len() + 4, "{bad}");
            assert_eq!(reader.len(), 64, "{bad}: the rest is left unread");
        }
        // A truncated document and a truncated prefix are passed on for the decoder to name.
        two.truncate(one.len() + 7);
        assert_eq!(read_documents(&mut two.as_slice()).unwrap(), two);
        assert_eq!(read_documents(&mut &one[..2]).unwrap(), &one[..2]);
        // /dev/zero stops at its first 4 bytes.
        let mut zeros = std::io::repeat(0);
        assert_eq!(read_documents(&mut zeros).unwrap(), vec![0; 4]);
    }

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn inspect_needs_exactly_one_input() {
        assert!(Cli::try_parse_from(["bson-tutor", "inspect"]).is_err());
        assert!(
            Cli::try_parse_from(["bson-tutor", "inspect", "--hex", "00", "--file", "x"]).is_err()
        );
        assert!(
            Cli::try_parse_from([
                "bson-tutor",
                "inspect",
                "--hex",
                "0500000000",
                "--to",
                "spans"
            ])
            .is_ok()
        );
    }
}
