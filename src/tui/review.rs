//! Honest progress in the tutorial: review and the end of the course.
//!
//! An exercise whose answer was revealed, or that was solved only after two or more wrong
//! answers, is due for review ([`crate::lesson::review`]). `R` (or the list's `Review (N)`
//! line) shows the next one again: its answer hidden, and, when the lesson gives it a `vary`
//! seed range, its lesson computed in the classroom of a seed drawn from that range (from the
//! binary's seed source, [`super::app::Settings::seed`]: `--seed` makes it reproducible).
//! A right answer there solves it. `c` continues at the first exercise not solved, which may
//! be a revealed one: it is shown for review the same way.

use super::app::{App, Mode, Notice, Reviewing};
use super::keymap::{Context, key_for};
use super::message::{Focus, Message};
use crate::lesson::compute::Classroom;
use crate::lesson::progress::summary::Course;
use crate::lesson::review::{self, Item, Reason};
use crate::strings::{tr, trf};

impl App {
    /// The exercises due for review, in course order.
    pub fn review_items(&self) -> Vec<Item> {
        review::items(&self.lessons, &self.progress)
    }

    /// The course's counts, for its summary.
    pub fn course(&self) -> Course {
        Course::new(&self.lessons, &self.progress)
    }

    /// Whether exercise `n` of lesson `i` is the one shown for review.
    pub fn in_review(&self, i: usize, n: usize) -> bool {
        self.reviewing
            .is_some_and(|r| (r.lesson, r.exercise) == (i, n))
    }

    /// The classroom lesson `i` is computed and judged in: a review's seed when one of its
    /// exercises is being reviewed, the class's otherwise.
    pub fn room_for(&self, i: usize) -> Classroom {
        let class = self.settings.classroom();
        match self.reviewing {
            Some(Reviewing {
                lesson,
                seed: Some(seed),
                ..
            }) if lesson == i => Classroom {
                seed: Some(seed),
                ..class
            },
            _ => class,
        }
    }

    /// Shows `item` for review: its lesson in the classroom of a seed of its range, the
    /// answer hidden, the keyboard on the answer line.
    pub fn start_review(&mut self, item: &Item) {
        let Some(id) = self.lessons.get(item.lesson).map(|l| l.id.clone()) else {
            return;
        };
        let seed = item.seed(&id, self.settings.seed, &self.progress);
        self.reviewing = Some(Reviewing {
            lesson: item.lesson,
            exercise: item.exercise - 1,
            seed,
            reason: item.reason,
        });
        self.mode = Mode::Browse;
        self.open_lesson(item.lesson);
        self.select_exercise(item.exercise - 1);
        self.answer.set("");
        self.focus = Focus::Answer;
    }

    /// `R`: the next exercise due for review after the one on screen, in course order (the
    /// first again after the last); a notice when there is none.
    pub fn review_next(&mut self) {
        let items = self.review_items();
        let lang = self.settings.lang;
        if items.is_empty() {
            self.reviewing = None;
            self.notice = Some(Notice {
                text: trf(
                    lang,
                    "nothing to review: no answer revealed, and no exercise solved after {n} or more wrong answers",
                    &[&review::MISSED_AFTER],
                ),
                error: false,
            });
            return;
        }
        let here = (self.lesson, self.exercise + 1);
        let at = items
            .iter()
            .position(|i| (i.lesson, i.exercise) > here)
            .unwrap_or(0);
        let item = items[at].clone();
        self.start_review(&item);
        let reason = match item.reason {
            Reason::Revealed => tr(lang, "its answer was revealed").to_owned(),
            Reason::Missed { wrong } => trf(lang, "solved after {n} wrong answers", &[&wrong]),
        };
        let mut text = trf(
            lang,
            "review {n} of {total}: {reason}",
            &[&(at + 1), &items.len(), &reason],
        );
        if let Some(seed) = self.reviewing.and_then(|r| r.seed) {
            text.push_str(&trf(lang, "; new values (seed {seed})", &[&seed]));
        }
        self.notice = Some(Notice { text, error: false });
    }

    /// `c` on an exercise not solved: a revealed one is shown for review (its answer hidden,
    /// fresh values where it has a range), since only a right answer solves it.
    pub fn continue_at(&mut self, lesson: usize, n: usize) {
        let item = self
            .review_items()
            .into_iter()
            .find(|i| (i.lesson, i.exercise) == (lesson, n + 1));
        match item {
            Some(item) => self.start_review(&item),
            None => {
                if lesson != self.lesson {
                    self.open_lesson(lesson);
                }
                self.select_exercise(n);
                self.focus = Focus::Answer;
            }
        }
    }

    /// Records an answer to exercise `n` of lesson `i` (`id`): in review, a right one solves
    /// it (and may complete its lesson or the course: their overlay shows).
    pub fn record_answer(&mut self, i: usize, n: usize, text: &str, correct: bool) {
        let Some(id) = self.lessons.get(i).map(|l| l.id.clone()) else {
            return;
        };
        if !self.in_review(i, n) {
            self.progress.answered(&id, n + 1, text, correct);
            return;
        }
        let complete = self.lesson_complete(i);
        self.progress.answered_in_review(&id, n + 1, text, correct);
        if !correct {
            return;
        }
        let lang = self.settings.lang;
        let left = self.review_items().len();
        let text = if left > 0 {
            let key = key_for(Context::Commands, &Message::Review, lang);
            trf(
                lang,
                "solved in review; {n} left: {key_for} shows the next",
                &[&left, &key],
            )
        } else {
            tr(lang, "solved in review; nothing left to review").to_owned()
        };
        self.notice = Some(Notice { text, error: false });
        if !complete && self.lesson_complete(i) && self.mode == Mode::Browse {
            self.mode = self.lesson_end(i);
        }
    }

    /// What shows when lesson `i` has just ended (no exercise of it left unanswered): the
    /// course summary after the last lesson or once no exercise of the course is left,
    /// otherwise the lesson's own overlay.
    pub fn lesson_end(&self, i: usize) -> Mode {
        if i + 1 >= self.lessons.len() || self.course().finished() {
            Mode::Course
        } else {
            Mode::Complete { lesson: i }
        }
    }

    /// Leaves the review when exercise `n` of the open lesson is not the one reviewed: the
    /// page is computed again in the class's classroom when it had a review's seed. `true`
    /// when that was asked for (the page then shows `n`).
    pub(super) fn leave_review(&mut self, n: usize) -> bool {
        let Some(r) = self.reviewing else {
            return false;
        };
        if (r.lesson, r.exercise) == (self.lesson, n) {
            return false;
        }
        self.reviewing = None;
        if self.page_room == self.room_for(self.lesson) {
            return false;
        }
        let lesson = self.lesson;
        self.open_lesson(lesson);
        self.select_exercise(n);
        true
    }

    /// The exercise panel's note on a review: `review` and the seed of its values.
    pub fn review_note(&self) -> Option<String> {
        let r = self
            .reviewing
            .filter(|r| (r.lesson, r.exercise) == (self.lesson, self.exercise))?;
        let lang = self.settings.lang;
        Some(match r.seed {
            Some(seed) => trf(lang, "review, seed {seed}", &[&seed]),
            None => tr(lang, "review").to_owned(),
        })
    }
}
