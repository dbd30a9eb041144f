//! A lesson made ready to show: every step computed by the engine once, when the lesson is
//! opened, so that drawing a frame computes nothing.

use super::hex::HexModel;
use crate::lesson::Context;
use crate::lesson::compute::Classroom;
use crate::lesson::model::{Claim, Exercise, Lesson, RunCommand, Step};
use crate::lesson::render::{RenderOptions, fill_computed, render_step};
use crate::lesson::solve::solve;
use crate::strings::localize::Localize;
use crate::strings::safe::{escape_line, escape_text};
use crate::strings::{Lang, trf};

/// One block of the lesson pane.
#[derive(Clone, Debug)]
pub enum Block {
    /// A paragraph or a bullet of prose (`*emphasis*` still marked), with the claim label of its
    /// step on the first paragraph.
    Prose {
        /// The text, on one line.
        text: String,
        /// A `- ` bullet.
        bullet: bool,
        /// The claim label, on the step's first paragraph.
        claim: Option<Claim>,
    },
    /// A caption above computed output.
    Caption(String),
    /// Lines shown as they are: code blocks and the engine's outputs.
    Code(Vec<String>),
    /// An exercise, by its index in the lesson.
    Exercise(usize),
    /// A step the engine could not compute.
    Error(String),
    /// Space between steps.
    Gap,
    /// After a shell step: the script can be typed, changed and run in the console panel
    /// (the view names its key).
    TryInConsole,
    /// The lesson was not computed: the engine was stopped (the server's words and the
    /// tutor's note on its time budget).
    Stopped(String),
}

/// An exercise made ready to show and check.
#[derive(Clone, Debug)]
pub struct Card {
    /// The exercise as the lesson file states it (checked against on Enter).
    pub exercise: Exercise,
    /// Its kind (`size`).
    pub kind: &'static str,
    /// The prompt, figures computed.
    pub prompt: String,
    /// The inputs the question is about (`document`, `filter`...), as written.
    pub inputs: Vec<(&'static str, String)>,
    /// The options of a choice, in order.
    pub options: Vec<String>,
    /// The hints, figures computed.
    pub hints: Vec<String>,
    /// Shown once answered or revealed.
    pub explanation: String,
    /// The engine's answer, as a learner would type it (shown on reveal), or why there is none.
    pub solution: Result<String, String>,
}

/// A document of the lesson the hex panel can walk.
#[derive(Clone, Debug)]
pub struct HexDoc {
    /// Where it comes from (`step 3`), or its caption.
    pub label: String,
    /// The document as the lesson writes it (`{ _id: 1, name: "An", age: 30 }`): the hex
    /// panel's title names it.
    pub written: String,
    /// The walk, or why the document does not encode.
    pub model: Result<HexModel, String>,
    /// The dotted path the lesson points at.
    pub focus: Option<String>,
}

/// A lesson made ready to show (empty while it is computed). Every text in it is ready for
/// a terminal: control characters from the lesson file or computed values are escapes.
#[derive(Clone, Debug, Default)]
pub struct Page {
    /// The blocks of the lesson pane, in order.
    pub blocks: Vec<Block>,
    /// The exercises, in order.
    pub cards: Vec<Card>,
    /// The documents the hex panel can show: hex steps, then inspect steps.
    pub documents: Vec<HexDoc>,
}

impl Page {
    /// The page of a lesson whose computation was stopped: `why`.
    pub fn stopped(why: String) -> Page {
        Page {
            blocks: vec![Block::Stopped(escape_text(&why).into_owned())],
            ..Page::default()
        }
    }

    /// Whether this is the page of a stopped computation.
    pub fn is_stopped(&self) -> bool {
        matches!(self.blocks.as_slice(), [Block::Stopped(_)])
    }

    /// Computes every step of `lesson` in the context's classroom (its seed and clock decide
    /// generated ids), with the byte walks, table headers and document labels in its language
    /// (the lesson's own texts come already translated).
    pub fn build(lesson: &Lesson, ctx: &Context) -> Page {
        let options = RenderOptions {
            width: 1000,
            answers: false,
        };
        let (ctx, lang) = (*ctx, ctx.lang);
        // Hex steps first: they are the documents a lesson means to be walked.
        let mut inspected = Vec::new();
        let mut page = Page {
            blocks: Vec::new(),
            cards: Vec::new(),
            documents: Vec::new(),
        };
        let mut exercise_number = 0;
        for (i, step) in lesson.steps.iter().enumerate() {
            if i > 0 {
                page.blocks.push(Block::Gap);
            }
            match step {
                Step::Text(t) => match fill_computed(&t.text, &ctx) {
                    Ok(text) => prose(&text, t.claim, &mut page.blocks),
                    Err(e) => page.blocks.push(Block::Error(e.to_string_in(lang))),
                },
                Step::Exercise(e) => {
                    page.blocks.push(Block::Exercise(page.cards.len()));
                    page.cards.push(card(e, &ctx));
                    exercise_number += 1;
                }
                other => {
                    let (caption, step) = without_caption(other);
                    if let Some(c) = caption {
                        page.blocks
                            .push(Block::Caption(fill_computed(&c, &ctx).unwrap_or(c)));
                    }
                    match render_step(&step, options, &mut exercise_number, &ctx) {
                        Ok(text) => page
                            .blocks
                            .push(Block::Code(text.lines().map(str::to_owned).collect())),
                        Err(e) => page.blocks.push(Block::Error(e.to_string_in(lang))),
                    }
                    if matches!(step, Step::Shell(_)) {
                        page.blocks.push(Block::TryInConsole);
                    }
                    match hex_doc(&step, i, &ctx.room, lang) {
                        Some((true, doc)) => page.documents.push(doc),
                        Some((false, doc)) => inspected.push(doc),
                        None => {}
                    }
                }
            }
        }
        page.documents.append(&mut inspected);
        page.escape();
        page
    }

    /// Every text shown made safe for a terminal: a lesson file, or a value it computes, may
    /// hold an ESC or a bidi override (the exercise itself is kept as written: answers are
    /// checked against it).
    fn escape(&mut self) {
        fn text(s: &mut String) {
            if let std::borrow::Cow::Owned(e) = escape_text(s) {
                *s = e;
            }
        }
        fn line(s: &mut String) {
            if let std::borrow::Cow::Owned(e) = escape_line(s) {
                *s = e;
            }
        }
        for block in &mut self.blocks {
            match block {
                Block::Prose { text: t, .. } => text(t),
                Block::Caption(t) | Block::Error(t) | Block::Stopped(t) => text(t),
                Block::Code(lines) => {
                    for l in lines {
                        // A tab would be dropped by the terminal's buffer: four spaces.
                        if l.contains('\t') {
                            *l = l.replace('\t', "    ");
                        }
                        line(l);
                    }
                }
                Block::Exercise(_) | Block::Gap | Block::TryInConsole => {}
            }
        }
        for card in &mut self.cards {
            text(&mut card.prompt);
            card.inputs.iter_mut().for_each(|(_, v)| line(v));
            card.options.iter_mut().for_each(text);
            card.hints.iter_mut().for_each(text);
            text(&mut card.explanation);
            match &mut card.solution {
                Ok(s) | Err(s) => text(s),
            }
        }
        for doc in &mut self.documents {
            line(&mut doc.label);
            line(&mut doc.written);
            if let Err(e) = &mut doc.model {
                line(e);
            }
        }
    }
}

fn without_caption(step: &Step) -> (Option<String>, Step) {
    let mut step = step.clone();
    let caption = match &mut step {
        Step::Hex(h) => h.caption.take(),
        Step::Run(r) => r.caption.take(),
        Step::Table(t) => t.caption.take(),
        _ => None,
    };
    (caption, step)
}

/// The document a hex or `inspect` step walks, and whether it is a hex step's.
fn hex_doc(step: &Step, i: usize, room: &Classroom, lang: Lang) -> Option<(bool, HexDoc)> {
    let (label, document, focus) = match step {
        Step::Hex(h) => ("hex step {step}", &h.document, h.focus.clone()),
        Step::Run(r) if r.command == RunCommand::Inspect && r.expect_error.is_none() => {
            ("inspect step {step}", r.document.as_ref()?, None)
        }
        _ => return None,
    };
    let model = room
        .bytes_of(document)
        .map_err(|e| e.to_string_in(lang))
        .and_then(|bytes| HexModel::new(bytes).map_err(|e| e.to_string()));
    let doc = HexDoc {
        label: trf(lang, label, &[&(i + 1)]),
        written: document.clone(),
        model,
        focus,
    };
    Some((matches!(step, Step::Hex(_)), doc))
}

/// Splits prose into paragraphs, bullets and code blocks, as `lessons/README.md` describes.
fn prose(text: &str, claim: Option<Claim>, out: &mut Vec<Block>) {
    let mut claim = claim;
    let mut paragraph: Vec<&str> = Vec::new();
    let mut code: Option<Vec<String>> = None;
    let mut flush = |paragraph: &mut Vec<&str>, out: &mut Vec<Block>| {
        if paragraph.is_empty() {
            return;
        }
        let joined = paragraph.join(" ");
        let (text, bullet) = match joined.strip_prefix("- ") {
            Some(item) => (item.to_string(), true),
            None => (joined, false),
        };
        out.push(Block::Prose {
            text,
            bullet,
            claim: claim.take(),
        });
        paragraph.clear();
    };
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            flush(&mut paragraph, out);
            match code.take() {
                Some(lines) => out.push(Block::Code(lines)),
                None => code = Some(Vec::new()),
            }
            continue;
        }
        if let Some(lines) = code.as_mut() {
            lines.push(line.to_string());
            continue;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut paragraph, out);
        } else {
            if trimmed.starts_with("- ") {
                flush(&mut paragraph, out);
            }
            paragraph.push(trimmed);
        }
    }
    flush(&mut paragraph, out);
    if let Some(lines) = code {
        out.push(Block::Code(lines));
    }
}

fn card(e: &Exercise, ctx: &Context) -> Card {
    let fill = |t: &str| {
        fill_computed(t, ctx).unwrap_or_else(|err| format!("{t} ({})", err.display_in(ctx.lang)))
    };
    let mut inputs = Vec::new();
    let mut add = |label: &'static str, v: &Option<String>| {
        if let Some(v) = v {
            inputs.push((label, v.clone()));
        }
    };
    add("document", &e.document);
    add("docs", &e.docs);
    add("filter", &e.filter);
    add("sort", &e.sort);
    add("collation", &e.collation);
    add("expression", &e.expression);
    add("id", &e.id);
    add("path", &e.path);
    if let Some(o) = e.offset {
        inputs.push(("offset", o.to_string()));
    }
    Card {
        kind: e.exercise_type.name(),
        prompt: fill(&e.prompt),
        inputs,
        options: e.options.iter().map(|o| fill(o)).collect(),
        hints: e.hints.iter().map(|h| fill(h)).collect(),
        explanation: fill(&e.explanation),
        solution: solve(e, ctx)
            .map(|s| s.text)
            .map_err(|err| err.to_string_in(ctx.lang)),
        exercise: e.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::{builtin, load_str};

    #[test]
    fn every_builtin_lesson_builds_without_step_errors() {
        for (file, text) in builtin::LESSONS {
            let loaded = load_str(file, text).unwrap();
            let page = Page::build(&loaded.lesson, &Context::default());
            let errors: Vec<_> = page
                .blocks
                .iter()
                .filter_map(|b| match b {
                    Block::Error(e) => Some(e.clone()),
                    _ => None,
                })
                .collect();
            assert!(errors.is_empty(), "{file}: {errors:?}");
            assert_eq!(
                page.cards.len(),
                loaded.lesson.exercises().count(),
                "{file}"
            );
            assert!(page.cards.iter().all(|c| c.solution.is_ok()), "{file}");
        }
    }

    #[test]
    fn document_labels_follow_the_language_and_hex_steps_come_first() {
        let room = Classroom::default();
        let mut inspected = 0;
        for (file, text) in builtin::LESSONS {
            let lesson = load_str(file, text).unwrap().lesson;
            let en = Page::build(
                &lesson,
                &Context {
                    room,
                    lang: Lang::En,
                },
            );
            let labels = |lang| -> Vec<String> {
                let page = Page::build(&lesson, &Context { room, lang });
                page.documents.into_iter().map(|d| d.label).collect()
            };
            let (vi, zh) = (labels(Lang::Vi), labels(Lang::Zh));
            assert_eq!(vi.len(), en.documents.len(), "{file}");
            let hex_first = en.documents.iter().map(|d| d.label.starts_with("inspect"));
            assert!(
                hex_first.is_sorted(),
                "{file}: inspect steps before hex steps"
            );
            for ((en, vi), zh) in en.documents.iter().zip(&vi).zip(&zh) {
                let (kind, n) = en.label.split_once(" step ").unwrap();
                inspected += usize::from(kind == "inspect");
                assert_eq!(*vi, format!("bước {n} ({kind})"), "{file}");
                assert_eq!(*zh, format!("第 {n} 步（{kind}）"), "{file}");
            }
        }
        assert!(inspected > 0, "no lesson has an inspect step to label");
    }

    #[test]
    fn a_hex_step_walks_its_bytes_in_the_pages_language() {
        let (file, text) = builtin::LESSONS[0];
        let lesson = load_str(file, text).unwrap().lesson;
        let code = |lang| -> String {
            let page = Page::build(&lesson, &Context::in_lang(lang));
            let blocks = page.blocks.into_iter().filter_map(|b| match b {
                Block::Code(lines) => Some(lines.join("\n")),
                _ => None,
            });
            blocks.collect::<Vec<_>>().join("\n")
        };
        assert!(code(Lang::En).contains("end of document"));
        assert!(code(Lang::Vi).contains("kết thúc document"));
        assert!(code(Lang::Zh).contains("文档结束"));
    }

    #[test]
    fn prose_splits_into_paragraphs_bullets_and_code() {
        let mut blocks = Vec::new();
        prose(
            "One\ntwo.\n\n- a\n- b\n```\n{ a: 1 }\n```\nend",
            Some(Claim::Observed),
            &mut blocks,
        );
        let shape: Vec<String> = blocks
            .iter()
            .map(|b| match b {
                Block::Prose {
                    text,
                    bullet,
                    claim,
                } => format!(
                    "{}{text}{}",
                    if *bullet { "- " } else { "" },
                    claim.map_or("", |c| c.label())
                ),
                Block::Code(l) => format!("code {l:?}"),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(
            shape,
            [
                "One two.[observed]",
                "- a",
                "- b",
                "code [\"{ a: 1 }\"]",
                "end"
            ]
        );
    }
}
