//! A lesson as deterministic plain text: prose wrapped at a width, computed outputs in place,
//! claim labels in brackets, and (on request) each exercise's answer.

mod error;

pub use error::RenderError;

use std::fmt::Write as _;

use super::check::form::form_note;
use super::compute;
use super::context::Context;
use super::model::{
    Exercise, HexStep, Lesson, RunCommand, RunStep, ShellStep, Step, TableStep, TextStep,
};
use super::solve::solve;
use crate::strings::localize::Localize;
use crate::strings::{pad, pad_left, tr, trf};
use unicode_width::UnicodeWidthStr;

pub use super::wrap::wrap;

/// Options of [`render`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Column to wrap prose at.
    pub width: usize,
    /// Show each exercise's computed answer and explanation.
    pub answers: bool,
}

/// Renders a whole lesson in the classroom of `ctx` (its seed and clock decide every
/// generated id and time, so the same classroom gives byte-identical text), the fixed labels
/// (`Exercise 1 (size):`, `hint 1:`), byte walks and table headers in `ctx.lang`; the
/// lesson's own texts are localized before rendering (see [`super::i18n::localize`]). A
/// step that does not compute shows its error in place.
pub fn render(lesson: &Lesson, options: RenderOptions, ctx: &Context) -> String {
    let lang = ctx.lang;
    let width = options.width.max(20);
    let mut out = String::new();
    let _ = writeln!(out, "{}. {}", lesson.order, lesson.title);
    let _ = writeln!(
        out,
        "{}",
        "=".repeat(lesson.title.width() + 4)
            .chars()
            .take(width)
            .collect::<String>()
    );
    out.push_str(&wrap(&lesson.summary, width, "", ""));
    if !lesson.prerequisites.is_empty() {
        let prerequisites = lesson.prerequisites.join(", ");
        let _ = writeln!(
            out,
            "{}",
            trf(lang, "Read first: {lesson}", &[&prerequisites])
        );
    }
    let options = RenderOptions { width, ..options };
    let mut exercise = 0;
    for step in &lesson.steps {
        out.push('\n');
        match render_step(step, options, &mut exercise, ctx) {
            Ok(text) => out.push_str(&text),
            Err(e) => {
                let _ = writeln!(
                    out,
                    "{}",
                    trf(
                        lang,
                        "(this step does not compute: {error})",
                        &[&e.display_in(lang)],
                    )
                );
            }
        }
    }
    out
}

/// Renders one step in the classroom of `ctx` with `options` (its width as given), its
/// labels, byte walks and table headers in `ctx.lang`; `exercise` numbers the exercises.
///
/// # Errors
/// What the engine could not compute.
pub fn render_step(
    step: &Step,
    options: RenderOptions,
    exercise: &mut usize,
    ctx: &Context,
) -> Result<String, RenderError> {
    let width = options.width;
    match step {
        Step::Text(t) => render_text(t, width, ctx),
        Step::Hex(h) => render_hex(h, width, ctx),
        Step::Run(r) => render_run(r, width, ctx),
        Step::Shell(sh) => render_shell(sh, width, ctx),
        Step::Table(t) => render_table(t, width, ctx),
        Step::Exercise(e) => {
            *exercise += 1;
            render_exercise(e, *exercise, options, ctx)
        }
    }
}

fn caption(out: &mut String, caption: Option<&str>, width: usize) {
    if let Some(c) = caption {
        out.push_str(&wrap(c, width, "", ""));
    }
}

/// Replaces every `{= expression =}` in lesson prose with the value the engine computes for
/// it in the classroom of `ctx` (printed as mongosh prints it), so figures in text are
/// computed like everything else.
///
/// # Errors
/// An unclosed `{=`, or an expression the engine cannot evaluate.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::Context;
/// use bson_tutor::lesson::render::fill_computed;
/// let text = fill_computed("{= { $add: [0.1, 0.2] } =} drifts", &Context::default());
/// assert_eq!(text.unwrap(), "0.30000000000000004 drifts");
/// ```
pub fn fill_computed(text: &str, ctx: &Context) -> Result<String, RenderError> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{=") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after.find("=}").ok_or_else(|| RenderError::Unclosed {
            text: text.to_owned(),
        })?;
        let expression = after[..end].trim();
        let value = ctx
            .room
            .eval(expression, None)
            .map_err(|error| RenderError::Figure {
                expression: expression.to_owned(),
                error,
            })?;
        out.push_str(&crate::bson::shell::print_value(&value));
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

fn render_text(t: &TextStep, width: usize, ctx: &Context) -> Result<String, RenderError> {
    let filled = fill_computed(&t.text, ctx)?;
    let mut out = String::new();
    let mut label = t.claim.map(|c| format!("{} ", c.label_in(ctx.lang)));
    let mut paragraph: Vec<&str> = Vec::new();
    let mut in_code = false;
    let flush = |out: &mut String, paragraph: &mut Vec<&str>, label: &mut Option<String>| {
        if paragraph.is_empty() {
            return;
        }
        let joined = paragraph.join(" ");
        let first = label.take().unwrap_or_default();
        if let Some(item) = joined.strip_prefix("- ") {
            out.push_str(&wrap(&format!("{first}{item}"), width, "  - ", "    "));
        } else {
            out.push_str(&wrap(&format!("{first}{joined}"), width, "", ""));
        }
        paragraph.clear();
    };
    for line in filled.lines() {
        if line.trim_start().starts_with("```") {
            flush(&mut out, &mut paragraph, &mut label);
            in_code = !in_code;
            continue;
        }
        if in_code {
            let _ = writeln!(out, "    {line}");
            continue;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut out, &mut paragraph, &mut label);
            if !out.is_empty() && !out.ends_with("\n\n") {
                out.push('\n');
            }
        } else if trimmed.starts_with("- ") {
            flush(&mut out, &mut paragraph, &mut label);
            paragraph.push(trimmed);
        } else {
            paragraph.push(trimmed);
        }
    }
    flush(&mut out, &mut paragraph, &mut label);
    while out.ends_with("\n\n") {
        out.pop();
    }
    Ok(out)
}

fn render_hex(h: &HexStep, width: usize, ctx: &Context) -> Result<String, RenderError> {
    let mut out = String::new();
    caption(&mut out, h.caption.as_deref(), width);
    let doc = ctx.room.parse_document(&h.document, "document")?;
    let _ = writeln!(out, "{}", crate::bson::shell::print_document(&doc));
    out.push_str(
        &ctx.room
            .hex_walk(&h.document, h.focus.as_deref(), ctx.lang)?,
    );
    Ok(out)
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

fn render_run(r: &RunStep, width: usize, ctx: &Context) -> Result<String, RenderError> {
    let lang = ctx.lang;
    let mut out = String::new();
    caption(&mut out, r.caption.as_deref(), width);
    let _ = writeln!(out, "{}", command_line(r));
    match (run_output(r, ctx), &r.expect_error) {
        (Ok(output), None) => out.push_str(&output),
        (Err(e), None) => return Err(e),
        // A step can show the engine refusing something: the refusal is the output. The
        // lesson names it by its English words, the form every language shares.
        (Err(e), Some(needle)) if e.to_string().contains(needle.as_str()) => {
            // As the command prints it: `error: ` and the tutor's words in the learner's
            // language, the server's own message as it is.
            let _ = writeln!(out, "{}{}", tr(lang, "error: "), e.display_in(lang));
        }
        (Err(e), Some(needle)) => {
            return Err(RenderError::RefusedOtherwise {
                error: Box::new(e),
                needle: needle.clone(),
            });
        }
        (Ok(_), Some(needle)) => {
            return Err(RenderError::NotRefused {
                needle: needle.clone(),
            });
        }
    }
    Ok(out)
}

/// A shell step: its caption, the script (each line after `> `, as the console echoes
/// input), then what it printed, computed now.
fn render_shell(step: &ShellStep, width: usize, ctx: &Context) -> Result<String, RenderError> {
    let mut out = String::new();
    caption(&mut out, step.caption.as_deref(), width);
    for line in step.script.trim_end().lines() {
        let _ = writeln!(out, "> {line}");
    }
    out.push_str(&shell_output(step, ctx)?);
    Ok(out)
}

/// What a shell step's script prints in a fresh console of the class (warnings among the
/// prints, then its error when it is expected to throw).
///
/// # Errors
/// The script threw, unless that was expected; or it did not throw when it should have.
pub fn shell_output(step: &ShellStep, ctx: &Context) -> Result<String, RenderError> {
    let (runs, _) = ctx
        .room
        .run_scripts(&[("lesson.js", step.script.as_str())])?;
    let run = runs.into_iter().next().unwrap_or_default();
    let mut text = run.text();
    match (&run.error, &step.expect_error) {
        (None, None) => {}
        (Some(e), None) => {
            return Err(RenderError::Compute(compute::ComputeError::Script {
                report: e.report(),
            }));
        }
        (Some(e), Some(needle)) if e.report().contains(needle.as_str()) => {}
        (Some(e), Some(needle)) => {
            return Err(RenderError::RefusedOtherwise {
                error: Box::new(RenderError::Compute(compute::ComputeError::Script {
                    report: e.report(),
                })),
                needle: needle.clone(),
            });
        }
        (None, Some(needle)) => {
            return Err(RenderError::NotRefused {
                needle: needle.clone(),
            });
        }
    }
    if run.error.is_none() && text.is_empty() {
        text.push('\n');
    }
    Ok(text)
}

/// The shell command a run step stands for, as a learner would type it.
fn command_line(r: &RunStep) -> String {
    let opt = |flag: &str, v: &Option<String>| {
        v.as_deref()
            .map(|v| format!(" --{flag} {}", quote(v)))
            .unwrap_or_default()
    };
    let arg = |v: &Option<String>| {
        v.as_deref()
            .map(|v| format!(" {}", quote(v)))
            .unwrap_or_default()
    };
    let ids = if r.ids { " --ids" } else { "" };
    match r.command {
        RunCommand::Eval => format!(
            "$ bson-tutor eval{}{}",
            arg(&r.expression),
            opt("doc", &r.document)
        ),
        RunCommand::Find => format!(
            "$ bson-tutor find{} {}{}{}{ids}",
            opt("docs", &r.docs),
            quote(r.filter.as_deref().unwrap_or("{}")),
            opt("sort", &r.sort),
            opt("collation", &r.collation)
        ),
        RunCommand::Aggregate => format!(
            "$ bson-tutor aggregate{}{}{}{}{ids}",
            opt("docs", &r.docs),
            r.collections
                .iter()
                .map(|(name, docs)| format!(" --from-coll {}", quote(&format!("{name}={docs}"))))
                .collect::<String>(),
            arg(&r.pipeline),
            opt("collation", &r.collation)
        ),
        RunCommand::Update => format!(
            "$ bson-tutor update{} {} {}{}{}{}{ids}",
            opt("docs", &r.docs),
            quote(r.filter.as_deref().unwrap_or("{}")),
            quote(r.update.as_deref().unwrap_or("{}")),
            if r.multi { " --multi" } else { "" },
            if r.upsert { " --upsert" } else { "" },
            opt("array-filters", &r.array_filters),
        ),
        RunCommand::Inspect => match r.to.as_deref().unwrap_or("table") {
            "table" => format!("$ bson-tutor inspect{}", arg(&r.document)),
            to => format!("$ bson-tutor inspect{} --to {to}", arg(&r.document)),
        },
        RunCommand::Oid => match (&r.id, r.seed) {
            (Some(id), _) => format!("$ bson-tutor oid {id}"),
            (None, seed) => format!(
                "$ bson-tutor oid --seed {} --at {} --count {} --processes {} --split",
                seed.map_or_else(|| "?".to_string(), |s| s.to_string()),
                r.at.as_deref().unwrap_or("?"),
                r.count.unwrap_or(1),
                r.processes.unwrap_or(1)
            ),
        },
    }
}

/// What the engine prints for a run step (an `inspect` table in `ctx.lang`, as `--lang`
/// prints it).
fn run_output(r: &RunStep, ctx: &Context) -> Result<String, RenderError> {
    fn need<'a>(f: Option<&'a String>, name: &'static str) -> Result<&'a str, RenderError> {
        Ok(compute::need(f.map(String::as_str), name, "run")?)
    }
    let (room, lang) = (&ctx.room, ctx.lang);
    Ok(match r.command {
        RunCommand::Eval => {
            let e = need(r.expression.as_ref(), "expression")?;
            let v = room.eval(e, r.document.as_deref())?;
            format!("{}\n", crate::bson::shell::print_value(&v))
        }
        RunCommand::Find => {
            let docs = need(r.docs.as_ref(), "docs")?;
            let filter = r.filter.as_deref().unwrap_or("{}");
            let found = room.find_in(docs, filter, r.sort.as_deref(), r.collation.as_deref())?;
            compute::print_documents(&found, r.ids)
        }
        RunCommand::Aggregate => {
            let p = need(r.pipeline.as_ref(), "pipeline")?;
            let found = room.run_aggregate_with(
                r.docs.as_deref(),
                p,
                r.collation.as_deref(),
                &r.collections,
            )?;
            compute::print_documents(&found, r.ids)
        }
        RunCommand::Update => {
            let docs = need(r.docs.as_ref(), "docs")?;
            let update = need(r.update.as_ref(), "update")?;
            let (result, after) = room.update(
                docs,
                r.filter.as_deref().unwrap_or("{}"),
                update,
                r.array_filters.as_deref(),
                compute::UpdateHow {
                    multi: r.multi,
                    upsert: r.upsert,
                },
            )?;
            // As a terminal shows `bson-tutor update`: the collection, then the result line
            // it prints on standard error.
            format!(
                "{}{}\n",
                compute::print_documents(&after, r.ids),
                crate::bson::shell::print_document(&result.shell_result())
            )
        }
        RunCommand::Inspect => {
            let d = need(r.document.as_ref(), "document")?;
            match r.to.as_deref().unwrap_or("table") {
                "table" => room.hex_walk(d, None, lang)?,
                // The other views are exactly what `bson-tutor inspect --to NAME` prints.
                name => {
                    let view = crate::inspect::View::from_name(name).ok_or_else(|| {
                        RenderError::UnknownView {
                            name: name.to_owned(),
                        }
                    })?;
                    let result = crate::inspect::inspect(&room.bytes_of(d)?, view, lang);
                    match result.error {
                        Some(e) => return Err(RenderError::Inspect(e)),
                        None => result.text,
                    }
                }
            }
        }
        RunCommand::Oid => match &r.id {
            Some(id) => compute::oid_anatomy(id, lang)?,
            None => {
                let seed = compute::need(r.seed.as_ref(), "seed", "run")?;
                let at = need(r.at.as_ref(), "at")?;
                compute::make_oids(*seed, at, r.count.unwrap_or(1), r.processes.unwrap_or(1))?
            }
        },
    })
}

fn render_table(t: &TableStep, width: usize, ctx: &Context) -> Result<String, RenderError> {
    let lang = ctx.lang;
    let mut out = String::new();
    caption(&mut out, t.caption.as_deref(), width);
    let pairs: Vec<(String, String)> = t
        .rows
        .iter()
        .map(|r| (r.label.clone(), r.value.clone()))
        .collect();
    let mut rows = vec![
        [
            "type",
            "value",
            "type byte",
            "value bytes",
            "{ v: value } bytes",
        ]
        .map(|h| tr(lang, h).to_string()),
    ];
    rows.extend(ctx.room.table_rows(&pairs)?);
    // Cells are measured by display width: a Chinese character takes two columns, in a
    // translated header and in a value such as '中文' alike.
    let widths: Vec<usize> = (0..5)
        .map(|c| rows.iter().map(|r| r[c].width()).max().unwrap_or(0))
        .collect();
    for (i, row) in rows.iter().enumerate() {
        // The label and value on the left, the numbers right-aligned.
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, w))| {
                if c < 2 {
                    pad(cell, *w)
                } else {
                    pad_left(cell, *w)
                }
            })
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
        if i == 0 {
            let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
            let _ = writeln!(out, "{}", rule.join("  "));
        }
    }
    Ok(out)
}

fn render_exercise(
    e: &Exercise,
    n: usize,
    options: RenderOptions,
    ctx: &Context,
) -> Result<String, RenderError> {
    let (width, answers, lang) = (options.width, options.answers, ctx.lang);
    let solution = solve(e, ctx)?;
    let fill = |text: &str| fill_computed(text, ctx);
    let mut out = String::new();
    let kind = tr(lang, e.exercise_type.name());
    let head = trf(lang, "Exercise {n} ({kind}): ", &[&n, &kind]);
    out.push_str(&wrap(
        &format!("{head}{}", fill(&e.prompt)?),
        width,
        "",
        "  ",
    ));
    let show = |label: &str, text: &Option<String>, out: &mut String| {
        if let Some(t) = text {
            let _ = writeln!(out, "  {label}: {t}");
        }
    };
    show("document", &e.document, &mut out);
    show("docs", &e.docs, &mut out);
    show("filter", &e.filter, &mut out);
    show("sort", &e.sort, &mut out);
    show("collation", &e.collation, &mut out);
    show("expression", &e.expression, &mut out);
    show("id", &e.id, &mut out);
    if let Some(o) = e.offset {
        let _ = writeln!(out, "  offset: {o}");
    }
    for (i, o) in e.options.iter().enumerate() {
        let letter = char::from(b'a' + u8::try_from(i % 26).unwrap_or(0));
        out.push_str(&wrap(o, width, &format!("  ({letter}) "), "      "));
    }
    // How to write the answer, so that a first answer is not spent on the form.
    out.push_str(&wrap(&form_note(e, lang), width, "  ", "    "));
    for (i, h) in e.hints.iter().enumerate() {
        out.push_str(&wrap(
            &fill(h)?,
            width,
            &format!("  {}", trf(lang, "hint {n}: ", &[&(i + 1)])),
            "    ",
        ));
    }
    if answers {
        let _ = writeln!(out, "  {}{}", tr(lang, "answer: "), solution.text);
        let why = format!("  {}", tr(lang, "why: "));
        out.push_str(&wrap(&fill(&e.explanation)?, width, &why, "    "));
    }
    Ok(out)
}

#[cfg(test)]
mod computed_prose_tests {
    use super::{Context, fill_computed};

    #[test]
    fn figures_in_prose_come_from_the_engine() {
        let fill = |text: &str| fill_computed(text, &Context::default());
        assert_eq!(
            fill("{= { $bsonSize: { $literal: { a: 1 } } } =} bytes, {= { $type: 42.0 } =}")
                .unwrap(),
            "12 bytes, 'int'"
        );
        assert_eq!(fill("no figures").unwrap(), "no figures");
        assert!(fill("{= { $add: [1 =}").is_err());
        let unclosed = fill("open {= { $add: [1, 2] }").unwrap_err().to_string();
        assert!(unclosed.contains("without a closing"), "{unclosed}");
        let unknown = fill("{= { $foo: 1 } =}").unwrap_err().to_string();
        assert!(unknown.contains("$foo"), "{unknown}");
    }
}
