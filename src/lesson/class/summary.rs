//! Many exports merged: medians, the most common wrong answer, and the files left out.

use std::collections::BTreeMap;

use serde::Serialize;

use super::export::{ExerciseResult, Export};
use super::left_out::{Difference, LeftOut, Others, Reason, SameStudent};
use crate::lesson::progress::Status;

/// The width of a full bar in the chart (100% solved).
pub const BAR_WIDTH: usize = 30;

/// The median of `values`, `None` when there are none; the mean of the two middle values for
/// an even count.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::class::median;
/// assert_eq!(median(&[3, 1, 2]), Some(2.0));
/// assert_eq!(median(&[4, 1, 2, 3]), Some(2.5));
/// assert_eq!(median(&[]), None);
/// ```
pub fn median(values: &[u64]) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_unstable();
    let mid = v.len() / 2;
    match v.len() {
        0 => None,
        n if n % 2 == 1 => Some(v[mid] as f64),
        _ => Some((v[mid - 1] as f64 + v[mid] as f64) / 2.0),
    }
}

/// The most common answer and how many gave it; a tie goes to the smallest answer (in byte
/// order), so the summary is the same whatever the order of the files.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::class::most_common;
/// assert_eq!(most_common(["37", "35", "37"]), Some(("37".to_owned(), 2)));
/// assert_eq!(most_common(["b", "a"]), Some(("a".to_owned(), 1)));
/// assert_eq!(most_common(Vec::<&str>::new()), None);
/// ```
pub fn most_common<'a>(answers: impl IntoIterator<Item = &'a str>) -> Option<(String, usize)> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for a in answers {
        *counts.entry(a).or_default() += 1;
    }
    // BTreeMap order is smallest first, and max_by_key keeps the last maximum: reverse.
    counts
        .into_iter()
        .rev()
        .max_by_key(|&(_, n)| n)
        .map(|(a, n)| (a.to_owned(), n))
}

/// One exercise across the class.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExerciseSummary {
    /// The lesson's id.
    pub lesson: String,
    /// The exercise number (1-based).
    pub exercise: usize,
    /// The exercise kind.
    pub kind: String,
    /// Students in the summary.
    pub students: usize,
    /// Students who worked on it: an answer, a hint, a reveal or time spent.
    pub tried: usize,
    /// Students who solved it.
    pub solved: usize,
    /// Students who had the answer revealed.
    pub revealed: usize,
    /// Median attempts, among students who gave at least one answer.
    pub median_attempts: Option<f64>,
    /// Median hints, among students who worked on it.
    pub median_hints: Option<f64>,
    /// Median seconds, among students whose time was recorded (the tutorial records it).
    pub median_seconds: Option<f64>,
    /// The most common last wrong answer (trimmed) and how many students gave it.
    pub most_common_wrong: Option<(String, usize)>,
}

impl ExerciseSummary {
    /// Solved, as a whole percentage of the students (rounded half up).
    pub fn solved_percent(&self) -> usize {
        if self.students == 0 {
            return 0;
        }
        (self.solved * 200 + self.students) / (self.students * 2)
    }

    /// The solved bar: `solved / students` of [`BAR_WIDTH`] blocks, rounded, but never empty
    /// when someone solved it and never full when someone did not.
    pub fn bar_len(&self) -> usize {
        if self.students == 0 {
            return 0;
        }
        let len = (self.solved * BAR_WIDTH * 2 + self.students) / (self.students * 2);
        if self.solved > 0 && len == 0 {
            1
        } else if self.solved < self.students && len == BAR_WIDTH {
            BAR_WIDTH - 1
        } else {
            len
        }
    }
}

/// Many students' exports merged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The students, in the order of the files.
    pub students: Vec<String>,
    /// One entry per exercise, in the exports' order (course order).
    pub exercises: Vec<ExerciseSummary>,
}

/// Merges exports of one lesson set (see [`gather`] for sorting out the others): per
/// exercise, in the first export's order.
pub fn summarize(exports: &[&Export]) -> Summary {
    let students = exports.iter().map(|e| e.student.clone()).collect();
    let Some(first) = exports.first() else {
        return Summary {
            students,
            exercises: Vec::new(),
        };
    };
    let mut exercises = Vec::new();
    for (i, ex) in first.exercises.iter().enumerate() {
        // Same digest, so the same exercise at the same index in every export.
        let results: Vec<&ExerciseResult> =
            exports.iter().filter_map(|e| e.exercises.get(i)).collect();
        let tried: Vec<&&ExerciseResult> = results
            .iter()
            .filter(|r| {
                r.attempts > 0 || r.hints > 0 || r.seconds > 0 || r.status != Status::Pending
            })
            .collect();
        let count = |s: Status| results.iter().filter(|r| r.status == s).count();
        let attempts: Vec<u64> = results
            .iter()
            .filter(|r| r.attempts > 0)
            .map(|r| u64::from(r.attempts))
            .collect();
        let hints: Vec<u64> = tried.iter().map(|r| u64::from(r.hints)).collect();
        let seconds: Vec<u64> = results
            .iter()
            .filter(|r| r.seconds > 0)
            .map(|r| r.seconds)
            .collect();
        exercises.push(ExerciseSummary {
            lesson: ex.lesson.clone(),
            exercise: ex.exercise,
            kind: ex.kind.clone(),
            students: results.len(),
            tried: tried.len(),
            solved: count(Status::Solved),
            revealed: count(Status::Revealed),
            median_attempts: median(&attempts),
            median_hints: median(&hints),
            median_seconds: median(&seconds),
            most_common_wrong: most_common(
                results
                    .iter()
                    .filter_map(|r| r.last_wrong.as_deref().map(str::trim)),
            ),
        });
    }
    Summary {
        students,
        exercises,
    }
}

/// What [`gather`] made of a set of files.
#[derive(Clone, Debug, PartialEq)]
pub struct Gathered {
    /// The summary of the usable files (`None` when there are none).
    pub summary: Option<Summary>,
    /// The files that could not be used, in the order given.
    pub left_out: Vec<LeftOut>,
    /// Things to say that do not leave a file out: the same student twice.
    pub warnings: Vec<SameStudent>,
}

/// Reads every file's text (or why it could not be read), leaves out the bad ones and the ones
/// made from a different lesson set than the rest, and summarizes the others.
///
/// The lesson set of the class is the one most files share (a tie goes to the set of the
/// earliest file); a file from another set is left out with what differs.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::class::{Export, gather};
/// let a = Export::new("alice", &[], &Default::default()).to_json();
/// let g = gather(vec![("a.json".into(), Ok(a)), ("b.json".into(), Ok("{oops".into()))]);
/// assert_eq!(g.summary.unwrap().students, ["alice"]);
/// assert_eq!(g.left_out[0].file, "b.json");
/// ```
pub fn gather(files: Vec<(String, Result<String, Reason>)>) -> Gathered {
    let mut left_out = Vec::new();
    let mut good: Vec<(String, Export)> = Vec::new();
    for (file, text) in files {
        match text.and_then(|t| Export::parse(&t).map_err(Reason::Export)) {
            Ok(e) => good.push((file, e)),
            Err(reason) => left_out.push(LeftOut { file, reason }),
        }
    }
    // The class's lesson set: the digest most files share, the earliest on a tie.
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for (_, e) in &good {
        match counts.iter_mut().find(|(d, _)| *d == e.lessons_digest) {
            Some((_, n)) => *n += 1,
            None => counts.push((&e.lessons_digest, 1)),
        }
    }
    let reference = counts
        .iter()
        .rev()
        .max_by_key(|&&(_, n)| n)
        .map(|&(d, n)| (d.to_owned(), n));
    let mut kept: Vec<(String, Export)> = Vec::new();
    let mut mismatched: Vec<(String, Export)> = Vec::new();
    for (file, e) in good {
        if reference
            .as_ref()
            .is_some_and(|(d, _)| *d == e.lessons_digest)
        {
            kept.push((file, e));
        } else {
            mismatched.push((file, e));
        }
    }
    if let Some((first_file, first)) = kept.first() {
        for (file, e) in mismatched {
            let than = if kept.len() == 1 {
                Others::File(first_file.clone())
            } else {
                Others::Files(kept.len())
            };
            let mut differences = differences(&e, first);
            let more = differences.len().saturating_sub(3);
            differences.truncate(3);
            left_out.push(LeftOut {
                reason: Reason::OtherLessons {
                    than,
                    differences,
                    more,
                },
                file,
            });
        }
    }
    // Report in the order the files were given.
    let mut warnings = Vec::new();
    let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
    for (file, e) in &kept {
        if let Some(before) = seen.insert(&e.student, file) {
            warnings.push(SameStudent {
                student: e.student.clone(),
                before: before.to_owned(),
                file: file.clone(),
            });
        }
    }
    let exports: Vec<&Export> = kept.iter().map(|(_, e)| e).collect();
    Gathered {
        summary: (!exports.is_empty()).then(|| summarize(&exports)),
        left_out,
        warnings,
    }
}

/// What differs between two lesson sets: lessons one has and the other lacks, different
/// exercise counts, different kinds (or only the order).
fn differences(this: &Export, class: &Export) -> Vec<Difference> {
    let shape = |e: &Export| {
        let mut lessons: Vec<(String, Vec<String>)> = Vec::new();
        for ex in &e.exercises {
            match lessons.last_mut() {
                Some((id, kinds)) if *id == ex.lesson => kinds.push(ex.kind.clone()),
                _ => lessons.push((ex.lesson.clone(), vec![ex.kind.clone()])),
            }
        }
        lessons
    };
    let (mine, theirs) = (shape(this), shape(class));
    let find = |set: &[(String, Vec<String>)], id: &str| {
        set.iter().find(|(l, _)| l == id).map(|(_, k)| k.clone())
    };
    let mut diffs = Vec::new();
    for (id, kinds) in &mine {
        match find(&theirs, id) {
            None => diffs.push(Difference::ExtraLesson { id: id.clone() }),
            Some(other) if other.len() != kinds.len() => diffs.push(Difference::ExerciseCount {
                id: id.clone(),
                mine: kinds.len(),
                theirs: other.len(),
            }),
            Some(other) => {
                if let Some(i) = (0..kinds.len()).find(|&i| kinds[i] != other[i]) {
                    diffs.push(Difference::OtherKind {
                        id: id.clone(),
                        exercise: i + 1,
                        mine: kinds[i].clone(),
                        theirs: other[i].clone(),
                    });
                }
            }
        }
    }
    for (id, _) in &theirs {
        if find(&mine, id).is_none() {
            diffs.push(Difference::MissingLesson { id: id.clone() });
        }
    }
    if diffs.is_empty() {
        diffs.push(Difference::Reordered);
    }
    diffs
}

#[cfg(test)]
mod tests {
    use super::super::export::digest_of;
    use super::super::fixtures::{class, result};
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[5]), Some(5.0));
        assert_eq!(median(&[9, 1, 5]), Some(5.0));
        assert_eq!(median(&[1, 2]), Some(1.5));
        assert_eq!(median(&[7, 1, 3, 100]), Some(5.0));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn most_common_ties_go_to_the_higher_count_then_the_smaller_answer() {
        assert_eq!(most_common(["b", "a", "b"]), Some(("b".into(), 2)));
        assert_eq!(
            most_common(["c", "b", "a", "c", "a"]),
            Some(("a".into(), 2))
        );
        // Order of input does not matter.
        assert_eq!(most_common(["a", "c", "c", "a"]), Some(("a".into(), 2)));
        assert_eq!(most_common(["37"]), Some(("37".into(), 1)));
        assert_eq!(most_common(Vec::<&str>::new()), None);
    }

    #[test]
    fn summary_counts_solved_revealed_and_medians_among_those_who_tried() {
        let (a, b) = class();
        let s = summarize(&[&a, &b]);
        assert_eq!(s.students, ["alice", "bob"]);
        let [one, two, three] = &s.exercises[..] else {
            panic!("{s:?}")
        };
        assert_eq!((one.solved, one.students, one.tried), (2, 2, 2));
        assert_eq!(one.solved_percent(), 100);
        assert_eq!(one.median_attempts, Some(1.5));
        assert_eq!(one.median_seconds, Some(30.0));
        assert_eq!(one.most_common_wrong, Some(("37".into(), 1)));
        assert_eq!((two.solved, two.revealed, two.tried), (0, 1, 1));
        assert_eq!(two.median_hints, Some(2.0));
        assert_eq!(two.median_attempts, Some(1.0));
        assert_eq!(two.median_seconds, None);
        assert_eq!((three.tried, three.median_attempts), (0, None));
        assert_eq!(three.most_common_wrong, None);
    }

    #[test]
    fn bars_are_never_empty_for_some_nor_full_for_not_all() {
        let e = |solved, students| ExerciseSummary {
            lesson: "x".into(),
            exercise: 1,
            kind: "size".into(),
            students,
            tried: students,
            solved,
            revealed: 0,
            median_attempts: None,
            median_hints: None,
            median_seconds: None,
            most_common_wrong: None,
        };
        assert_eq!(e(1, 100).bar_len(), 1);
        assert_eq!(e(99, 100).bar_len(), BAR_WIDTH - 1);
        assert_eq!(e(1, 3).bar_len(), 10);
        assert_eq!(e(1, 3).solved_percent(), 33);
        assert_eq!(e(2, 3).solved_percent(), 67);
        assert_eq!(e(0, 0).bar_len(), 0);
    }

    #[test]
    fn gather_names_bad_and_mismatched_files_and_twice_counted_students() {
        let (a, b) = class();
        let mut other = a.clone();
        other.exercises.push(result("sizes", 1, "size"));
        other.exercises[1].kind = "bytes".into();
        other.lessons_digest = digest_of(&other.exercises);
        let g = gather(vec![
            ("a.json".into(), Ok(a.to_json())),
            ("bad.json".into(), Ok("{oops".into())),
            (
                "gone.json".into(),
                Err(Reason::Unreadable {
                    message: "no such file".into(),
                }),
            ),
            ("other.json".into(), Ok(other.to_json())),
            ("b.csv".into(), Ok(b.to_csv())),
            ("a2.json".into(), Ok(a.to_json())),
        ]);
        let files: Vec<&str> = g.left_out.iter().map(|l| l.file.as_str()).collect();
        assert_eq!(files, ["bad.json", "gone.json", "other.json"]);
        let why = &g.left_out[2].reason.to_string();
        assert!(
            why.contains("different lesson set than the other 3 files"),
            "{why}"
        );
        assert!(
            why.contains("exercise 2 of `bytes` is a `bytes` exercise"),
            "{why}"
        );
        assert!(why.contains("lesson `sizes`"), "{why}");
        assert_eq!(g.summary.unwrap().students, ["alice", "bob", "alice"]);
        assert_eq!(g.warnings.len(), 1);
        let twice = g.warnings[0].to_string();
        assert!(
            twice.contains("`alice` is in both a.json and a2.json"),
            "{twice}"
        );
    }
}
