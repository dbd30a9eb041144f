//! A learner's progress: per exercise, solved / revealed / pending, attempts and hints used,
//! and where the learner was last. Stored as JSON; the library only converts to and from
//! text and merges, the binary reads and writes the file.
//!
//! Several instances (two terminals, the TUI and any number of `answer` commands) may share
//! one file. Each instance keeps a journal of what it did since it last saved (a [`Change`]
//! per record: its own new attempts, hints and seconds, the status it reached, its last
//! answers) and [`Progress::merge_changes`] adds that journal to what is on disk at the
//! moment of saving, field by field ([`Record::merge`]): attempts add up, solved wins over
//! revealed and pending, the later answer wins. So no instance undoes another's answers,
//! whatever the order of their saves. Fields this build does not know survive a save.

mod merge;
pub mod summary;

pub use merge::Change;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::strings::Lang;
use crate::strings::localize::Localize;

/// The format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;

/// Why a text is not progress this build can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressError {
    /// Not a progress file.
    NotProgress {
        /// serde's reason, with line and column (its own English).
        detail: String,
    },
    /// Written by a newer bson-tutor, whose format this build may misread.
    Newer {
        /// The file's format version (above [`VERSION`]).
        version: u32,
    },
}

impl Localize for ProgressError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use Lang::{En, Vi, Zh};
        use ProgressError as E;
        match (lang, self) {
            (En, E::NotProgress { detail }) => {
                write!(out, "not a bson-tutor progress file: {detail}")
            }
            (Vi, E::NotProgress { detail }) => {
                write!(out, "không phải tệp tiến độ của bson-tutor: {detail}")
            }
            (Zh, E::NotProgress { detail }) => write!(out, "不是 bson-tutor 的进度文件：{detail}"),
            (En, E::Newer { version }) => write!(
                out,
                "written by a newer bson-tutor (progress format version {version}, but this one \
                 reads up to version {VERSION})"
            ),
            (Vi, E::Newer { version }) => write!(
                out,
                "được ghi bởi một bson-tutor mới hơn (định dạng tiến độ phiên bản {version}, \
                 nhưng bản này chỉ đọc tới phiên bản {VERSION})"
            ),
            (Zh, E::Newer { version }) => write!(
                out,
                "由更新版本的 bson-tutor 写入（进度格式版本 {version}，而本程序最多读取版本 {VERSION}）"
            ),
        }
    }
}

impl fmt::Display for ProgressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for ProgressError {}

#[cfg(test)]
impl ProgressError {
    /// One value of every variant.
    pub(crate) fn every_variant() -> Vec<Self> {
        let all = vec![
            match Progress::from_json("{not json") {
                Err(e) => e,
                Ok(p) => panic!("{p:?}"),
            },
            ProgressError::Newer { version: 99 },
        ];
        for e in &all {
            // A new variant must be added above.
            match e {
                ProgressError::NotProgress { .. } | ProgressError::Newer { .. } => {}
            }
        }
        all
    }
}

/// Where an exercise stands for the learner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Not answered correctly yet.
    #[default]
    Pending,
    /// Answered correctly.
    Solved,
    /// The answer was shown after a wrong attempt: not counted as solved.
    Revealed,
}

impl Status {
    /// The word shown to the learner: `pending`, `solved` or `revealed`.
    pub fn label(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Solved => "solved",
            Status::Revealed => "revealed",
        }
    }
}

/// One exercise's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Where it stands.
    pub status: Status,
    /// Answers given.
    pub attempts: u32,
    /// Hints revealed.
    pub hints: u32,
    /// The last wrong answer, for a teacher's summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_wrong: Option<String>,
    /// The last answer given, right or wrong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_answer: Option<String>,
    /// Seconds spent on the exercise in the tutorial (while it was the open one).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seconds: u64,
    /// When `last_wrong` was saved, in Unix milliseconds: of two instances' last wrong
    /// answers, the later is kept. Files written before it existed lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_wrong_ms: Option<i64>,
    /// When `last_answer` was saved, in Unix milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_answer_ms: Option<i64>,
    /// Wrong answers given while the exercise was still pending (before it was solved or
    /// revealed): enough of them send a solved exercise to review. Files written before it
    /// existed lack it (0).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub missed: u32,
    /// Times the exercise was solved in review: a solve in review takes it out of review, and
    /// solves a revealed one.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub reviewed: u32,
    /// Fields this build does not know (a newer bson-tutor's), kept as they are.
    #[serde(flatten)]
    pub unknown: BTreeMap<String, serde_json::Value>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

/// Where the learner was: a lesson, and an exercise in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The lesson's id.
    pub lesson: String,
    /// The exercise number (1-based); 0 means at the lesson, before any exercise.
    pub exercise: usize,
}

/// Every record, keyed by `lesson-id#exercise-number` (1-based; see [`key`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Format of this file ([`VERSION`] for files this build writes).
    pub version: u32,
    /// The records.
    pub exercises: BTreeMap<String, Record>,
    /// Where the learner was last, to resume there. Files written before it existed lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Position>,
    /// Top-level fields this build does not know (a newer bson-tutor's), kept as they are.
    #[serde(flatten)]
    pub unknown: BTreeMap<String, serde_json::Value>,
    /// What this instance did since it loaded or last saved, per record key: what
    /// [`Progress::merge_changes`] adds to the file. Never written.
    #[serde(skip)]
    changes: BTreeMap<String, Change>,
}

/// The key of exercise `n` (1-based) of `lesson` in [`Progress::exercises`].
///
/// # Examples
/// ```
/// assert_eq!(bson_tutor::lesson::progress::key("bytes", 2), "bytes#2");
/// ```
pub fn key(lesson: &str, n: usize) -> String {
    format!("{lesson}#{n}")
}

/// The lesson and exercise number of a key, if it is one.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::progress::split_key;
/// assert_eq!(split_key("bytes#2"), Some(("bytes", 2)));
/// assert_eq!(split_key("bytes"), None);
/// ```
pub fn split_key(key: &str) -> Option<(&str, usize)> {
    let (lesson, n) = key.rsplit_once('#')?;
    Some((lesson, n.parse().ok()?))
}

impl Progress {
    /// Empty progress in the current format.
    pub fn new() -> Self {
        Progress {
            version: VERSION,
            ..Progress::default()
        }
    }

    /// Reads progress JSON. The version is not judged here: see [`Progress::check_version`].
    /// Fields this build does not know are kept, to be written back as they are.
    ///
    /// # Errors
    /// Text that is not a progress file, with serde's line and column.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::progress::Progress;
    /// let p = Progress::from_json(r#"{"version": 1, "exercises": {}}"#).unwrap();
    /// assert_eq!(p, Progress::new());
    /// assert!(Progress::from_json("{not json").is_err());
    /// let kept = Progress::from_json(r#"{"version": 1, "exercises": {}, "streak": 3}"#).unwrap();
    /// assert!(kept.to_json().contains(r#""streak": 3"#));
    /// ```
    pub fn from_json(text: &str) -> Result<Self, ProgressError> {
        serde_json::from_str(text).map_err(|e| ProgressError::NotProgress {
            detail: e.to_string(),
        })
    }

    /// Writes progress JSON (pretty, stable key order).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|_| "{}".into())
    }

    /// Refuses progress written by a newer bson-tutor, whose format this build may misread
    /// (and would then overwrite with less than it holds).
    ///
    /// # Errors
    /// A version above [`VERSION`], with both numbers.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::progress::Progress;
    /// let p = Progress::from_json(r#"{"version": 99, "exercises": {}}"#).unwrap();
    /// assert!(p.check_version().unwrap_err().to_string().contains("99"));
    /// ```
    pub fn check_version(&self) -> Result<(), ProgressError> {
        if self.version > VERSION {
            return Err(ProgressError::Newer {
                version: self.version,
            });
        }
        Ok(())
    }

    /// The record of exercise `n` of `lesson`.
    pub fn record(&self, lesson: &str, n: usize) -> Option<&Record> {
        self.exercises.get(&key(lesson, n))
    }

    /// What this instance did since it loaded or last saved, per record key.
    pub fn changes(&self) -> &BTreeMap<String, Change> {
        &self.changes
    }

    /// This progress with its journal emptied: what an instance holds right after a save.
    pub fn settled(mut self) -> Progress {
        self.changes.clear();
        self
    }

    /// The record of `k` and its journal entry, both created if need be.
    fn touch(&mut self, k: String) -> (&mut Record, &mut Record) {
        let record = self.exercises.entry(k.clone()).or_default();
        let change = self.changes.entry(k).or_default();
        (record, &mut change.delta)
    }

    /// Records an answer: a correct one solves the exercise (unless already revealed).
    pub fn answered(&mut self, lesson: &str, n: usize, answer: &str, correct: bool) {
        let (r, delta) = self.touch(key(lesson, n));
        r.attempts = r.attempts.saturating_add(1);
        delta.attempts = delta.attempts.saturating_add(1);
        if correct {
            if r.status == Status::Pending {
                r.status = Status::Solved;
                delta.status = Status::Solved;
            }
        } else {
            if r.status == Status::Pending {
                r.missed = r.missed.saturating_add(1);
                delta.missed = delta.missed.saturating_add(1);
            }
            r.last_wrong = Some(answer.to_owned());
            delta.last_wrong = Some(answer.to_owned());
            // Stamped when saved (the library reads no clock).
            r.last_wrong_ms = None;
            delta.last_wrong_ms = None;
        }
        r.last_answer = Some(answer.to_owned());
        delta.last_answer = Some(answer.to_owned());
        r.last_answer_ms = None;
        delta.last_answer_ms = None;
    }

    /// Records an answer given in review (the exercise shown again, perhaps with fresh
    /// values): an attempt like any other, and a correct one solves the exercise even when
    /// its answer was revealed before, and takes it out of review.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::progress::{Progress, Status};
    /// let mut p = Progress::new();
    /// p.answered("bytes", 1, "13", false);
    /// p.revealed("bytes", 1);
    /// p.answered("bytes", 1, "12", true);
    /// assert_eq!(p.record("bytes", 1).unwrap().status, Status::Revealed);
    /// p.answered_in_review("bytes", 1, "12", true);
    /// let r = p.record("bytes", 1).unwrap();
    /// assert_eq!((r.status, r.attempts, r.reviewed), (Status::Solved, 3, 1));
    /// ```
    pub fn answered_in_review(&mut self, lesson: &str, n: usize, answer: &str, correct: bool) {
        self.answered(lesson, n, answer, correct);
        if correct {
            let (r, delta) = self.touch(key(lesson, n));
            r.status = Status::Solved;
            delta.status = Status::Solved;
            r.reviewed = r.reviewed.saturating_add(1);
            delta.reviewed = delta.reviewed.saturating_add(1);
        }
    }

    /// Records that the answer was revealed.
    pub fn revealed(&mut self, lesson: &str, n: usize) {
        let (r, delta) = self.touch(key(lesson, n));
        if r.status == Status::Pending {
            r.status = Status::Revealed;
            delta.status = delta.status.join(Status::Revealed);
        }
    }

    /// Adds time spent on exercise `n` of `lesson`.
    pub fn spent(&mut self, lesson: &str, n: usize, seconds: u64) {
        if seconds > 0 {
            let (r, delta) = self.touch(key(lesson, n));
            r.seconds = r.seconds.saturating_add(seconds);
            delta.seconds = delta.seconds.saturating_add(seconds);
        }
    }

    /// Records that one more hint was shown.
    pub fn hinted(&mut self, lesson: &str, n: usize) {
        let (r, delta) = self.touch(key(lesson, n));
        r.hints = r.hints.saturating_add(1);
        delta.hints = delta.hints.saturating_add(1);
    }

    /// Forgets exercise `n` of `lesson`, also in the file when saved (with whatever another
    /// instance saved for it meanwhile), even when this instance holds no record of it.
    pub fn reset_exercise(&mut self, lesson: &str, n: usize) {
        let k = key(lesson, n);
        self.exercises.remove(&k);
        self.changes.insert(k, Change::reset());
    }

    /// Forgets every record of `lesson` and returns their keys (the changed keys to save).
    ///
    /// Another instance may hold records this one never loaded: to erase those as well, call
    /// [`Progress::reset_exercise`] for each of the lesson's exercises (or add their keys
    /// `key(lesson, 1..=count)` to the changed set given to [`Progress::merge_changes`]).
    pub fn reset_lesson(&mut self, lesson: &str) -> BTreeSet<String> {
        let keys: BTreeSet<String> = self
            .exercises
            .keys()
            .filter(|k| split_key(k).is_some_and(|(l, _)| l == lesson))
            .cloned()
            .collect();
        for k in &keys {
            self.exercises.remove(k);
            self.changes.insert(k.clone(), Change::reset());
        }
        keys
    }

    /// How many of the first `count` exercises of `lesson` are solved.
    pub fn solved(&self, lesson: &str, count: usize) -> usize {
        (1..=count)
            .filter(|&n| {
                self.record(lesson, n)
                    .is_some_and(|r| r.status == Status::Solved)
            })
            .count()
    }

    /// Whether lesson `lesson`, of `count` exercises, is complete: it has exercises and every
    /// one is solved (a revealed answer is not a solved one).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::progress::Progress;
    /// let mut p = Progress::new();
    /// p.answered("bytes", 1, "12", true);
    /// p.answered("bytes", 2, "x", false);
    /// p.revealed("bytes", 2);
    /// assert!(!p.complete("bytes", 2));
    /// assert!(p.complete("bytes", 1) && !p.complete("bytes", 0));
    /// ```
    pub fn complete(&self, lesson: &str, count: usize) -> bool {
        count > 0 && self.solved(lesson, count) == count
    }

    /// What to save when the file now holds `disk` and it is `now_ms` (Unix milliseconds):
    /// `disk` with this instance's journal added to it ([`Change::apply`]: attempts, hints
    /// and seconds add up, the better status wins, the later answer wins), and this
    /// instance's last position if it has one. A key in `changed` that this instance has
    /// neither a record nor a journal entry for is removed (a reset of records it never
    /// loaded). Everything else, fields this build does not know included, is the file's.
    /// The result has an empty journal: adopt it once it is written.
    ///
    /// This instance's answers are stamped `now_ms`, or just after the file's own stamp of
    /// the same record when that is later (a clock set back): of two saves, the later one's
    /// last answer is kept, and the stamps of a record never go back.
    ///
    /// # Examples
    /// ```
    /// use std::collections::BTreeSet;
    /// use bson_tutor::lesson::progress::{Progress, key};
    /// // Two instances loaded the same file and each answered the same exercise once.
    /// let (mut a, mut b) = (Progress::new(), Progress::new());
    /// a.answered("bytes", 1, "36", true);
    /// b.answered("bytes", 1, "99", false);
    /// let disk = a.merge_changes(Progress::new(), &BTreeSet::new(), 1_000);
    /// let disk = b.merge_changes(disk, &BTreeSet::new(), 1_001);
    /// let r = disk.record("bytes", 1).unwrap();
    /// assert_eq!((r.attempts, disk.solved("bytes", 1)), (2, 1));
    /// assert_eq!(r.last_answer.as_deref(), Some("99"));
    /// ```
    pub fn merge_changes(
        &self,
        disk: Progress,
        changed: &BTreeSet<String>,
        now_ms: i64,
    ) -> Progress {
        let mut merged = disk.settled();
        merged.version = VERSION;
        for (k, change) in &self.changes {
            let on_disk = merged.exercises.remove(k);
            let stamped = change.stamped(on_disk.as_ref(), now_ms);
            if let Some(r) = stamped.apply(on_disk) {
                merged.exercises.insert(k.clone(), r);
            }
        }
        for k in changed {
            if !self.changes.contains_key(k) && !self.exercises.contains_key(k) {
                merged.exercises.remove(k);
            }
        }
        if self.last.is_some() {
            merged.last.clone_from(&self.last);
        }
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(list: &[(&str, usize)]) -> BTreeSet<String> {
        list.iter().map(|&(l, n)| key(l, n)).collect()
    }

    #[test]
    fn every_error_speaks_every_language() {
        for e in ProgressError::every_variant() {
            // serde's reason is serde's own English.
            let serde = match &e {
                ProgressError::NotProgress { detail } => vec![detail.clone()],
                ProgressError::Newer { .. } => Vec::new(),
            };
            crate::lesson::testing::assert_localized(&e, &serde);
        }
    }

    #[test]
    fn records_round_trip_and_revealed_is_not_solved() {
        let mut p = Progress::new();
        p.answered("bytes", 1, "13", false);
        p.answered("bytes", 1, "12", true);
        p.revealed("bytes", 2);
        p.answered("bytes", 2, "x", true);
        p.hinted("bytes", 2);
        p.last = Some(Position {
            lesson: "bytes".into(),
            exercise: 2,
        });
        let back = Progress::from_json(&p.to_json()).unwrap();
        // The journal is never written.
        assert_eq!(back, p.clone().settled());
        assert!(back.changes().is_empty() && !p.changes().is_empty());
        assert_eq!(back.solved("bytes", 2), 1);
        assert_eq!(back.record("bytes", 1).unwrap().attempts, 2);
        assert_eq!(back.record("bytes", 2).unwrap().status, Status::Revealed);
        assert_eq!(back.record("bytes", 2).unwrap().hints, 1);
        assert!(Progress::from_json("[1]").is_err());
    }

    #[test]
    fn files_written_before_the_last_position_still_read() {
        let old = r#"{"version": 1, "exercises": {"bytes#2": {"status": "solved",
            "attempts": 2, "hints": 0, "last_wrong": "13"}}}"#;
        let p = Progress::from_json(old).unwrap();
        assert_eq!(p.last, None);
        assert_eq!(p.solved("bytes", 3), 1);
        assert!(p.check_version().is_ok());
        // And nothing new appears in the file until there is a position to keep.
        assert!(!Progress::new().to_json().contains("last"));
    }

    #[test]
    fn a_future_version_is_refused_with_both_versions() {
        let p = Progress::from_json(r#"{"version": 99, "exercises": {}}"#).unwrap();
        let e = p.check_version().unwrap_err().to_string();
        assert!(e.contains("99") && e.contains(&VERSION.to_string()), "{e}");
        assert!(Progress::new().check_version().is_ok());
    }

    #[test]
    fn two_instances_answering_different_exercises_both_survive() {
        let start = Progress::new();
        let (mut a, mut b) = (start.clone(), start.clone());
        a.answered("bytes", 1, "36", true);
        b.answered("bytes", 2, "13", false);
        b.hinted("bytes", 2);
        b.last = Some(Position {
            lesson: "bytes".into(),
            exercise: 2,
        });
        let disk = a.merge_changes(start, &keys(&[("bytes", 1)]), 1);
        let disk = b.merge_changes(disk, &keys(&[("bytes", 2)]), 2);
        assert_eq!(disk.record("bytes", 1).unwrap().status, Status::Solved);
        assert_eq!(disk.record("bytes", 2).unwrap().hints, 1);
        assert_eq!(disk.last.as_ref().unwrap().exercise, 2);
        // An instance without a position does not erase the other's.
        let disk = Progress::new().merge_changes(disk, &BTreeSet::new(), 3);
        assert_eq!(disk.last.as_ref().unwrap().exercise, 2);
    }

    #[test]
    fn a_reset_in_one_instance_is_not_undone_by_the_other() {
        let mut start = Progress::new();
        start.answered("bytes", 1, "36", true);
        start.answered("bytes", 2, "12", true);
        start.answered("dates", 1, "x", false);
        // As loaded from the file: nothing of it is this instance's to add.
        let start = start.settled();
        let (mut a, mut b) = (start.clone(), start.clone());
        let reset = a.reset_lesson("bytes");
        assert_eq!(reset, keys(&[("bytes", 1), ("bytes", 2)]));
        let disk = a.merge_changes(start, &reset, 1);
        // b still holds the old bytes records in memory, but only writes what it changed.
        b.answered("dates", 1, "y", true);
        let disk = b.merge_changes(disk, &keys(&[("dates", 1)]), 2);
        assert_eq!(disk.record("bytes", 1), None);
        assert_eq!(disk.record("bytes", 2), None);
        assert_eq!(disk.record("dates", 1).unwrap().status, Status::Solved);
        // One exercise alone.
        b.reset_exercise("dates", 1);
        let disk = b.merge_changes(disk, &keys(&[("dates", 1)]), 3);
        assert!(disk.exercises.is_empty(), "{disk:?}");
    }

    #[test]
    fn reset_lesson_leaves_lessons_with_a_longer_id_alone() {
        let mut p = Progress::new();
        p.answered("objectid", 1, "a", true);
        p.answered("objectid-order", 1, "a", true);
        p.exercises.insert("objectid#x".into(), Record::default());
        assert_eq!(p.reset_lesson("objectid"), keys(&[("objectid", 1)]));
        assert!(p.record("objectid-order", 1).is_some());
        assert!(p.exercises.contains_key("objectid#x"));
    }

    #[test]
    fn unknown_fields_survive_a_read_and_a_save() {
        let file = r#"{"version": 1, "streak": {"days": 3}, "exercises": {
            "bytes#1": {"status": "pending", "attempts": 1, "hints": 0, "badge": "gold"}},
            "theme": "dark"}"#;
        let disk = Progress::from_json(file).unwrap();
        let mut mine = disk.clone();
        mine.answered("bytes", 1, "36", true);
        mine.answered("bytes", 2, "12", true);
        let saved = mine.merge_changes(disk, &BTreeSet::new(), 1);
        let back: serde_json::Value = serde_json::from_str(&saved.to_json()).unwrap();
        assert_eq!(back["streak"]["days"], 3, "{back}");
        assert_eq!(back["theme"], "dark");
        assert_eq!(back["exercises"]["bytes#1"]["badge"], "gold");
        assert_eq!(back["exercises"]["bytes#1"]["attempts"], 2);
        assert_eq!(back["exercises"]["bytes#1"]["status"], "solved");
        assert_eq!(back["exercises"]["bytes#2"]["status"], "solved");
    }

    #[test]
    fn concurrent_right_and_wrong_answers_on_one_exercise_both_count() {
        // Both instances read the file before either saved: the old bug's race.
        let start = Progress::new();
        let (mut right, mut wrong) = (start.clone(), start.clone());
        right.answered("bytes", 1, "36", true);
        wrong.answered("bytes", 1, "99", false);
        for (first, second) in [(&right, &wrong), (&wrong, &right)] {
            let disk = first.merge_changes(start.clone(), &BTreeSet::new(), 1);
            let disk = second.merge_changes(disk, &BTreeSet::new(), 1);
            let r = disk.record("bytes", 1).unwrap();
            assert_eq!((r.attempts, r.status), (2, Status::Solved));
            assert_eq!(r.last_wrong.as_deref(), Some("99"));
        }
    }

    #[test]
    fn a_key_marked_changed_without_a_record_is_erased_from_the_file() {
        let mut disk = Progress::new();
        disk.answered("bytes", 3, "x", false);
        let disk = disk.merge_changes(Progress::new(), &BTreeSet::new(), 1);
        // This instance never loaded bytes#3, but resets the whole lesson.
        let mine = Progress::new();
        let saved = mine.merge_changes(disk.clone(), &keys(&[("bytes", 3)]), 2);
        assert_eq!(saved.record("bytes", 3), None);
        // reset_exercise does the same without the changed set.
        let mut mine = Progress::new();
        mine.reset_exercise("bytes", 3);
        assert_eq!(
            mine.merge_changes(disk, &BTreeSet::new(), 2)
                .record("bytes", 3),
            None
        );
    }
}
