//! Review: the exercises that come back. An exercise whose answer was revealed, or that was
//! solved only after [`MISSED_AFTER`] or more wrong answers, is due for review until it is
//! solved in review ([`Progress::answered_in_review`]). In review it is shown again, with
//! fresh values when it declares a `vary` seed range ([`crate::lesson::vary`]).

use super::model::Lesson;
use super::progress::{Progress, Record, Status};
use super::vary;

/// Wrong answers before a solve that send the exercise to review: two or more.
pub const MISSED_AFTER: u32 = 2;

/// Why an exercise is due for review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Its answer was revealed: it is not solved yet.
    Revealed,
    /// It was solved after this many wrong answers (at least [`MISSED_AFTER`]).
    Missed {
        /// The wrong answers given before it was solved.
        wrong: u32,
    },
}

/// Whether the exercise of `record` is due for review, and why.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::progress::{Record, Status};
/// use bson_tutor::lesson::review::{Reason, due};
/// let revealed = Record { status: Status::Revealed, ..Record::default() };
/// assert_eq!(due(&revealed), Some(Reason::Revealed));
/// let missed = Record { status: Status::Solved, attempts: 3, missed: 2, ..Record::default() };
/// assert_eq!(due(&missed), Some(Reason::Missed { wrong: 2 }));
/// let reviewed = Record { reviewed: 1, ..missed };
/// assert_eq!(due(&reviewed), None);
/// ```
pub fn due(record: &Record) -> Option<Reason> {
    match record.status {
        Status::Revealed => Some(Reason::Revealed),
        Status::Solved if record.reviewed == 0 && record.missed >= MISSED_AFTER => {
            Some(Reason::Missed {
                wrong: record.missed,
            })
        }
        Status::Solved | Status::Pending => None,
    }
}

/// One exercise due for review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The lesson, by its index in the lessons given.
    pub lesson: usize,
    /// The exercise's number in its lesson (1-based, as progress keys number it).
    pub exercise: usize,
    /// Why it is due.
    pub reason: Reason,
    /// The seeds it may come back with (its `vary`), if any.
    pub vary: Option<[u64; 2]>,
}

impl Item {
    /// The classroom seed to show it with in review: drawn from its `vary` range by `source`
    /// (the binary's seed source) and the round (how often it was solved in review), `None`
    /// without a range (it comes back as the class sees it).
    pub fn seed(&self, lesson_id: &str, source: u64, progress: &Progress) -> Option<u64> {
        let round = progress
            .record(lesson_id, self.exercise)
            .map_or(0, |r| r.reviewed);
        let salt = format!("{lesson_id}#{}/{round}", self.exercise);
        self.vary.map(|range| vary::draw(range, source, &salt))
    }
}

/// The exercises of `lessons` (in the order given: course order) due for review, in order.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::{builtin, progress::Progress, review};
/// let lessons = builtin::lessons();
/// let mut p = Progress::new();
/// p.answered(&lessons[0].id, 2, "x", false);
/// p.revealed(&lessons[0].id, 2);
/// let items = review::items(&lessons, &p);
/// assert_eq!((items[0].lesson, items[0].exercise), (0, 2));
/// assert_eq!(items[0].reason, review::Reason::Revealed);
/// ```
pub fn items<'a>(lessons: impl IntoIterator<Item = &'a Lesson>, progress: &Progress) -> Vec<Item> {
    let mut out = Vec::new();
    for (i, lesson) in lessons.into_iter().enumerate() {
        for (n, ex) in lesson.exercises().enumerate() {
            if let Some(reason) = progress.record(&lesson.id, n + 1).and_then(due) {
                out.push(Item {
                    lesson: i,
                    exercise: n + 1,
                    reason,
                    vary: ex.vary,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::builtin;

    #[test]
    fn revealed_and_twice_missed_exercises_are_due_until_solved_in_review() {
        let lessons = builtin::lessons();
        let id = lessons[0].id.clone();
        let mut p = Progress::new();
        // Solved at once, and solved after one wrong answer: not due.
        p.answered(&id, 1, "right", true);
        p.answered(&id, 2, "wrong", false);
        p.answered(&id, 2, "right", true);
        // Two wrong answers, then right: due.
        p.answered(&id, 3, "wrong", false);
        p.answered(&id, 3, "wrong", false);
        p.answered(&id, 3, "right", true);
        // Revealed: due.
        p.answered(&id, 4, "wrong", false);
        p.revealed(&id, 4);
        // Wrong answers after a solve are practice, not misses.
        p.answered(&id, 5, "right", true);
        p.answered(&id, 5, "wrong", false);
        p.answered(&id, 5, "wrong", false);
        let due: Vec<(usize, Reason)> = items(&lessons, &p)
            .iter()
            .map(|i| (i.exercise, i.reason))
            .collect();
        assert_eq!(
            due,
            [(3, Reason::Missed { wrong: 2 }), (4, Reason::Revealed)]
        );
        // A wrong answer in review keeps it due; a right one takes it out, and solves the
        // revealed one.
        p.answered_in_review(&id, 4, "wrong", false);
        assert_eq!(items(&lessons, &p).len(), 2);
        p.answered_in_review(&id, 4, "right", true);
        p.answered_in_review(&id, 3, "right", true);
        assert_eq!(items(&lessons, &p), []);
        assert_eq!(p.record(&id, 4).map(|r| r.status), Some(Status::Solved));
    }

    #[test]
    fn an_item_with_a_range_is_shown_with_a_seed_of_it_and_the_next_round_draws_again() {
        let item = Item {
            lesson: 0,
            exercise: 2,
            reason: Reason::Revealed,
            vary: Some([1, 1000]),
        };
        let mut p = Progress::new();
        let first = item.seed("x", 42, &p).unwrap();
        assert!((1..=1000).contains(&first));
        assert_eq!(
            item.seed("x", 42, &p),
            Some(first),
            "the same source, the same seed"
        );
        p.answered_in_review("x", 2, "right", true);
        assert_ne!(
            item.seed("x", 42, &p),
            Some(first),
            "a new round, a new seed"
        );
        let plain = Item { vary: None, ..item };
        assert_eq!(plain.seed("x", 42, &p), None);
    }
}
