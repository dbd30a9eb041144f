//! Honest progress in the tutorial: a revealed answer is not a solved exercise, `c` goes to
//! the first exercise not solved, review brings exercises back (in the classroom of a seed
//! of their `vary` range), and the course ends with a summary.

use bson_tutor::lesson::compute::Classroom;
use bson_tutor::lesson::i18n::Lang;
use bson_tutor::lesson::progress::{Progress, Status};
use bson_tutor::lesson::{Lesson, builtin, load_str};
use bson_tutor::tui::app::{App, Mode, Settings};
use bson_tutor::tui::message::{Focus, Message};
use bson_tutor::tui::update::update;
use bson_tutor::tui::work::{Work, run_inline};
use ratatui::crossterm::event::KeyCode;

use super::{answer, app, app_in, frame, key, press};

/// Answers `wrong`, then reveals the answer.
fn reveal(app: &mut App, wrong: &str) {
    answer(app, wrong);
    press(app, &[key(KeyCode::Esc), key(KeyCode::Char('r'))]);
}

#[test]
fn revealing_every_exercise_leaves_the_lesson_unticked_and_c_goes_to_the_first_unsolved() {
    let mut app = app(100, 30);
    let wrong = ["1", "1", "1", "00", "key", "9"];
    assert_eq!(app.exercise_count(0), wrong.len());
    for (n, w) in wrong.iter().enumerate() {
        assert_eq!(app.exercise, n);
        reveal(&mut app, w);
        assert_eq!(app.status(0, n), Status::Revealed, "exercise {}", n + 1);
        if n + 1 < wrong.len() {
            press(&mut app, &[key(KeyCode::Char(']'))]);
        }
    }
    assert!(!app.lesson_complete(0));
    assert_eq!(app.lesson_counts(0), (0, 6));
    // The end of the lesson is said as it is: nothing solved, six revealed.
    assert_eq!(app.mode, Mode::Complete { lesson: 0 });
    let shown = frame(&app);
    assert!(shown.contains("End of the lesson"), "{shown}");
    assert!(!shown.contains("complete"), "{shown}");
    assert!(shown.contains("0 of 6 solved, 6 revealed."), "{shown}");
    assert!(
        shown.contains("A revealed answer is not solved: R"),
        "{shown}"
    );
    press(&mut app, &[key(KeyCode::Esc)]);
    // The list marks the lesson as answered through, not as complete.
    let shown = frame(&app);
    let row = shown
        .lines()
        .find(|l| l.contains(" 1 BSON is"))
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(row.contains("• 1 BSON is") && !row.contains('✓'), "{row}");
    assert!(shown.contains("↻ Review (6)"), "{shown}");
    // `c` goes to the first exercise not solved, its answer hidden: it is to be solved again.
    press(&mut app, &[key(KeyCode::Char('c'))]);
    assert_eq!((app.lesson, app.exercise, app.focus), (0, 0, Focus::Answer));
    assert!(app.in_review(0, 0) && !app.revealed);
    let shown = frame(&app);
    assert!(shown.contains("· review ·"), "{shown}");
    assert!(!shown.contains("answer: 36"), "{shown}");
    // A right answer there solves it; the next `c` goes on to the second.
    answer(&mut app, "36");
    assert_eq!(app.status(0, 0), Status::Solved);
    assert!(
        app.notice
            .as_ref()
            .is_some_and(|n| n.text.contains("5 left"))
    );
    press(&mut app, &[key(KeyCode::Char('c'))]);
    assert_eq!((app.lesson, app.exercise), (0, 1));
    assert!(app.in_review(0, 1));
}

/// A lesson whose first exercise shows a fresh ObjectId for every seed of `1..=50` (its size
/// is the same at every one), and a second without a range.
const IDS: &str = r#"format_version = 1
id = "ids"
title = "Ids"
order = 1
summary = "s"

[[step]]
name = "size"
kind = "exercise"
type = "size"
prompt = "How many bytes is { _id: {= { $literal: ObjectId() } =} }?"
document = "{ _id: ObjectId() }"
explanation = "e"
expect = "22"
reject = ["21"]
vary = [1, 50]

[[step]]
name = "empty"
kind = "exercise"
type = "size"
prompt = "How many bytes is {}?"
document = "{}"
explanation = "e"
expect = "5"
reject = ["4"]
"#;

fn ids() -> Lesson {
    let loaded = load_str("ids.toml", IDS).unwrap();
    let report = bson_tutor::lesson::check_lesson(&loaded, &Default::default());
    assert_eq!(report.failures, []);
    loaded.lesson
}

fn settings(seed: u64) -> Settings {
    Settings {
        seed,
        seed_fixed: false,
        ..app(80, 24).settings
    }
}

/// The ObjectId the classroom of `seed` generates, as the prompt prints it.
fn id_hex(seed: Option<u64>) -> String {
    let room = Classroom {
        seed,
        ..Classroom::default()
    };
    match room.parse_value("ObjectId()", "id").unwrap() {
        bson_tutor::bson::Value::ObjectId(id) => id.to_hex(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn review_shows_a_revealed_exercise_in_a_seed_of_its_range_and_a_right_answer_solves_it() {
    let mut app = App::new(vec![ids()], Progress::new(), settings(42));
    app.size = (100, 30);
    let class = id_hex(None);
    assert!(app.page.cards[0].prompt.contains(&class));
    reveal(&mut app, "21");
    assert_eq!(app.status(0, 0), Status::Revealed);
    press(&mut app, &[key(KeyCode::Char('R'))]);
    let review = app.reviewing.expect("in review");
    let seed = review.seed.expect("drawn from the range");
    assert!((1..=50).contains(&seed), "{seed}");
    // The page is computed in the seed's classroom: fresh values, answer hidden.
    assert_eq!(app.page_room.seed, Some(seed));
    let prompt = &app.page.cards[0].prompt;
    assert!(prompt.contains(&id_hex(Some(seed))), "{prompt}");
    assert!(!prompt.contains(&class), "{prompt}");
    assert!(!app.revealed && app.focus == Focus::Answer);
    let notice = app.notice.clone().expect("a notice").text;
    assert_eq!(
        notice,
        format!("review 1 of 1: its answer was revealed; new values (seed {seed})")
    );
    assert!(
        frame(&app).contains(&format!("review, seed {seed}")),
        "{}",
        frame(&app)
    );
    // The same seed source draws the same seed: `--seed` makes a review reproducible.
    let mut again = App::new(vec![ids()], app.progress.clone(), settings(42));
    update(&mut again, Message::Review);
    assert_eq!(again.reviewing.and_then(|r| r.seed), Some(seed));
    let drawn: std::collections::BTreeSet<Option<u64>> = (0..20)
        .map(|source| {
            let mut other = App::new(vec![ids()], app.progress.clone(), settings(source));
            update(&mut other, Message::Review);
            other.reviewing.and_then(|r| r.seed)
        })
        .collect();
    assert!(drawn.len() > 5, "{drawn:?}");
    // Judged in that classroom, a right answer solves it and takes it out of review.
    answer(&mut app, "22");
    assert_eq!(app.status(0, 0), Status::Solved);
    assert_eq!(app.progress.record("ids", 1).map(|r| r.reviewed), Some(1));
    assert!(app.review_items().is_empty());
    assert_eq!(
        app.notice.as_ref().map(|n| n.text.as_str()),
        Some("solved in review; nothing left to review")
    );
    // Leaving it computes the lesson in the class's classroom again.
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Char(']'))]);
    assert_eq!((app.exercise, app.reviewing), (1, None));
    assert_eq!(app.page_room, app.settings.classroom());
    assert!(app.page.cards[0].prompt.contains(&class));
    // Nothing left: `R` says so.
    press(&mut app, &[key(KeyCode::Char('R'))]);
    let notice = app.notice.clone().expect("a notice").text;
    assert!(notice.starts_with("nothing to review"), "{notice}");
}

#[test]
fn review_waits_for_the_seeded_page_when_pages_are_computed_by_workers() {
    let mut progress = Progress::new();
    progress.answered("ids", 1, "21", false);
    progress.revealed("ids", 1);
    let mut app = App::with_work(vec![ids()], progress, settings(42), Work::deferred());
    let mut jobs = app.work.take_jobs();
    update(
        &mut app,
        Message::Finished(run_inline(jobs.remove(0)).into()),
    );
    update(&mut app, Message::Review);
    let seed = app.reviewing.and_then(|r| r.seed).expect("a seed");
    assert!(app.opening.is_some(), "the seeded page is being computed");
    let mut jobs = app.work.take_jobs();
    assert_eq!(jobs.len(), 1);
    update(
        &mut app,
        Message::Finished(run_inline(jobs.remove(0)).into()),
    );
    assert!(app.opening.is_none());
    assert_eq!(app.exercise, 0);
    assert!(app.in_review(0, 0) && !app.revealed);
    assert!(app.page.cards[0].prompt.contains(&id_hex(Some(seed))));
}

#[test]
fn solving_twice_missed_exercises_sends_them_to_review_too() {
    let mut app = App::new(vec![ids()], Progress::new(), settings(1));
    answer(&mut app, "21");
    answer(&mut app, "23");
    answer(&mut app, "22");
    assert_eq!(app.status(0, 0), Status::Solved);
    assert_eq!(app.review_items().len(), 1);
    update(&mut app, Message::Review);
    assert!(app.in_review(0, 0));
    let notice = app.notice.clone().expect("a notice").text;
    assert!(
        notice.starts_with("review 1 of 1: solved after 2 wrong answers"),
        "{notice}"
    );
}

/// Every exercise of the course solved, except the first of lesson 3 (revealed) and the
/// last of the last lesson (pending); the app at that last one.
fn nearly_done(lang: Lang) -> App {
    let lessons = builtin::lessons();
    let mut progress = Progress::new();
    for l in &lessons {
        for n in 1..=l.exercises().count() {
            progress.answered(&l.id, n, "right", true);
        }
    }
    let third = &lessons[2].id;
    progress.reset_exercise(third, 1);
    progress.answered(third, 1, "wrong", false);
    progress.revealed(third, 1);
    let last = lessons.last().unwrap();
    let count = last.exercises().count();
    progress.reset_exercise(&last.id, count);
    progress.spent(&last.id, 1, 4000);
    progress.last = Some(bson_tutor::lesson::progress::Position {
        lesson: last.id.clone(),
        exercise: count,
    });
    let mut app = app_in(lang, 80, 24);
    app.progress = progress;
    app.open_lesson(app.lessons.len() - 1);
    app.select_exercise(count - 1);
    app
}

#[test]
fn the_last_exercise_of_the_course_shows_its_summary_in_every_language() {
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let mut app = nearly_done(lang);
        let solution = app.page.cards[app.exercise].solution.clone().unwrap();
        answer(&mut app, &solution);
        assert_eq!(app.mode, Mode::Course, "{lang:?}");
        let shown = frame(&app);
        if lang == Lang::En {
            let total = app.course().exercises();
            for expected in [
                "End of the course".to_string(),
                format!("{} of {total} solved, 1 revealed", total - 1),
                "1 h 6 min on exercises".to_string(),
                "Lessons to revisit:".to_string(),
                format!("  3. {}: 1 revealed", app.lessons[2].title),
                "R review (1)".to_string(),
            ] {
                assert!(shown.contains(&expected), "{expected}\n{shown}");
            }
        }
        insta::assert_snapshot!(format!("course_{}_80x24", lang_code(lang)), shown);
        // R reviews the revealed exercise.
        press(&mut app, &[key(KeyCode::Char('R'))]);
        assert_eq!(app.mode, Mode::Browse);
        assert_eq!((app.lesson, app.exercise), (2, 0));
        assert!(app.in_review(2, 0));
    }
}

fn lang_code(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Vi => "vi",
        Lang::Zh => "zh",
    }
}

#[test]
fn reaching_the_end_shows_the_summary_and_a_course_all_solved_is_complete() {
    let mut app = nearly_done(Lang::En);
    // `>` at the last lesson: the end of the course.
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Char('>'))]);
    assert_eq!(app.mode, Mode::Course);
    assert!(
        frame(&app).contains("1 not answered yet"),
        "{}",
        frame(&app)
    );
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.mode, Mode::Browse);
    // Solve what is left: the last exercise, and the revealed one in review.
    let solution = app.page.cards[app.exercise].solution.clone().unwrap();
    answer(&mut app, &solution);
    press(&mut app, &[key(KeyCode::Char('R'))]);
    assert!(app.in_review(2, 0));
    let solution = app.page.cards[0].solution.clone().unwrap();
    answer(&mut app, &solution);
    assert!(app.course().complete());
    // Its lesson is complete, and so is the course: the summary says so.
    assert_eq!(app.mode, Mode::Course);
    let shown = frame(&app);
    assert!(shown.contains("Course complete"), "{shown}");
    assert!(shown.contains("Nothing left to revisit."), "{shown}");
    assert!(!shown.contains("review ("), "{shown}");
    assert!(app.lesson_complete(2));
    // Nothing left to solve: `c` shows the summary again.
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Char('c'))]);
    assert_eq!(app.mode, Mode::Course);
}
