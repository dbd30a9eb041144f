//! The course as a learner finished it: solved, revealed and pending exercises, answers,
//! hints and time, and the lessons to revisit. Shown at the end of the course in the
//! tutorial and by `bson-tutor progress`.

use super::{Progress, Status};
use crate::lesson::model::Lesson;
use crate::lesson::review::{self, Reason};
use crate::strings::{Lang, tr, trf, trn};

/// One lesson's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonTally {
    /// The lesson, by its index in the lessons given.
    pub lesson: usize,
    /// Its position in the course.
    pub order: u32,
    /// Its title (as given: already translated, escaped by whoever shows it).
    pub title: String,
    /// Its exercises.
    pub exercises: usize,
    /// Exercises solved.
    pub solved: usize,
    /// Exercises whose answer was revealed (and not solved since).
    pub revealed: usize,
    /// Exercises solved only after [`review::MISSED_AFTER`] or more wrong answers, not yet
    /// solved in review.
    pub missed: usize,
}

impl LessonTally {
    /// Exercises neither solved nor revealed.
    pub fn pending(&self) -> usize {
        self.exercises - self.solved - self.revealed
    }

    /// Whether the lesson is worth another look: an exercise due for review in it (revealed,
    /// or solved after wrong answers). A lesson only not finished is not one to revisit.
    pub fn to_revisit(&self) -> bool {
        self.revealed > 0 || self.missed > 0
    }
}

/// The whole course's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    /// Each lesson with exercises, in the order given (course order).
    pub lessons: Vec<LessonTally>,
    /// Answers given (attempts), over the course's exercises.
    pub attempts: u64,
    /// Hints shown.
    pub hints: u64,
    /// Seconds spent on exercises in the tutorial.
    pub seconds: u64,
}

impl Course {
    /// Counts `progress` over `lessons` (course order); records of other lessons are left out.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::{builtin, progress::{Progress, summary::Course}};
    /// let lessons = builtin::lessons();
    /// let mut p = Progress::new();
    /// p.answered(&lessons[0].id, 1, "x", false);
    /// p.revealed(&lessons[0].id, 1);
    /// let course = Course::new(&lessons, &p);
    /// assert_eq!((course.solved(), course.revealed(), course.attempts), (0, 1, 1));
    /// assert!(!course.complete() && !course.finished());
    /// ```
    pub fn new<'a>(lessons: impl IntoIterator<Item = &'a Lesson>, progress: &Progress) -> Course {
        let mut course = Course {
            lessons: Vec::new(),
            attempts: 0,
            hints: 0,
            seconds: 0,
        };
        for (i, lesson) in lessons.into_iter().enumerate() {
            let exercises = lesson.exercises().count();
            if exercises == 0 {
                continue;
            }
            let mut tally = LessonTally {
                lesson: i,
                order: lesson.order,
                title: lesson.title.clone(),
                exercises,
                solved: 0,
                revealed: 0,
                missed: 0,
            };
            for n in 1..=exercises {
                let Some(r) = progress.record(&lesson.id, n) else {
                    continue;
                };
                match r.status {
                    Status::Solved => tally.solved += 1,
                    Status::Revealed => tally.revealed += 1,
                    Status::Pending => {}
                }
                if let Some(Reason::Missed { .. }) = review::due(r) {
                    tally.missed += 1;
                }
                course.attempts += u64::from(r.attempts);
                course.hints += u64::from(r.hints);
                course.seconds = course.seconds.saturating_add(r.seconds);
            }
            course.lessons.push(tally);
        }
        course
    }

    /// The course's exercises.
    pub fn exercises(&self) -> usize {
        self.lessons.iter().map(|l| l.exercises).sum()
    }

    /// Exercises solved.
    pub fn solved(&self) -> usize {
        self.lessons.iter().map(|l| l.solved).sum()
    }

    /// Exercises revealed (not solved since).
    pub fn revealed(&self) -> usize {
        self.lessons.iter().map(|l| l.revealed).sum()
    }

    /// Exercises neither solved nor revealed.
    pub fn pending(&self) -> usize {
        self.lessons.iter().map(LessonTally::pending).sum()
    }

    /// Exercises due for review: revealed, or solved after too many wrong answers.
    pub fn review(&self) -> usize {
        self.lessons.iter().map(|l| l.revealed + l.missed).sum()
    }

    /// Every exercise solved.
    pub fn complete(&self) -> bool {
        self.exercises() > 0 && self.solved() == self.exercises()
    }

    /// No exercise left unanswered (each solved or revealed): the end of the course.
    pub fn finished(&self) -> bool {
        self.exercises() > 0 && self.pending() == 0
    }

    /// The summary as lines of text in `lang`: the counts, then the lessons to revisit with
    /// what is left in each. Titles are as given (escape them before a terminal sees them).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::{builtin, progress::{Progress, summary::Course}};
    /// use bson_tutor::strings::Lang;
    /// let lessons = builtin::lessons();
    /// let mut p = Progress::new();
    /// p.answered(&lessons[0].id, 1, "36", true);
    /// let lines = Course::new(&lessons, &p).lines(Lang::En);
    /// assert!(lines[0].starts_with("1 of "), "{lines:?}");
    /// ```
    pub fn lines(&self, lang: Lang) -> Vec<String> {
        let total = self.exercises();
        let mut counts = vec![trf(
            lang,
            "{solved} of {total} solved",
            &[&self.solved(), &total],
        )];
        if self.revealed() > 0 {
            counts.push(trf(lang, "{n} revealed", &[&self.revealed()]));
        }
        if self.pending() > 0 {
            counts.push(trf(lang, "{n} not answered yet", &[&self.pending()]));
        }
        let mut lines = vec![join(lang, &counts)];
        let attempts = self.attempts;
        let time = duration(self.seconds, lang);
        lines.push(join(
            lang,
            &[
                trn(lang, attempts, "{n} answer", "{n} answers", &[&attempts]),
                trn(lang, self.hints, "{n} hint", "{n} hints", &[&self.hints]),
                trf(lang, "{time} on exercises", &[&time]),
            ],
        ));
        let revisit: Vec<&LessonTally> = self.lessons.iter().filter(|l| l.to_revisit()).collect();
        if revisit.is_empty() {
            if self.complete() {
                lines.push(tr(lang, "Nothing left to revisit.").into());
            }
            return lines;
        }
        lines.push(tr(lang, "Lessons to revisit:").into());
        for l in revisit {
            let mut left = Vec::new();
            if l.revealed > 0 {
                left.push(trf(lang, "{n} revealed", &[&l.revealed]));
            }
            if l.missed > 0 {
                left.push(trf(lang, "{n} solved after wrong answers", &[&l.missed]));
            }
            if l.pending() > 0 {
                left.push(trf(lang, "{n} not answered yet", &[&l.pending()]));
            }
            let left = join(lang, &left);
            let line = trf(
                lang,
                "{order}. {title}: {left}",
                &[&l.order, &l.title, &left],
            );
            lines.push(format!("  {line}"));
        }
        lines
    }
}

/// Parts of a sentence as a list: `a, b` (`a，b` in Chinese).
fn join(lang: Lang, parts: &[String]) -> String {
    parts.join(if lang == Lang::Zh { "，" } else { ", " })
}

/// Seconds as a learner reads a duration: `45 s`, `12 min`, `1 h 5 min`.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::progress::summary::duration;
/// use bson_tutor::strings::Lang;
/// assert_eq!(duration(45, Lang::En), "45 s");
/// assert_eq!(duration(12 * 60 + 30, Lang::En), "12 min");
/// assert_eq!(duration(3900, Lang::En), "1 h 5 min");
/// ```
pub fn duration(seconds: u64, lang: Lang) -> String {
    let minutes = seconds / 60;
    match (minutes / 60, minutes % 60) {
        (0, 0) => trf(lang, "{s} s", &[&seconds]),
        (0, m) => trf(lang, "{m} min", &[&m]),
        (h, m) => trf(lang, "{h} h {m} min", &[&h, &m]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::builtin;

    #[test]
    fn counts_follow_the_status_rules_and_name_the_lessons_to_revisit() {
        let lessons = builtin::lessons();
        let mut p = Progress::new();
        let first = &lessons[0];
        let count = first.exercises().count();
        for n in 1..=count {
            p.answered(&first.id, n, "right", true);
        }
        // Lesson 2: one revealed, one solved after two wrong answers, the rest pending.
        let second = &lessons[1];
        p.answered(&second.id, 1, "wrong", false);
        p.revealed(&second.id, 1);
        p.answered(&second.id, 2, "wrong", false);
        p.answered(&second.id, 2, "wrong", false);
        p.answered(&second.id, 2, "right", true);
        p.spent(&second.id, 2, 3700);
        p.hinted(&second.id, 2);
        let course = Course::new(&lessons, &p);
        assert_eq!(course.solved(), count + 1);
        assert_eq!((course.revealed(), course.review()), (1, 2));
        assert_eq!(course.attempts, count as u64 + 4);
        assert_eq!((course.hints, course.seconds), (1, 3700));
        assert!(!course.complete() && !course.finished());
        let lines = course.lines(Lang::En);
        assert_eq!(
            lines[1],
            format!("{} answers, 1 hint, 1 h 1 min on exercises", count + 4)
        );
        let revisit = lines
            .iter()
            .position(|l| l == "Lessons to revisit:")
            .unwrap();
        let pending = second.exercises().count() - 2;
        assert_eq!(
            lines[revisit + 1],
            format!(
                "  {}. {}: 1 revealed, 1 solved after wrong answers, {pending} not answered yet",
                second.order, second.title
            )
        );
        // The complete first lesson is not listed.
        assert!(!lines.iter().any(|l| l.contains(&first.title)), "{lines:?}");
    }

    #[test]
    fn a_course_is_complete_only_when_every_exercise_is_solved() {
        let lessons = builtin::lessons();
        let mut p = Progress::new();
        for l in &lessons {
            for n in 1..=l.exercises().count() {
                p.answered(&l.id, n, "wrong", false);
                p.revealed(&l.id, n);
            }
        }
        let course = Course::new(&lessons, &p);
        assert!(course.finished() && !course.complete());
        assert_eq!(course.review(), course.exercises());
        for l in &lessons {
            for n in 1..=l.exercises().count() {
                p.answered_in_review(&l.id, n, "right", true);
            }
        }
        let course = Course::new(&lessons, &p);
        assert!(course.finished() && course.complete());
        let lines = course.lines(Lang::En);
        assert_eq!(
            lines.last().map(String::as_str),
            Some("Nothing left to revisit.")
        );
    }

    #[test]
    fn durations_read_in_every_language() {
        assert_eq!(duration(0, Lang::En), "0 s");
        assert_eq!(duration(59, Lang::Vi), "59 giây");
        assert_eq!(duration(7200, Lang::Zh), "2 小时 0 分钟");
    }
}
