//! The REPL: lines edited with history, completion of names and multi-line input (a line
//! that leaves a bracket, string or comment open asks for the next one), each evaluation
//! echoed as mongosh echoes it. From a pipe it reads the same way, without editing.

use std::cell::RefCell;
use std::io::BufRead;
use std::path::Path;
use std::process::ExitCode;
use std::rc::Rc;

use bson_tutor::shell::Echo;
use bson_tutor::shell::sandbox::Session;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Config, Editor, Helper};

use super::{Shell, interactive};
use crate::cli::i18n::t;

#[path = "history.rs"]
mod history;

/// The console behind the editor: completion and the multi-line check ask it.
struct Lines(Rc<RefCell<Session>>);

impl Completer for Lines {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let Ok(mut console) = self.0.try_borrow_mut() else {
            return Ok((pos, Vec::new()));
        };
        let (start, names) = console.complete(&line[..pos]);
        Ok((
            start,
            names
                .into_iter()
                .map(|n| Pair {
                    display: n.clone(),
                    replacement: n,
                })
                .collect(),
        ))
    }
}

impl Hinter for Lines {
    type Hint = String;
}

impl Highlighter for Lines {}

impl Validator for Lines {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        let complete = self
            .0
            .try_borrow_mut()
            .map_or(true, |mut c| c.is_complete(ctx.input()));
        Ok(if complete {
            ValidationResult::Valid(None)
        } else {
            ValidationResult::Incomplete
        })
    }
}

impl Helper for Lines {}

fn is_exit(line: &str) -> bool {
    matches!(
        line.trim().trim_end_matches(';'),
        "exit" | "quit" | ".exit" | "exit()" | "quit()"
    )
}

/// Runs the REPL until `exit`, Ctrl-D or the end of the input.
pub fn run(shell: &Shell, data: Option<&Path>) -> ExitCode {
    let console = &shell.session;
    if !interactive() {
        return run_piped(shell);
    }
    let config = Config::builder()
        .auto_add_history(false)
        .completion_type(rustyline::CompletionType::List)
        .build();
    let Ok(mut editor) = Editor::<Lines, rustyline::history::DefaultHistory>::with_config(config)
    else {
        return run_piped(shell);
    };
    editor.set_helper(Some(Lines(Rc::clone(console))));
    let mut history = history::HistoryFile::open(history::path(), editor.history_mut());
    let banner = match data {
        Some(dir) => t("bson-tutor shell: mongosh over the tutorial's engine, no server. Databases are kept in {dir}. Type exit or press Ctrl-D to leave.")
            .replace("{dir}", &dir.display().to_string()),
        None => t("bson-tutor shell: mongosh over the tutorial's engine, no server; nothing is kept after you leave (--data DIR keeps it). Type exit or press Ctrl-D to leave.").to_owned(),
    };
    println!("{banner}");
    let mut interrupted_once = false;
    loop {
        let prompt = format!("{}> ", console.borrow_mut().db_name());
        match editor.readline(&prompt) {
            Ok(line) => {
                interrupted_once = false;
                if line.trim().is_empty() {
                    continue;
                }
                let _ = editor.add_history_entry(line.as_str());
                history.save(editor.history());
                if is_exit(&line) {
                    break;
                }
                shell.run(&line, "<repl>", Echo::Last);
            }
            Err(ReadlineError::Interrupted) => {
                if interrupted_once {
                    break;
                }
                interrupted_once = true;
                println!(
                    "{}",
                    t("(To exit, press Ctrl+C again or Ctrl+D or type exit)")
                );
            }
            Err(_) => break,
        }
    }
    ExitCode::SUCCESS
}

/// The REPL over a pipe: lines gathered until they make a whole program, then evaluated and
/// echoed; no prompt, no editing.
fn run_piped(shell: &Shell) -> ExitCode {
    let console = &shell.session;
    let mut pending = String::new();
    let mut ok = true;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if pending.is_empty() && is_exit(&line) {
            break;
        }
        pending.push_str(&line);
        pending.push('\n');
        if !console.borrow_mut().is_complete(&pending) {
            continue;
        }
        let source = std::mem::take(&mut pending);
        if source.trim().is_empty() {
            continue;
        }
        ok &= shell.run(source.trim_end(), "<repl>", Echo::Last);
    }
    if !pending.trim().is_empty() {
        ok &= shell.run(&pending, "<repl>", Echo::Last);
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
