//! The long computations as the binary runs them: `update` files a job and goes on; the
//! result, or the watchdog's overrun, comes back later as a message; a newer job of a kind
//! makes the older one's result stale, and a stale result changes nothing.

use bson_tutor::lesson::builtin;
use bson_tutor::lesson::i18n::Lang;
use bson_tutor::lesson::progress::{Progress, Status};
use bson_tutor::tui::app::{App, Settings};
use bson_tutor::tui::input::Edit;
use bson_tutor::tui::message::{Focus, Message};
use bson_tutor::tui::page::Block;
use bson_tutor::tui::playground::Results;
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::update;
use bson_tutor::tui::work::{Finished, Job, Kind, Stopped, Work, run_inline};

fn deferred(lang: Lang) -> App {
    use bson_tutor::lesson::i18n::localize;
    let lessons = builtin::lessons()
        .into_iter()
        .map(|l| localize(&l, builtin::translation(&l.id, lang).as_ref()).0)
        .collect();
    let settings = Settings {
        theme: Theme::new(ThemeName::Dark),
        seed: 7,
        seed_fixed: true,
        now_ms: 1_791_431_149_000,
        now_fixed: false,
        lang,
        progress_path: None,
    };
    let mut app = App::with_work(lessons, Progress::new(), settings, Work::deferred());
    app.size = (120, 40);
    let first = take(&mut app);
    finish(&mut app, first);
    app
}

/// The one job filed since the last look.
fn take(app: &mut App) -> Job {
    let mut jobs = app.work.take_jobs();
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    jobs.remove(0)
}

fn finish(app: &mut App, job: Job) {
    update(app, Message::Finished(run_inline(job).into()));
}

fn overrun(app: &mut App, job: &Job) {
    let done = Finished::without_result(
        job.kind(),
        job.generation(),
        Stopped::TimeLimit { budget_ms: 2000 },
    );
    update(app, Message::Finished(done.into()));
}

fn type_answer(app: &mut App, text: &str) {
    update(app, Message::FocusOn(Focus::Answer));
    update(app, Message::Edit(Edit::DeleteToStart));
    for c in text.chars() {
        update(app, Message::Edit(Edit::Insert(c)));
    }
    update(app, Message::Submit);
}

#[test]
fn an_answer_is_recorded_when_its_check_comes_back_and_an_overrun_is_no_attempt() {
    let mut app = deferred(Lang::En);
    let id = app.lessons[0].id.clone();
    type_answer(&mut app, "37");
    assert!(app.checking.is_some() && app.feedback.is_none());
    let slow = take(&mut app);
    assert_eq!(slow.kind(), Kind::Answer);
    overrun(&mut app, &slow);
    let feedback = app.feedback.clone().expect("the overrun is said");
    assert_eq!(
        feedback.text,
        "operation exceeded time limit (the tutor stops a computation after 2 s)"
    );
    assert_eq!(app.attempts(0), 0, "no verdict, no attempt");
    // The worker's answer, arriving after the overrun, is discarded.
    finish(&mut app, slow);
    assert_eq!(app.attempts(0), 0);
    // A wrong answer superseded by a right one: only the right one is recorded.
    type_answer(&mut app, "37");
    let wrong = take(&mut app);
    type_answer(&mut app, "36");
    let right = take(&mut app);
    finish(&mut app, right);
    finish(&mut app, wrong);
    assert_eq!(app.status(0, 0), Status::Solved);
    assert_eq!(app.progress.record(&id, 1).map(|r| r.attempts), Some(1));
    assert!(app.feedback.as_ref().is_some_and(|f| f.correct()));
}

#[test]
fn a_lesson_opens_at_once_and_its_page_follows() {
    let mut app = deferred(Lang::En);
    update(&mut app, Message::Lesson(1));
    assert_eq!(app.lesson, 1);
    assert!(app.opening.is_some() && app.page.cards.is_empty());
    // Keys that need the page say it is coming; the exercise asked for is remembered.
    update(&mut app, Message::Hint);
    let notice = app.notice.clone().expect("a notice");
    assert!(notice.text.contains("still being computed"), "{notice:?}");
    update(&mut app, Message::Continue);
    let page = take(&mut app);
    assert_eq!(page.kind(), Kind::Page);
    finish(&mut app, page);
    assert!(app.opening.is_none() && !app.page.cards.is_empty());
    assert_eq!(app.focus, Focus::Answer);
    // An overrun leaves the server's words in the lesson pane; opening it again retries.
    update(&mut app, Message::Lesson(1));
    let slow = take(&mut app);
    overrun(&mut app, &slow);
    assert!(matches!(
        app.page.blocks.as_slice(),
        [Block::Stopped(why)] if why.starts_with("operation exceeded time limit")
    ));
    finish(&mut app, slow);
    assert!(app.page.is_stopped(), "a late page is discarded");
    update(&mut app, Message::Lesson(0));
    update(&mut app, Message::Lesson(1));
    let again = take(&mut app);
    finish(&mut app, again);
    assert!(!app.page.is_stopped() && !app.page.cards.is_empty());
}

#[test]
fn each_keystroke_supersedes_the_playgrounds_last_evaluation() {
    let mut app = deferred(Lang::En);
    update(&mut app, Message::OpenPlayground);
    update(&mut app, Message::Edit(Edit::DeleteToStart));
    let first = take(&mut app);
    for c in "{ a: 1 }".chars() {
        update(&mut app, Message::Edit(Edit::Insert(c)));
    }
    let last = take(&mut app);
    assert!(last.generation() > first.generation());
    let p = app.playground.as_ref().expect("open");
    assert_eq!(p.results(), &Results::Evaluating);
    finish(&mut app, last);
    finish(&mut app, first);
    let p = app.playground.as_ref().expect("open");
    assert_eq!(p.results(), &Results::Current);
    assert_eq!(
        p.size(),
        Some(12),
        "the last text's answer, not the first's"
    );
}

#[test]
fn the_overrun_speaks_the_learners_language_and_keeps_the_servers_words() {
    for (lang, note) in [
        (Lang::Vi, "bson-tutor dừng một phép tính sau 2 giây"),
        (Lang::Zh, "bson-tutor 在 2 秒后停止计算"),
    ] {
        let mut app = deferred(lang);
        update(&mut app, Message::OpenPlayground);
        update(&mut app, Message::Edit(Edit::Insert(' ')));
        let job = take(&mut app);
        overrun(&mut app, &job);
        let Results::Stopped(why) = app.playground.as_ref().expect("open").results() else {
            panic!("{lang:?}: not stopped");
        };
        assert!(why.starts_with("operation exceeded time limit"), "{why}");
        assert!(why.contains(note), "{lang:?}: {why}");
    }
}

#[test]
fn on_the_spot_nothing_is_left_awaited() {
    let settings = deferred(Lang::En).settings;
    let mut app = App::new(builtin::lessons(), Progress::new(), settings);
    assert!(!app.page.cards.is_empty());
    update(&mut app, Message::Lesson(1));
    // An answer that reads (a format slip would not count as an attempt).
    type_answer(&mut app, "7");
    update(&mut app, Message::OpenPlayground);
    update(&mut app, Message::Edit(Edit::Insert(' ')));
    assert!(!app.work.busy(), "{:?}", app.work);
    assert!(app.work.take_jobs().is_empty());
    assert_eq!(app.attempts(0), 1);
}
