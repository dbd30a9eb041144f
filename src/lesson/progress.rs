//! A learner's progress: per exercise, solved / revealed / pending, attempts and hints used.
//! Stored as JSON; the library only converts to and from text, the binary reads and writes
//! the file.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

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
}

/// Every record, keyed by `lesson-id#exercise-number` (1-based).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Format of this file.
    pub version: u32,
    /// The records.
    pub exercises: BTreeMap<String, Record>,
}

impl Progress {
    /// Reads progress JSON.
    ///
    /// # Errors
    /// Text that is not a progress file, with serde's line and column.
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("not a bson-tutor progress file: {e}"))
    }

    /// Writes progress JSON (pretty, stable key order).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|_| "{}".into())
    }

    /// The record of exercise `n` of `lesson`.
    pub fn record(&self, lesson: &str, n: usize) -> Option<&Record> {
        self.exercises.get(&key(lesson, n))
    }

    /// Records an answer: a correct one solves the exercise (unless already revealed).
    pub fn answered(&mut self, lesson: &str, n: usize, answer: &str, correct: bool) {
        let r = self.exercises.entry(key(lesson, n)).or_default();
        r.attempts += 1;
        if correct {
            if r.status == Status::Pending {
                r.status = Status::Solved;
            }
        } else {
            r.last_wrong = Some(answer.to_owned());
        }
    }

    /// Records that the answer was revealed.
    pub fn revealed(&mut self, lesson: &str, n: usize) {
        let r = self.exercises.entry(key(lesson, n)).or_default();
        if r.status == Status::Pending {
            r.status = Status::Revealed;
        }
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
}

fn key(lesson: &str, n: usize) -> String {
    format!("{lesson}#{n}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_revealed_is_not_solved() {
        let mut p = Progress {
            version: 1,
            ..Progress::default()
        };
        p.answered("bytes", 1, "13", false);
        p.answered("bytes", 1, "12", true);
        p.revealed("bytes", 2);
        p.answered("bytes", 2, "x", true);
        let back = Progress::from_json(&p.to_json()).unwrap();
        assert_eq!(back, p);
        assert_eq!(back.solved("bytes", 2), 1);
        assert_eq!(back.record("bytes", 1).unwrap().attempts, 2);
        assert_eq!(back.record("bytes", 2).unwrap().status, Status::Revealed);
        assert!(Progress::from_json("[1]").is_err());
    }
}
