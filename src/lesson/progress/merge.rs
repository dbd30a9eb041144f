//! How two instances' work on one record combines: field by field, so that the order of
//! their saves does not matter and no attempt is lost.
//!
//! A [`Record`] doubles as a delta: the attempts, hints and seconds one instance added, the
//! status it reached, its last answers. [`Record::merge`] is a join: counts add up, status
//! takes the better of the two (solved over revealed over pending), each last answer the
//! later by its stamp. It is commutative and associative (counts saturate at their maximum,
//! far beyond any learner), so N instances saving in any order reach the same record.
//! A reset is the one step that is not: it drops what the file held before it.

use super::{Record, Status};

/// What one instance did to one record since it loaded or last saved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Change {
    /// The record was reset first: the file's record is dropped before `delta` applies.
    pub reset: bool,
    /// What the instance added after that (all zero and `None` when it only reset).
    pub delta: Record,
}

impl Change {
    /// A reset with nothing done since.
    pub fn reset() -> Change {
        Change {
            reset: true,
            delta: Record::default(),
        }
    }

    /// The record after this change, given the file's (`None`: the file has none; `None`
    /// back: the record is removed).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::progress::{Change, Record, Status};
    /// let file = Record { attempts: 3, ..Record::default() };
    /// let mine = Change {
    ///     reset: false,
    ///     delta: Record { attempts: 1, status: Status::Solved, ..Record::default() },
    /// };
    /// let r = mine.apply(Some(file.clone())).unwrap();
    /// assert_eq!((r.attempts, r.status), (4, Status::Solved));
    /// assert_eq!(Change::reset().apply(Some(file)), None);
    /// ```
    pub fn apply(&self, file: Option<Record>) -> Option<Record> {
        let base = if self.reset { None } else { file };
        if self.delta == Record::default() {
            return base;
        }
        let mut record = base.unwrap_or_default();
        record.merge(&self.delta);
        Some(record)
    }

    /// This change with its unstamped answers stamped `now_ms`, or one millisecond after
    /// the file's stamp of the same answer when that is later (a clock set back, another
    /// machine's clock ahead): a save's answer is never older than the one it follows.
    pub(super) fn stamped(&self, file: Option<&Record>, now_ms: i64) -> Change {
        let mut change = self.clone();
        let after =
            |theirs: Option<i64>| theirs.map_or(now_ms, |t| now_ms.max(t.saturating_add(1)));
        let d = &mut change.delta;
        if d.last_answer.is_some() && d.last_answer_ms.is_none() {
            d.last_answer_ms = Some(after(file.and_then(|r| r.last_answer_ms)));
        }
        if d.last_wrong.is_some() && d.last_wrong_ms.is_none() {
            d.last_wrong_ms = Some(after(file.and_then(|r| r.last_wrong_ms)));
        }
        change
    }
}

impl Status {
    /// The better of two: solved over revealed over pending (an instance that solved the
    /// exercise wins over one that revealed it at the same time).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::progress::Status;
    /// assert_eq!(Status::Revealed.join(Status::Solved), Status::Solved);
    /// assert_eq!(Status::Pending.join(Status::Revealed), Status::Revealed);
    /// ```
    pub fn join(self, other: Status) -> Status {
        let rank = |s: Status| match s {
            Status::Pending => 0,
            Status::Revealed => 1,
            Status::Solved => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

impl Record {
    /// Adds `other` (another instance's delta, or a record) to this record: attempts, hints
    /// and seconds add up (saturating), the status is the better one, each last answer the
    /// later by its stamp (an unstamped one, from an older file, counts as oldest; equal
    /// stamps keep the greater text, so the order of merging never matters). Fields this
    /// build does not know are this record's, and `other`'s where this one has none.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::progress::{Record, Status};
    /// let mut r = Record { attempts: 2, status: Status::Revealed, ..Record::default() };
    /// r.merge(&Record { attempts: 1, status: Status::Solved, ..Record::default() });
    /// assert_eq!((r.attempts, r.status), (3, Status::Solved));
    /// ```
    pub fn merge(&mut self, other: &Record) {
        self.status = self.status.join(other.status);
        self.attempts = self.attempts.saturating_add(other.attempts);
        self.hints = self.hints.saturating_add(other.hints);
        self.seconds = self.seconds.saturating_add(other.seconds);
        self.missed = self.missed.saturating_add(other.missed);
        self.reviewed = self.reviewed.saturating_add(other.reviewed);
        later(
            (&mut self.last_answer, &mut self.last_answer_ms),
            (&other.last_answer, other.last_answer_ms),
        );
        later(
            (&mut self.last_wrong, &mut self.last_wrong_ms),
            (&other.last_wrong, other.last_wrong_ms),
        );
        for (k, v) in &other.unknown {
            self.unknown.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
}

/// Keeps in `mine` the later of two stamped answers: by stamp (none is oldest), then by
/// text. An answer that is absent gives way to any other.
fn later(mine: (&mut Option<String>, &mut Option<i64>), theirs: (&Option<String>, Option<i64>)) {
    let (text, stamp) = mine;
    let Some(their_text) = theirs.0 else {
        return;
    };
    let take = match text.as_ref() {
        None => true,
        Some(t) => (theirs.1, their_text) > (*stamp, t),
    };
    if take {
        *text = Some(their_text.clone());
        *stamp = theirs.1;
    }
    if text.is_none() {
        *stamp = None;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Progress, key};
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn status() -> impl Strategy<Value = Status> {
        prop_oneof![
            Just(Status::Pending),
            Just(Status::Revealed),
            Just(Status::Solved)
        ]
    }

    fn answer() -> impl Strategy<Value = (Option<String>, Option<i64>)> {
        prop_oneof![
            Just((None, None)),
            ("[a-c]{0,2}", proptest::option::of(0i64..5)).prop_map(|(t, s)| (Some(t), s)),
        ]
    }

    /// A record or a delta, with counts far from saturation and no unknown fields (those
    /// are the file's own and never in a delta).
    fn record() -> impl Strategy<Value = Record> {
        (
            status(),
            0u32..1000,
            0u32..50,
            0u64..10_000,
            answer(),
            answer(),
            (0u32..20, 0u32..5),
        )
            .prop_map(
                |(
                    status,
                    attempts,
                    hints,
                    seconds,
                    (last_answer, answer_ms),
                    (last_wrong, wrong_ms),
                    (missed, reviewed),
                )| {
                    Record {
                        status,
                        attempts,
                        hints,
                        seconds,
                        last_answer,
                        last_answer_ms: answer_ms,
                        last_wrong,
                        last_wrong_ms: wrong_ms,
                        missed,
                        reviewed,
                        unknown: Default::default(),
                    }
                },
            )
    }

    fn merged(a: &Record, b: &Record) -> Record {
        let mut m = a.clone();
        m.merge(b);
        m
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn merge_is_commutative_and_associative(a in record(), b in record(), c in record()) {
            prop_assert_eq!(merged(&a, &b), merged(&b, &a));
            prop_assert_eq!(merged(&merged(&a, &b), &c), merged(&a, &merged(&b, &c)));
            // The empty record is the identity.
            prop_assert_eq!(merged(&a, &Record::default()), a.clone());
            prop_assert_eq!(merged(&Record::default(), &a), a);
        }

        #[test]
        fn merge_loses_no_attempt_and_solved_wins(a in record(), b in record()) {
            let m = merged(&a, &b);
            prop_assert_eq!(m.attempts, a.attempts + b.attempts);
            prop_assert_eq!(m.hints, a.hints + b.hints);
            prop_assert_eq!(m.seconds, a.seconds + b.seconds);
            prop_assert_eq!(m.missed, a.missed + b.missed);
            prop_assert_eq!(m.reviewed, a.reviewed + b.reviewed);
            if a.status == Status::Solved || b.status == Status::Solved {
                prop_assert_eq!(m.status, Status::Solved);
            }
            // The last answer is one of the two, never older than either.
            if let Some(t) = &m.last_answer {
                prop_assert!(Some(t) == a.last_answer.as_ref() || Some(t) == b.last_answer.as_ref());
                prop_assert!(m.last_answer_ms >= a.last_answer_ms.filter(|_| a.last_answer.is_some()));
                prop_assert!(m.last_answer_ms >= b.last_answer_ms.filter(|_| b.last_answer.is_some()));
            } else {
                prop_assert!(a.last_answer.is_none() && b.last_answer.is_none());
            }
        }

        /// Instances that loaded the same file, each answering, hinting, revealing and
        /// spending time on a few exercises, saving in any order: every attempt, hint and
        /// second is in the file, an exercise any of them solved is solved, and the counts
        /// and statuses do not depend on the order of the saves.
        #[test]
        fn instances_saving_in_any_order_lose_nothing(
            base in proptest::collection::vec(record(), 3),
            work in proptest::collection::vec(
                proptest::collection::vec((0usize..3, 0u8..6), 0..12), 1..5),
            order in any::<u64>(),
        ) {
            let mut start = Progress::new();
            for (n, r) in base.iter().enumerate() {
                start.exercises.insert(key("x", n + 1), r.clone());
            }
            let instances: Vec<Progress> = work.iter().map(|ops| {
                let mut p = start.clone();
                for &(n, op) in ops {
                    match op {
                        0 => p.answered("x", n + 1, "right", true),
                        1 => p.answered("x", n + 1, "wrong", false),
                        2 => p.hinted("x", n + 1),
                        3 => p.revealed("x", n + 1),
                        4 => p.spent("x", n + 1, 7),
                        _ => p.answered_in_review("x", n + 1, "right", true),
                    }
                }
                p
            }).collect();
            let save_all = |order: &[usize]| {
                order.iter().enumerate().fold(start.clone(), |disk, (t, &i)| {
                    instances[i].merge_changes(disk, &BTreeSet::new(), t as i64)
                })
            };
            let forward: Vec<usize> = (0..instances.len()).collect();
            let mut shuffled = forward.clone();
            // A permutation drawn from the case's seed.
            let mut seed = order;
            for i in (1..shuffled.len()).rev() {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                shuffled.swap(i, (seed >> 33) as usize % (i + 1));
            }
            let (a, b) = (save_all(&forward), save_all(&shuffled));
            for n in 1..=3 {
                let ops = || work.iter().flatten().filter(move |&&(m, _)| m + 1 == n);
                let count = |kind: u8| ops().filter(|&&(_, op)| op == kind).count() as u32;
                let (ra, rb) = (a.record("x", n).unwrap(), b.record("x", n).unwrap());
                let before = &base[n - 1];
                prop_assert_eq!(ra.attempts, before.attempts + count(0) + count(1) + count(5));
                prop_assert_eq!(ra.reviewed, before.reviewed + count(5));
                prop_assert_eq!(ra.hints, before.hints + count(2));
                prop_assert_eq!(ra.seconds, before.seconds + 7 * u64::from(count(4)));
                // Each instance moves its own view from the file's status; the file ends
                // with the best of them.
                let expected = work.iter().fold(before.status, |best, ops| {
                    let reached = ops.iter().filter(|&&(m, _)| m + 1 == n).fold(
                        before.status,
                        |s, &(_, op)| match (s, op) {
                            (Status::Pending, 0) | (_, 5) => Status::Solved,
                            (Status::Pending, 3) => Status::Revealed,
                            _ => s,
                        },
                    );
                    best.join(reached)
                });
                prop_assert_eq!(ra.status, expected);
                prop_assert_eq!(
                    (ra.attempts, ra.hints, ra.seconds, ra.status),
                    (rb.attempts, rb.hints, rb.seconds, rb.status)
                );
            }
        }
    }

    #[test]
    fn a_reset_drops_what_the_file_held_then_adds_what_followed() {
        let file = Record {
            attempts: 5,
            status: Status::Solved,
            unknown: [("badge".to_owned(), serde_json::json!("gold"))].into(),
            ..Record::default()
        };
        let mut p = Progress::new();
        p.exercises.insert(key("x", 1), file.clone());
        p.reset_exercise("x", 1);
        p.answered("x", 1, "no", false);
        let mut disk = Progress::new();
        disk.exercises.insert(key("x", 1), file);
        let saved = p.merge_changes(disk, &BTreeSet::new(), 10);
        let r = saved.record("x", 1).unwrap();
        assert_eq!((r.attempts, r.status), (1, Status::Pending));
        assert_eq!(r.last_wrong.as_deref(), Some("no"));
        assert_eq!(r.last_wrong_ms, Some(10));
        assert!(r.unknown.is_empty(), "a reset forgets the record: {r:?}");
        assert!(saved.changes().is_empty());
    }

    #[test]
    fn a_save_never_stamps_an_answer_before_the_files() {
        let mut disk = Progress::new();
        disk.answered("x", 1, "first", false);
        let disk = disk.merge_changes(Progress::new(), &BTreeSet::new(), 5_000);
        // The next instance's clock is behind: its answer still comes after.
        let mut p = disk.clone();
        p.answered("x", 1, "second", false);
        let saved = p.merge_changes(disk, &BTreeSet::new(), 1_000);
        let r = saved.record("x", 1).unwrap();
        assert_eq!(r.last_answer.as_deref(), Some("second"));
        assert_eq!(r.last_answer_ms, Some(5_001));
        assert_eq!(r.attempts, 2);
    }

    #[test]
    fn of_two_stamped_answers_the_later_is_kept_whatever_the_merge_order() {
        let early = Record {
            last_answer: Some("zzz".into()),
            last_answer_ms: Some(1),
            ..Record::default()
        };
        let late = Record {
            last_answer: Some("aaa".into()),
            last_answer_ms: Some(2),
            ..Record::default()
        };
        assert_eq!(merged(&early, &late).last_answer.as_deref(), Some("aaa"));
        assert_eq!(merged(&late, &early).last_answer.as_deref(), Some("aaa"));
        // An unstamped answer, from a file written before stamps, is the oldest.
        let old = Record {
            last_answer: Some("zzz".into()),
            ..Record::default()
        };
        assert_eq!(merged(&old, &early).last_answer_ms, Some(1));
    }
}
