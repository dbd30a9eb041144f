//! The application's state: the lessons, where the learner is, what they typed, and their
//! progress. Plain data; [`super::update`] changes it and [`super::view`] draws it.

use std::collections::BTreeSet;

use super::hex::HexState;
use super::input::TextInput;
use super::message::{Confirm, Focus};
use super::page::Page;
use super::playground::Playground;
use super::theme::Theme;
use super::work::{Kind, Output, Task, Work, run_inline};
use crate::lesson::Lesson;
use crate::lesson::check::{ByteMarks, Outcome};
use crate::lesson::progress::{Progress, Status};
use crate::strings::safe::{escape_line, escape_text};

/// What is on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The lessons: list, text, hex view and exercise.
    Browse,
    /// The key help, over what was on screen before.
    Help(Box<Mode>),
    /// A question that needs yes or no.
    Confirm(Confirm),
    /// A lesson was just finished: what comes next.
    Complete {
        /// The lesson finished.
        lesson: usize,
    },
    /// The playground.
    Playground,
    /// The console panel: mongosh over the engine.
    Console,
    /// Something the learner must read before going on (a damaged progress file).
    Alert(String),
    /// The end of the course: what was solved, revealed and missed, and what to revisit.
    Course,
}

/// How the last answer went, for the exercise panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// How the answer was read: right, wrong, or not readable (not an attempt).
    pub outcome: Outcome,
    /// The engine's words on it.
    pub text: String,
    /// For a `bytes` answer: the bytes typed and which of them are wrong.
    pub marks: Option<ByteMarks>,
}

impl Feedback {
    /// Whether the answer was right.
    pub fn correct(&self) -> bool {
        self.outcome == Outcome::Right
    }
}

/// A notice in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// Whether it reports a problem.
    pub error: bool,
}

/// Settings fixed at start.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The styles.
    pub theme: Theme,
    /// The seed of generated ObjectIds and UUIDs (the playground's).
    pub seed: u64,
    /// Whether the seed was fixed by `--seed` (shown in the status bar).
    pub seed_fixed: bool,
    /// The clock, in milliseconds since the epoch, read once at start (or fixed by `--now`).
    pub now_ms: i64,
    /// Whether the clock was fixed by `--now` (shown in the status bar).
    pub now_fixed: bool,
    /// Where progress is saved, shown in the help.
    pub progress_path: Option<String>,
    /// The language of the interface (the lessons are given already translated).
    pub lang: crate::lesson::i18n::Lang,
}

impl Settings {
    /// The lessons' classroom and the learner's language, as the lessons are computed.
    pub fn context(&self) -> crate::lesson::Context {
        crate::lesson::Context {
            room: self.classroom(),
            lang: self.lang,
        }
    }

    /// The lessons' seed and clock: a fixed `--seed` or `--now` reaches the lessons as it
    /// reaches `bson-tutor show`, otherwise they keep the ids and clock they are written with.
    pub fn classroom(&self) -> crate::lesson::compute::Classroom {
        let default = crate::lesson::compute::Classroom::default();
        crate::lesson::compute::Classroom {
            seed: self.seed_fixed.then_some(self.seed),
            now_ms: if self.now_fixed {
                self.now_ms
            } else {
                default.now_ms
            },
        }
    }
}

/// A clock the binary hands the console panel: milliseconds since the epoch.
#[derive(Clone)]
pub struct WallClock(pub std::sync::Arc<dyn Fn() -> i64 + Send + Sync>);

impl std::fmt::Debug for WallClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WallClock")
    }
}

/// One line of the lesson list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListItem {
    /// A lesson, by index.
    Lesson(usize),
    /// An exercise of the open lesson.
    Exercise(usize, usize),
    /// `Review (N)`, after the lessons while exercises are due for review.
    Review,
}

/// A lesson being opened while its page is computed (see [`crate::tui::work`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The lesson.
    pub lesson: usize,
    /// The exercise to show once the page is there; the first not yet done when `None`.
    pub exercise: Option<usize>,
}

/// An answer being checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checking {
    /// The lesson, by index.
    pub lesson: usize,
    /// The exercise, by index within the lesson.
    pub exercise: usize,
    /// The answer as typed (trimmed).
    pub text: String,
}

/// The exercise on screen is shown again for review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reviewing {
    /// The lesson, by index.
    pub lesson: usize,
    /// The exercise, by index within the lesson.
    pub exercise: usize,
    /// The classroom seed it is shown with (`None`: the class's own).
    pub seed: Option<u64>,
    /// Why it came back.
    pub reason: crate::lesson::review::Reason,
}

/// The whole state.
#[derive(Clone, Debug)]
pub struct App {
    /// The lessons, in course order.
    pub lessons: Vec<Lesson>,
    /// The learner's records.
    pub progress: Progress,
    /// Keys of the records this instance changed since its last save.
    pub changed: BTreeSet<String>,
    /// What is on screen.
    pub mode: Mode,
    /// Which panel has the keyboard.
    pub focus: Focus,
    /// The selected line of the lesson list.
    pub list_selected: usize,
    /// The open lesson.
    pub lesson: usize,
    /// The open lesson, computed.
    pub page: Page,
    /// First line of the lesson text shown.
    pub scroll: usize,
    /// The exercise in the exercise panel (index within the lesson).
    pub exercise: usize,
    /// The answer line.
    pub answer: TextInput,
    /// The exercise (lesson, index) the answer line and the time being counted belong to:
    /// another exercise starts with an empty line.
    answer_of: (usize, usize),
    /// How the last answer to this exercise went.
    pub feedback: Option<Feedback>,
    /// Whether the answer of this exercise is shown.
    pub revealed: bool,
    /// First line of the exercise panel shown (kept within the panel's content when drawn).
    pub exercise_scroll: usize,
    /// Which of the page's documents the hex view shows.
    pub document: usize,
    /// The hex view's selection.
    pub hex: HexState,
    /// The playground, once opened.
    pub playground: Option<Playground>,
    /// The console panel, once opened.
    pub console: Option<super::console::ConsolePanel>,
    /// The wall clock the console reads when `--now` does not fix it, given by the binary
    /// (the library reads no clock): milliseconds since the epoch.
    pub wall_clock: Option<WallClock>,
    /// A message for the status bar.
    pub notice: Option<Notice>,
    /// First line of the key help shown.
    pub help_scroll: usize,
    /// First line of the lesson list shown in the last frame (for mouse clicks).
    pub list_offset: std::cell::Cell<usize>,
    /// The terminal size, for the update logic that needs the layout: page scrolling, the
    /// help's scroll limit, mouse clicks and the wheel. Set by [`Message::Resize`] and by the
    /// binary from each frame's area; drawing never reads it (it lays out the area it is
    /// given), so a frame drawn before the resize message arrives is still whole.
    ///
    /// [`Message::Resize`]: super::message::Message::Resize
    pub size: (u16, u16),
    /// A monotonic clock in milliseconds, set by the binary before each message (0: none),
    /// for the time spent on exercises.
    pub clock_ms: u64,
    /// The clock at the previous message, and time not yet counted in whole seconds.
    last_event_ms: u64,
    carry_ms: u64,
    /// Settings fixed at start.
    pub settings: Settings,
    /// The computations asked for and awaited (see [`crate::tui::work`]).
    pub work: Work,
    /// The lesson whose page is being computed, if one is.
    pub opening: Option<Opening>,
    /// The answer being checked, if one is.
    pub checking: Option<Checking>,
    /// The exercise on screen is shown again for review, if it is (see [`super::review`]).
    pub reviewing: Option<Reviewing>,
    /// The classroom the open lesson's page was computed in (or is being computed in): the
    /// class's, or a review's seed.
    pub page_room: crate::lesson::compute::Classroom,
}

impl App {
    /// A new session over `lessons` (any order), resumed at `progress.last` when it names a
    /// lesson that exists. Lesson pages and answers are computed on the spot
    /// ([`Work::inline`]); see [`App::with_work`].
    pub fn new(lessons: Vec<Lesson>, progress: Progress, settings: Settings) -> App {
        App::with_work(lessons, progress, settings, Work::inline())
    }

    /// [`App::new`], with long computations done as `work` says: on the spot, or left for a
    /// runtime's workers ([`Work::deferred`], the binary), the first lesson's page included.
    pub fn with_work(
        mut lessons: Vec<Lesson>,
        progress: Progress,
        settings: Settings,
        work: Work,
    ) -> App {
        lessons.sort_by(|a, b| a.order.cmp(&b.order).then_with(|| a.id.cmp(&b.id)));
        // What the interface shows of a lesson's own words: control characters as escapes.
        for lesson in &mut lessons {
            escape_field(&mut lesson.title, escape_line);
            escape_field(&mut lesson.summary, escape_text);
            for id in &mut lesson.prerequisites {
                escape_field(id, escape_line);
            }
        }
        let resume = progress.last.as_ref().and_then(|p| {
            let i = lessons.iter().position(|l| l.id == p.lesson)?;
            Some((i, p.exercise.saturating_sub(1)))
        });
        let empty = Lesson {
            format_version: 1,
            id: String::new(),
            title: String::new(),
            order: 0,
            summary: String::new(),
            prerequisites: Vec::new(),
            steps: Vec::new(),
        };
        let settings_room = settings.classroom();
        let page = if work.is_deferred() {
            Page::default()
        } else {
            Page::build(lessons.first().unwrap_or(&empty), &settings.context())
        };
        let mut app = App {
            lessons,
            progress,
            changed: BTreeSet::new(),
            mode: Mode::Browse,
            focus: Focus::Lesson,
            list_selected: 0,
            lesson: 0,
            page,
            scroll: 0,
            exercise: 0,
            answer: TextInput::default(),
            answer_of: (0, 0),
            feedback: None,
            revealed: false,
            exercise_scroll: 0,
            document: 0,
            hex: HexState::default(),
            playground: None,
            console: None,
            wall_clock: None,
            notice: None,
            help_scroll: 0,
            list_offset: std::cell::Cell::new(0),
            size: (80, 24),
            clock_ms: 0,
            last_event_ms: 0,
            carry_ms: 0,
            settings,
            work,
            opening: None,
            checking: None,
            reviewing: None,
            page_room: settings_room,
        };
        if let Some((lesson, exercise)) = resume {
            app.open_lesson(lesson);
            app.select_exercise(exercise);
            app.notice = Some(Notice {
                text: crate::strings::trf(
                    app.settings.lang,
                    "resumed at lesson {lesson}",
                    &[&app.lessons[lesson].order],
                ),
                error: false,
            });
        } else {
            app.open_lesson(0);
        }
        app
    }

    /// The whole screen, as [`App::size`] last saw it.
    pub fn screen(&self) -> ratatui::layout::Rect {
        ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1)
    }

    /// The open lesson.
    pub fn current(&self) -> Option<&Lesson> {
        self.lessons.get(self.lesson)
    }

    /// Opens lesson `i`: computes it, shows its first document and its first exercise not
    /// yet done. With deferred work the page is asked of a worker: the lesson is open at
    /// once, its page empty and [`App::opening`] set until [`App::page_built`].
    pub fn open_lesson(&mut self, i: usize) {
        let Some(lesson) = self.lessons.get(i) else {
            return;
        };
        let room = self.room_for(i);
        if i != self.lesson
            || self.page.blocks.is_empty()
            || self.page.is_stopped()
            || room != self.page_room
        {
            if self.opening.is_some_and(|o| o.lesson == i) && room == self.page_room {
                // Already asked for: keep waiting.
                return;
            }
            let task = Task::Page {
                lesson: Box::new(lesson.clone()),
                ctx: crate::lesson::Context {
                    room,
                    lang: self.settings.lang,
                },
            };
            self.page_room = room;
            match self.work.file(Kind::Page, task) {
                Some(job) => {
                    let done = run_inline(job);
                    self.work.accept(&done);
                    self.page = match done.outcome {
                        Ok(Output::Page(page)) => *page,
                        _ => Page::default(),
                    };
                }
                None => {
                    self.page = Page::default();
                    self.lesson = i;
                    self.scroll = 0;
                    self.document = 0;
                    self.hex = HexState::default();
                    self.feedback = None;
                    self.opening = Some(Opening {
                        lesson: i,
                        exercise: None,
                    });
                    self.list_selected = self
                        .list_items()
                        .iter()
                        .position(|item| *item == ListItem::Lesson(i))
                        .unwrap_or(0);
                    return;
                }
            }
        }
        self.opening = None;
        self.lesson = i;
        self.scroll = 0;
        self.document = 0;
        self.finish_open(None);
    }

    /// The page of the lesson being opened has come: `page`. Shows its first document and
    /// the exercise asked for meanwhile (or the first not yet done).
    pub fn page_built(&mut self, page: Page) {
        let Some(opening) = self.opening.take() else {
            return;
        };
        self.page = page;
        self.lesson = opening.lesson;
        self.finish_open(opening.exercise);
    }

    fn finish_open(&mut self, exercise: Option<usize>) {
        let i = self.lesson;
        self.focus_document();
        let first_open = (0..self.page.cards.len())
            .find(|&n| self.status(i, n) == Status::Pending)
            .unwrap_or(0);
        // An exercise being reviewed in this lesson is the one its page was computed for.
        let reviewed = self.reviewing.filter(|r| r.lesson == i).map(|r| r.exercise);
        self.select_exercise(exercise.or(reviewed).unwrap_or(first_open));
        self.list_selected = self
            .list_items()
            .iter()
            .position(|item| *item == ListItem::Lesson(i))
            .unwrap_or(0);
    }

    /// Counts the time since the previous message as spent on the open exercise, when the
    /// learner was on the lessons (not in the playground). A gap longer than five minutes
    /// counts as five: the learner was away.
    pub fn account_time(&mut self) {
        const AWAY_MS: u64 = 5 * 60 * 1000;
        let since = std::mem::replace(&mut self.last_event_ms, self.clock_ms);
        let on_lessons = match &self.mode {
            Mode::Playground | Mode::Console => false,
            Mode::Help(back) => !matches!(**back, Mode::Playground | Mode::Console),
            _ => true,
        };
        if since == 0 || self.clock_ms <= since || !on_lessons || self.page.cards.is_empty() {
            return;
        }
        self.carry_ms += (self.clock_ms - since).min(AWAY_MS);
        let seconds = self.carry_ms / 1000;
        if seconds > 0 {
            self.carry_ms %= 1000;
            if let Some(id) = self.current().map(|l| l.id.clone()) {
                self.progress.spent(&id, self.exercise + 1, seconds);
                self.changed
                    .insert(crate::lesson::progress::key(&id, self.exercise + 1));
            }
        }
    }

    /// Shows exercise `n` of the open lesson in the exercise panel (once its page is there,
    /// when it is being computed).
    pub fn select_exercise(&mut self, n: usize) {
        if let Some(opening) = &mut self.opening {
            opening.exercise = Some(n);
            return;
        }
        let n = n.min(self.page.cards.len().saturating_sub(1));
        if self.leave_review(n) {
            // The page is computed again in the class's classroom, then shows `n`.
            return;
        }
        if (self.lesson, n) != self.answer_of {
            self.carry_ms = 0;
            self.answer = TextInput::default();
            self.answer_of = (self.lesson, n);
        }
        self.exercise = n;
        self.feedback = None;
        self.exercise_scroll = 0;
        // An exercise shown again for review hides the answer it had revealed.
        self.revealed =
            self.status(self.lesson, n) == Status::Revealed && !self.in_review(self.lesson, n);
        if let Some(lesson) = self.lessons.get(self.lesson) {
            self.progress.last = Some(crate::lesson::progress::Position {
                lesson: lesson.id.clone(),
                exercise: n + 1,
            });
        }
    }

    /// Points the hex view at the lesson's focus path of the current document, if any.
    pub fn focus_document(&mut self) {
        self.hex = HexState::default();
        if let Some(doc) = self.page.documents.get(self.document)
            && let (Ok(model), Some(path)) = (&doc.model, &doc.focus)
        {
            self.hex.focus_path(model, path);
        }
    }

    /// The panel Tab (`forward`) or Shift-Tab moves the keyboard to: [`Focus::next`] and
    /// [`Focus::prev`], past the hex view when the lesson has no document to walk (the panel
    /// is not drawn then).
    pub fn next_focus(&self, forward: bool) -> Focus {
        let step = |f: Focus| if forward { f.next() } else { f.prev() };
        let next = step(self.focus);
        if next == Focus::Hex && self.page.documents.is_empty() {
            step(next)
        } else {
            next
        }
    }

    /// The lines of the lesson list: every lesson, and the open lesson's exercises under it.
    pub fn list_items(&self) -> Vec<ListItem> {
        let mut items = Vec::with_capacity(self.lessons.len() + self.page.cards.len());
        for i in 0..self.lessons.len() {
            items.push(ListItem::Lesson(i));
            if i == self.lesson {
                items.extend((0..self.page.cards.len()).map(|n| ListItem::Exercise(i, n)));
            }
        }
        if !self.review_items().is_empty() {
            items.push(ListItem::Review);
        }
        items
    }

    /// Number of exercises of lesson `i`.
    pub fn exercise_count(&self, i: usize) -> usize {
        self.lessons.get(i).map_or(0, |l| l.exercises().count())
    }

    /// Where exercise `n` (0-based) of lesson `i` stands.
    pub fn status(&self, i: usize, n: usize) -> Status {
        self.lessons
            .get(i)
            .and_then(|l| self.progress.record(&l.id, n + 1))
            .map_or(Status::Pending, |r| r.status)
    }

    /// Exercises of lesson `i` solved, and done (solved or revealed).
    pub fn lesson_counts(&self, i: usize) -> (usize, usize) {
        let n = self.exercise_count(i);
        let statuses = (0..n).map(|k| self.status(i, k));
        statuses.fold((0, 0), |(solved, done), s| match s {
            Status::Solved => (solved + 1, done + 1),
            Status::Revealed => (solved, done + 1),
            Status::Pending => (solved, done),
        })
    }

    /// Hints shown so far for exercise `n` of the open lesson.
    pub fn hints_shown(&self, n: usize) -> usize {
        self.current()
            .and_then(|l| self.progress.record(&l.id, n + 1))
            .map_or(0, |r| r.hints as usize)
    }

    /// Attempts so far at exercise `n` of the open lesson.
    pub fn attempts(&self, n: usize) -> u32 {
        self.current()
            .and_then(|l| self.progress.record(&l.id, n + 1))
            .map_or(0, |r| r.attempts)
    }

    /// Whether lesson `i` is complete: it has exercises and every one is solved (a revealed
    /// answer is not a solved one).
    pub fn lesson_complete(&self, i: usize) -> bool {
        self.lessons
            .get(i)
            .is_some_and(|l| self.progress.complete(&l.id, self.exercise_count(i)))
    }

    /// The first exercise not solved (pending, or revealed and so to be solved again), in
    /// course order.
    pub fn first_unfinished(&self) -> Option<(usize, usize)> {
        (0..self.lessons.len()).find_map(|i| {
            (0..self.exercise_count(i))
                .find(|&n| self.status(i, n) != Status::Solved)
                .map(|n| (i, n))
        })
    }

    /// The status-bar text about fixed settings (`seed 42 · now 2026-10-08T03:45:49.000Z`),
    /// so a class can see that everyone's ids and clocks agree.
    pub fn fixed_settings(&self) -> Option<String> {
        let s = &self.settings;
        let seed = s.seed_fixed.then(|| format!("seed {}", s.seed));
        let now = s
            .now_fixed
            .then(|| format!("now {}", crate::bson::datetime::format_iso(s.now_ms)));
        match (seed, now) {
            (Some(a), Some(b)) => Some(format!("{a} · {b}")),
            (a, b) => a.or(b),
        }
    }
}

/// Replaces `field` by its escaped form when it has a control character.
fn escape_field(field: &mut String, escape: fn(&str) -> std::borrow::Cow<'_, str>) {
    if let std::borrow::Cow::Owned(escaped) = escape(field) {
        *field = escaped;
    }
}
