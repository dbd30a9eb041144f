//! Every choice of the built-in lessons explains every wrong option: each `choice` exercise,
//! and each `oid` exercise with `ask = "first"`, has a `why_not` note for every option but
//! the expected one (which has `""`), in English, Vietnamese and Chinese.

use bson_tutor::lesson::i18n::Lang;
use bson_tutor::lesson::model::{Exercise, ExerciseType};
use bson_tutor::lesson::{Step, builtin, load_str};

/// The exercises that are answered by picking an option, with their lesson id.
fn choices() -> Vec<(String, Exercise)> {
    builtin::LESSONS
        .iter()
        .flat_map(|(file, text)| {
            let lesson = load_str(file, text)
                .expect("a built-in lesson loads")
                .lesson;
            let id = lesson.id.clone();
            lesson.steps.into_iter().filter_map(move |step| match step {
                Step::Exercise(e)
                    if e.exercise_type == ExerciseType::Choice
                        || (e.exercise_type == ExerciseType::Oid
                            && e.ask.as_deref() == Some("first")) =>
                {
                    Some((id.clone(), e))
                }
                _ => None,
            })
        })
        .collect()
}

/// The 0-based option an `expect` names: a letter or a 1-based number.
fn expected(e: &Exercise) -> usize {
    let answer = e.expect.trim();
    match answer.parse::<usize>() {
        Ok(n) => n - 1,
        Err(_) => usize::from(answer.as_bytes()[0].to_ascii_lowercase() - b'a'),
    }
}

/// The notes are one per option, empty exactly for the expected one.
fn check_notes(place: &str, notes: &[String], options: usize, right: usize) -> Vec<String> {
    let mut problems = Vec::new();
    if notes.len() != options {
        problems.push(format!(
            "{place}: {} notes for {options} options",
            notes.len()
        ));
    }
    for (i, note) in notes.iter().enumerate() {
        let letter = char::from(b'a' + u8::try_from(i).unwrap());
        match (i == right, note.trim().is_empty()) {
            (true, false) => problems.push(format!(
                "{place}: ({letter}) is right, its note must be \"\""
            )),
            (false, true) => problems.push(format!("{place}: ({letter}) is wrong but has no note")),
            _ => {}
        }
    }
    problems
}

#[test]
fn every_wrong_option_of_every_builtin_choice_has_a_note_in_every_language() {
    let choices = choices();
    assert!(choices.len() >= 10, "only {} choices found", choices.len());
    let mut problems = Vec::new();
    for (lesson, e) in &choices {
        let name = e.name.as_deref().unwrap_or("?");
        let right = expected(e);
        assert!(
            right < e.options.len(),
            "{lesson}/{name}: expect out of range"
        );
        problems.extend(check_notes(
            &format!("{lesson}/{name} (en)"),
            &e.why_not,
            e.options.len(),
            right,
        ));
        for lang in [Lang::Vi, Lang::Zh] {
            let place = format!("{lesson}/{name} ({})", lang.code());
            let notes = builtin::translation(lesson, lang)
                .and_then(|t| t.step.get(name).and_then(|s| s.why_not.clone()));
            match notes {
                Some(notes) => {
                    problems.extend(check_notes(&place, &notes, e.options.len(), right));
                    for (en, tr) in e.why_not.iter().zip(&notes) {
                        if !en.is_empty() && en == tr {
                            problems.push(format!("{place}: a note is the English: {en}"));
                        }
                    }
                }
                None => problems.push(format!("{place}: no why_not")),
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_note_on_the_right_option_or_a_missing_note_is_found() {
    let notes = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(check_notes("x", &notes(&["why", "", "why"]), 3, 1).is_empty());
    assert_eq!(
        check_notes("x", &notes(&["why", "oops", "why"]), 3, 1).len(),
        1
    );
    assert_eq!(check_notes("x", &notes(&["", "", "why"]), 3, 1).len(), 1);
    assert_eq!(check_notes("x", &notes(&["why", ""]), 3, 1).len(), 1);
}
