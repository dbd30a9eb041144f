//! `update`: run an update (`updateOne`, or `updateMany` with `--multi`) over documents given on
//! the command line or in a file, then print the whole collection as `find` prints it, and
//! on standard error the result mongosh prints for the call.

use std::process::ExitCode;

use bson_tutor::bson::{Document, shell};
use bson_tutor::query::collection::{UpdateOptions, UpdateResult};

use super::error::{CliError, Place, fail};
use super::query::{
    Decoded, Docs, Printer, budget, collection, document, documents, open_documents, timed,
};
use super::{EvalTo, TextFormat, out, parse_text_value};

/// Arguments of `update`.
#[derive(Debug, clap::Args)]
pub struct UpdateArgs {
    /// The filter that selects the documents to update, e.g. '{ _id: 1 }'.
    #[arg(value_name = "FILTER")]
    pub filter: String,
    /// The update: modifiers ('{ $set: { "grades.$[g]": 100 } }'), a replacement document, or a
    /// pipeline of $set/$project/$unset/$replaceWith stages ('[{ $set: { total: { $add: ["$a",
    /// "$b"] } } }]').
    #[arg(value_name = "UPDATE")]
    pub update: String,
    /// The documents: an array literal ('[{ _id: 1, v: 42 }, ...]'), or a file holding one
    /// (mongosh syntax or Extended JSON), one document per line; or a dump read as a stream
    /// (`.bson`, `.bson.gz`, a mongodump --archive, `-` for standard input, a named pipe),
    /// its documents as stored: no `_id` added, no duplicate looked for.
    #[arg(long, value_name = "FILE|LITERAL")]
    pub docs: String,
    /// Only this collection of a mongodump --archive, as DB.COLLECTION.
    #[arg(long, value_name = "DB.COLLECTION")]
    pub ns: Option<String>,
    /// Update every matching document (updateMany); without it, only the first (updateOne).
    #[arg(long)]
    pub multi: bool,
    /// When nothing matches, insert a document built from the filter's equalities and the
    /// update.
    #[arg(long)]
    pub upsert: bool,
    /// The array filters that `$[<identifier>]` in the update names, e.g.
    /// '[{ g: { $gte: 100 } }]'.
    #[arg(long, value_name = "JSON")]
    pub array_filters: Option<String>,
    /// Print only the `_id`s, as one array in shell syntax.
    #[arg(long)]
    pub ids: bool,
    /// How to print the documents.
    #[arg(long, value_enum, default_value_t = EvalTo::Shell)]
    pub to: EvalTo,
    /// How to read the documents, filter, specs and pipeline (default: Extended JSON for
    /// valid JSON, mongosh syntax otherwise).
    #[arg(long, value_enum)]
    pub from: Option<TextFormat>,
    /// Stop after this many milliseconds, as the server stops an operation at maxTimeMS,
    /// with its error (`operation exceeded time limit`); 0: no limit. Default: 10000 for
    /// documents given as text, none for a dump read as a stream (it takes as long as the
    /// file does).
    #[arg(long, value_name = "MS")]
    pub max_time_ms: Option<u64>,
}

/// Runs `update`.
pub fn run_update(args: &UpdateArgs) -> ExitCode {
    let run = || -> Result<UpdateResult, CliError> {
        let from = args.from;
        let filter = document(&args.filter, &Place::Arg("FILTER"), from)?;
        // A document or a pipeline; anything else gets the server's refusal.
        let update = parse_text_value(&args.update, &Place::Arg("UPDATE"), from)?;
        let array_filters = match &args.array_filters {
            Some(text) => {
                let place = Place::Arg("--array-filters");
                documents(parse_text_value(text, &place, from)?, &place)?
            }
            None => Vec::new(),
        };
        let options = UpdateOptions {
            upsert: args.upsert,
        };
        let docs = open_documents(&args.docs, from, args.ns.as_deref())?;
        let mut printer = Printer::new(args.ids, args.to);
        let result = match docs {
            // A dump is updated as it is read: each document printed once the update is
            // applied to it, an upserted one last. The (empty) collection gives the upsert
            // its `_id` and the clock.
            Docs::Dump(stream) => {
                let mut c = collection(Vec::new())?;
                timed(budget(args.max_time_ms, true), || {
                    c.update_stream(
                        &filter,
                        &update,
                        &array_filters,
                        options,
                        args.multi,
                        Decoded::new(stream),
                        |d: Document| printer.print(&d),
                    )
                })
            }
            Docs::Text(docs) => {
                let mut c = collection(docs)?;
                timed(budget(args.max_time_ms, false), || {
                    let result =
                        c.update_statement(&filter, &update, &array_filters, options, args.multi)?;
                    for d in c.documents() {
                        printer.print(d)?;
                    }
                    Ok(result)
                })
            }
        };
        match result {
            Ok(result) => printer.finish().map(|()| result),
            Err(e) => printer.end(Err(e)).map(|()| UpdateResult::default()),
        }
    };
    match run() {
        Ok(result) => {
            out::eprint_line(out::safe_lines(&shell::print_document(
                &result.shell_result(),
            )));
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}
