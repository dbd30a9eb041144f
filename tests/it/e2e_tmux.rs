//! The real binary in a real terminal: tmux runs `bson-tutor` at 100x30 (or another size),
//! the test types keys and reads the screen, then checks the saved progress and that the
//! terminal comes back in cooked mode after a quit, a panic, an abort and every signal that
//! asks for an end; that a key followed at once by a smaller window is redrawn, not a crash;
//! and that a slow evaluation neither freezes the screen nor Ctrl-C. Skipped, loudly, where
//! tmux is missing; `.ci/run` installs it.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_bson-tutor");

/// A private tmux server with one session, killed on drop.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts `command` (run by `sh -c`) in a detached 100x30 session; `None` without tmux.
    fn start(name: &str, command: &str) -> Option<Tmux> {
        Tmux::start_sized(name, command, (100, 30))
    }

    /// Starts `command` in a detached session of `width` x `height`.
    fn start_sized(name: &str, command: &str, (width, height): (u16, u16)) -> Option<Tmux> {
        let socket = format!("bson-tutor-{name}-{}", std::process::id());
        let ok = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "new-session",
                "-d",
                "-s",
                "t",
                "-x",
                &width.to_string(),
                "-y",
                &height.to_string(),
            ])
            .arg(command)
            .env("TERM", "xterm-256color")
            .status()
            .ok()?
            .success();
        assert!(ok, "tmux refused to start a session");
        Some(Tmux { socket })
    }

    fn keys(&self, keys: &[&str]) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", "t"])
            .args(keys)
            .status()
            .expect("tmux send-keys")
            .success();
        assert!(ok, "tmux send-keys {keys:?}");
    }

    /// Resizes the window (as dragging its corner does).
    fn resize(&self, (width, height): (u16, u16)) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "resize-window", "-t", "t", "-x"])
            .arg(width.to_string())
            .arg("-y")
            .arg(height.to_string())
            .status()
            .expect("tmux resize-window")
            .success();
        assert!(ok, "tmux resize-window {width}x{height}");
    }

    /// What is on screen now, without the scrollback.
    fn visible(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "t"])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args([
                "-L",
                &self.socket,
                "capture-pane",
                "-p",
                "-t",
                "t",
                "-S",
                "-200",
            ])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `text`; panics with the screen after 15 s.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "the screen never showed {text:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

fn tmux_missing() -> bool {
    if Command::new("tmux").arg("-V").output().is_ok() {
        return false;
    }
    assert!(
        std::env::var_os("BSON_TUTOR_E2E_REQUIRED").is_none(),
        "tmux is missing but BSON_TUTOR_E2E_REQUIRED is set (as .ci/run sets it)"
    );
    eprintln!(
        "\n!!! SKIPPED: tmux is not installed, so the end-to-end TUI tests did not run !!!\n"
    );
    true
}

fn temp_dir(name: &str) -> crate::common::TempDir {
    crate::common::TempDir::new("e2e", name)
}

fn tutor(progress: &Path, extra: &str) -> String {
    format!(
        "{BIN} --progress {} {extra}; echo EXITED:$?; stty -a; echo STTY-END; sleep 60",
        progress.display()
    )
}

/// Whether `stty -a` output shows cooked mode: canonical input and echo on.
fn cooked(screen: &str) -> bool {
    let words: Vec<&str> = screen.split_whitespace().collect();
    words.contains(&"icanon") && words.contains(&"echo") && !words.contains(&"-icanon")
}

#[test]
fn a_learner_walks_the_bytes_answers_wrong_then_right_and_resumes() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("walk");
    let progress = dir.join("progress.json");
    let tmux = Tmux::start("walk", &tutor(&progress, "")).unwrap();
    let first = tmux.wait_for("Exercise 1/6");
    assert!(first.contains("BSON is bytes, not JSON"), "{first}");

    // The hex view: lesson 1 points at `name`; two runs right is its string length.
    tmux.keys(&["Tab"]);
    tmux.wait_for("←→ runs");
    tmux.keys(&["Right", "Right"]);
    tmux.wait_for("offset 19: string length = 3 (counting the trailing NUL)");
    tmux.keys(&["Down"]);
    tmux.wait_for("offset 26: type 0x10 = int32");

    // The exercise: 37 is wrong, 36 is right.
    tmux.keys(&["Tab", "Enter", "3", "7", "Enter"]);
    let wrong = tmux.wait_for("✗");
    assert!(wrong.contains("1 attempt"), "{wrong}");
    // The check left typing (h, r and x act at once): Enter types again.
    tmux.keys(&["Enter", "C-u", "3", "6", "Enter"]);
    let right = tmux.wait_for("✓ right");
    assert!(right.contains("✓ solved · 2 attempts"), "{right}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED:0");
    // `stty -a` prints after the exit line; read the screen once it is all there.
    let after = tmux.wait_for("STTY-END");
    assert!(
        cooked(&after),
        "the terminal was left in raw mode:\n{after}"
    );
    drop(tmux);

    let saved = std::fs::read_to_string(&progress).unwrap();
    let json: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(json["exercises"]["bytes#1"]["status"], "solved", "{saved}");
    assert_eq!(json["exercises"]["bytes#1"]["attempts"], 2, "{saved}");
    assert_eq!(json["exercises"]["bytes#1"]["last_answer"], "36", "{saved}");
    assert_eq!(json["exercises"]["bytes#1"]["last_wrong"], "37", "{saved}");
    assert_eq!(json["last"]["lesson"], "bytes", "{saved}");

    // Started again, it resumes where the learner was.
    let tmux = Tmux::start("resume", &tutor(&progress, "")).unwrap();
    let resumed = tmux.wait_for("resumed at lesson 1");
    assert!(
        resumed.contains("Exercise 1/6 · size · ✓ solved · 2 attempts"),
        "{resumed}"
    );
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED:0");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_panic_leaves_the_terminal_in_cooked_mode() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("panic");
    let command = format!(
        "BSON_TUTOR_DEBUG_PANIC=1 {}",
        tutor(&dir.join("progress.json"), "")
    );
    let tmux = Tmux::start("panic", &command).unwrap();
    let screen = tmux.wait_for("EXITED:");
    assert!(screen.contains("panicking on purpose"), "{screen}");
    assert!(
        !screen.contains("EXITED:0"),
        "a panic must not exit 0:\n{screen}"
    );
    let screen = tmux.wait_for("STTY-END");
    assert!(
        cooked(&screen),
        "the terminal was left in raw mode:\n{screen}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pid of the process whose whole command line is `argv`.
fn pid_of(argv: &[&str]) -> Option<u32> {
    let want: Vec<u8> = argv.iter().flat_map(|a| a.bytes().chain([0])).collect();
    std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .find_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            (std::fs::read(entry.path().join("cmdline")).ok()? == want).then_some(pid)
        })
}

#[test]
fn sigterm_saves_and_restores_the_terminal() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("term");
    let progress = dir.join("progress.json");
    let tmux = Tmux::start("term", &tutor(&progress, "")).unwrap();
    tmux.wait_for("Exercise 1/6");
    tmux.keys(&["]"]);
    tmux.wait_for("Exercise 2/6");
    let path = progress.display().to_string();
    let pid = pid_of(&[BIN, "--progress", &path]).expect("the tutor's process");
    let ok = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let screen = tmux.wait_for("EXITED:");
    assert!(screen.contains("EXITED:0"), "{screen}");
    let screen = tmux.wait_for("STTY-END");
    assert!(cooked(&screen), "{screen}");
    // The position was saved on the way out.
    let saved = std::fs::read_to_string(&progress).unwrap();
    assert!(saved.contains("\"exercise\": 2"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_progress_file_is_moved_aside_and_a_broken_lesson_is_named() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("damaged");
    let progress = dir.join("progress.json");
    std::fs::write(&progress, "{not json").unwrap();
    let tmux = Tmux::start("damaged", &tutor(&progress, "")).unwrap();
    let screen = tmux.wait_for("Press any key to go on.");
    assert!(screen.contains("moved"), "{screen}");
    // Any key closes the note; then q quits.
    tmux.keys(&["Escape"]);
    tmux.wait_for("PgUp PgDn page");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED:0");
    drop(tmux);
    let aside: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("progress.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(&aside[0])).unwrap(),
        "{not json"
    );

    // A lesson pack with one broken file opens on the good lessons and names the bad one.
    let pack = dir.join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(
        pack.join("bad.toml"),
        "format_version = 1\nid = \"bad\"\ntitle = \n",
    )
    .unwrap();
    let extra = format!("--lessons {} --with-builtin", pack.display());
    let tmux = Tmux::start("pack", &tutor(&progress, &extra)).unwrap();
    let screen = tmux.wait_for("Exercise 1/");
    assert!(
        screen.contains("not loaded:") && screen.contains("bad.toml:3:"),
        "{screen}"
    );
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED:0");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn closing_the_terminal_ends_the_tutor_and_saves() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("hangup");
    let progress = dir.join("progress.json");
    let tmux = Tmux::start("hangup", &tutor(&progress, "")).unwrap();
    tmux.wait_for("Exercise 1/6");
    tmux.keys(&["]", "]"]);
    tmux.wait_for("Exercise 3/6");
    let path = progress.display().to_string();
    let pid = pid_of(&[BIN, "--progress", &path]).expect("the tutor's process");
    // Killing the tmux server closes the terminal under the tutor (a hangup).
    drop(tmux);
    let start = Instant::now();
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the tutor kept running after its terminal closed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let saved = std::fs::read_to_string(&progress).unwrap();
    assert!(saved.contains("\"exercise\": 3"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the tutor, moves to exercise 2, sends `signal` and checks the tutor saved, exited
/// and gave the terminal back in cooked mode.
fn a_signal_saves_and_restores(signal: &str) {
    let dir = temp_dir(&format!("sig-{signal}"));
    let progress = dir.join("progress.json");
    let tmux = Tmux::start(&format!("sig-{signal}"), &tutor(&progress, "")).unwrap();
    tmux.wait_for("Exercise 1/6");
    tmux.keys(&["]"]);
    tmux.wait_for("Exercise 2/6");
    let path = progress.display().to_string();
    let pid = pid_of(&[BIN, "--progress", &path]).expect("the tutor's process");
    let ok = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{signal}");
    let screen = tmux.wait_for("EXITED:");
    assert!(screen.contains("EXITED:0"), "SIG{signal}:\n{screen}");
    let screen = tmux.wait_for("STTY-END");
    assert!(
        cooked(&screen),
        "SIG{signal} left the terminal raw:\n{screen}"
    );
    let saved = std::fs::read_to_string(&progress).unwrap();
    assert!(saved.contains("\"exercise\": 2"), "SIG{signal}: {saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigquit_sigusr1_and_sigusr2_save_and_restore_the_terminal() {
    if tmux_missing() {
        return;
    }
    for signal in ["QUIT", "USR1", "USR2"] {
        a_signal_saves_and_restores(signal);
    }
}

#[test]
fn an_abort_leaves_the_terminal_in_cooked_mode() {
    if tmux_missing() {
        return;
    }
    // SIGABRT sent from outside, and the path a failed allocation takes inside.
    let dir = temp_dir("abort");
    let progress = dir.join("progress.json");
    let tmux = Tmux::start("abort-kill", &tutor(&progress, "")).unwrap();
    tmux.wait_for("Exercise 1/6");
    let path = progress.display().to_string();
    let pid = pid_of(&[BIN, "--progress", &path]).expect("the tutor's process");
    let ok = Command::new("kill")
        .args(["-ABRT", &pid.to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let screen = tmux.wait_for("STTY-END");
    assert!(screen.contains("EXITED:134"), "{screen}");
    assert!(cooked(&screen), "SIGABRT left the terminal raw:\n{screen}");
    drop(tmux);

    let command = format!("BSON_TUTOR_DEBUG_ABORT=1 {}", tutor(&progress, ""));
    let tmux = Tmux::start("abort-alloc", &command).unwrap();
    // (The runtime's `memory allocation of 1048576 bytes failed` went to the alternate
    // screen, which the handler leaves.)
    let screen = tmux.wait_for("STTY-END");
    assert!(screen.contains("EXITED:134"), "{screen}");
    assert!(
        cooked(&screen),
        "an allocation failure left the terminal raw:\n{screen}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_key_then_a_window_one_row_shorter_is_redrawn_not_a_crash() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("resize");
    let progress = dir.join("progress.json");
    for (width, height) in [(80, 24), (200, 60), (100, 30)] {
        let name = format!("resize-{width}x{height}");
        let tmux = Tmux::start_sized(&name, &tutor(&progress, ""), (width, height)).unwrap();
        tmux.wait_for("Exercise ");
        let path = progress.display().to_string();
        let pid = pid_of(&[BIN, "--progress", &path]).expect("the tutor's process");
        // The finding 1: Tab, and at once the window one row shorter (twice).
        for shorter in [1, 2] {
            tmux.keys(&["Tab"]);
            tmux.resize((width, height - shorter));
        }
        let start = Instant::now();
        let screen = loop {
            let screen = tmux.visible();
            let rows: Vec<&str> = screen.lines().collect();
            // Redrawn at the new size: the status bar on the new last row, a border on top.
            let redrawn = rows.len() == usize::from(height - 2)
                && rows.last().is_some_and(|r| r.contains("keys"))
                && rows.first().is_some_and(|r| r.starts_with('┌'));
            if redrawn {
                break screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "{width}x{height}: not redrawn at {width}x{}:\n{screen}",
                height - 2
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        assert!(!screen.contains("EXITED"), "{screen}");
        assert!(
            Path::new(&format!("/proc/{pid}")).exists(),
            "{width}x{height}: the tutor is gone:\n{}",
            tmux.screen()
        );
        tmux.keys(&["q"]);
        tmux.wait_for("EXITED:0");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slow_filter_neither_freezes_the_screen_nor_ctrl_c() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("slow");
    let progress = dir.join("progress.json");
    let tmux = Tmux::start("slow", &tutor(&progress, "")).unwrap();
    tmux.wait_for("Exercise 1/6");
    // The playground: 100,000 a's in the collection, then a filter that takes seconds to
    // match them (`/a{50000}$/`; PCRE2 answers the issue's `/a{30000}b/` at once).
    tmux.keys(&["p"]);
    tmux.wait_for("Collection test.playground");
    tmux.keys(&["C-u"]);
    // A long run of `a`s for the pattern to work through (the leading `b` changes nothing).
    let long = format!("{{ _id: 10, s: 'b{}' }}", "a".repeat(100_000));
    let file = dir.join("long.txt");
    std::fs::write(&file, &long).unwrap();
    for args in [
        vec!["load-buffer", file.to_str().unwrap()],
        vec!["paste-buffer", "-p", "-t", "t"],
    ] {
        let ok = Command::new("tmux")
            .args(["-L", &tmux.socket])
            .args(&args)
            .status()
            .unwrap()
            .success();
        assert!(ok, "tmux {args:?}");
    }
    tmux.wait_for("100023 bytes");
    tmux.keys(&["Enter"]);
    tmux.wait_for("inserted { _id: 10 }");
    tmux.keys(&["Tab", "C-u"]);
    tmux.keys(&["-l", "{ s: /a{50000}$/ }"]);
    // The screen follows every key at once; the panel says when the budget runs out.
    let screen = tmux.wait_for("operation exceeded time limit");
    assert!(
        screen.contains("the tutor stops a computation after 2 s"),
        "{screen}"
    );
    // Keys still work while the engine runs on, and Ctrl-C quits at once.
    tmux.keys(&["BSpace"]);
    tmux.wait_for("{ s: /a{50000}$/ ");
    let asked = Instant::now();
    tmux.keys(&["C-c"]);
    tmux.wait_for("EXITED:0");
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "Ctrl-C took {:?}",
        asked.elapsed()
    );
    let screen = tmux.wait_for("STTY-END");
    assert!(cooked(&screen), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The saved record of `key` (`bytes#1`), or null when there is none (or no file yet).
fn saved_record(progress: &Path, key: &str) -> serde_json::Value {
    let Ok(text) = std::fs::read_to_string(progress) else {
        return serde_json::Value::Null;
    };
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["exercises"][key].clone()
}

/// Presses `key` until the screen stops changing, collecting every screen seen on the way
/// (what a learner reads by scrolling); at most `max` presses.
fn page_through(tmux: &Tmux, key: &str, max: usize) -> String {
    let mut seen = tmux.visible();
    let mut last = seen.clone();
    for _ in 0..max {
        tmux.keys(&[key]);
        std::thread::sleep(Duration::from_millis(150));
        let now = tmux.visible();
        if now == last {
            break;
        }
        seen.push_str(&now);
        last = now;
    }
    seen
}

/// The learning loop as a learner meets it (issue 15's proof), at one terminal size: a
/// garbled answer is not an attempt, `36 bytes` and `no` are read, a wrong find answer's
/// every reason can be scrolled to, the lesson list and the whole help can be reached.
fn learning_loop((width, height): (u16, u16)) {
    let name = format!("loop{width}x{height}");
    let dir = temp_dir(&name);
    let progress = dir.join("progress.json");
    let tmux = Tmux::start_sized(&name, &tutor(&progress, ""), (width, height)).unwrap();
    tmux.wait_for("Exercise 1/6");

    // A format slip: the form is shown, nothing is counted or saved.
    tmux.keys(&["i", "zz!", "Enter"]);
    let slip = tmux.wait_for("not counted as an attempt");
    assert!(slip.contains("answer like"), "{slip}");
    assert!(!slip.contains("1 attempt"), "{slip}");
    let record = saved_record(&progress, "bytes#1");
    assert!(
        record.is_null() || record["attempts"] == 0,
        "a garbled answer was counted: {record}"
    );

    // `36 bytes` is read as 36 (after a check, Enter types again).
    tmux.keys(&["Enter", "C-u", "36 bytes", "Enter"]);
    let right = tmux.wait_for("✓ solved · 1 attempt");
    assert!(right.contains("✓ right"), "{right}");
    let record = saved_record(&progress, "bytes#1");
    assert_eq!(record["attempts"], 1, "{record}");
    assert_eq!(record["status"], "solved", "{record}");

    // `no` answers a yes-or-no question (lesson 2 exercise 1: is 0.1 + 0.2 equal to 0.3?).
    tmux.keys(&[">"]);
    // Its page is computed (its shell step runs a script) before `i` can type.
    tmux.wait_for("Exercise 1/6 · eval");
    tmux.keys(&["i", "no", "Enter"]);
    tmux.wait_for("✓ solved · 1 attempt");

    // Lesson 3 exercise 2 answered `1`: three documents were left out, and each reason can
    // be read by scrolling the exercise panel.
    tmux.keys(&[">"]);
    tmux.wait_for("Order and type bracketing");
    tmux.keys(&["]"]);
    tmux.wait_for("Exercise 2/");
    tmux.keys(&["i", "1", "Enter"]);
    tmux.wait_for("✗");
    tmux.keys(&["Home"]);
    let seen = page_through(&tmux, "PgDn", 20);
    for id in ["_id: 3", "_id: 4", "_id: 5"] {
        assert!(
            seen.lines()
                .any(|l| l.contains(id) && l.contains("you left it out")),
            "the reason about {id} was never on screen at {width}x{height}:\n{seen}"
        );
    }
    let record = saved_record(&progress, "order#2");
    assert_eq!(record["attempts"], 1, "{record}");
    assert_eq!(record["last_wrong"], "1", "{record}");

    // The lesson list: Tab from the exercise panel, every title whole; Esc closes it.
    tmux.keys(&["Tab"]);
    // (On a wide screen the list is always there, its titles cut until it has the keys.)
    let list = tmux.wait_for("1 BSON is bytes, not JSON");
    for title in [
        "BSON is bytes, not JSON",
        "Four kinds of number",
        "Order and type bracketing",
    ] {
        assert!(list.contains(title), "{title} not in the list:\n{list}");
    }
    tmux.keys(&["Escape"]);
    // The list closed before the next key: an Escape followed at once by `?` would be read
    // as Alt+? on a loaded machine, and the list (whose status line also says "quit") stay.
    tmux.wait_for("Tab panels");

    // The help: every line can be reached, inside its border.
    tmux.keys(&["?"]);
    tmux.wait_for("quit");
    let help = page_through(&tmux, "PgDn", 40);
    for line in help.lines().filter(|l| !l.trim().is_empty()) {
        assert!(
            unicode_width::UnicodeWidthStr::width(line) <= usize::from(width),
            "a help line wider than the screen: {line:?}"
        );
    }
    assert!(
        help.contains("reset") && help.contains("playground") && help.contains("review"),
        "the help's sections were not all reached at {width}x{height}:\n{help}"
    );
    // Escape and q apart: a terminal reads an Escape followed at once by a key as Alt+key.
    tmux.keys(&["Escape"]);
    tmux.wait_for("Tab panels");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED:0");
    let after = tmux.wait_for("STTY-END");
    assert!(
        cooked(&after),
        "the terminal was left in raw mode:\n{after}"
    );
    drop(tmux);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_learning_loop_at_80x24_and_100x30() {
    if tmux_missing() {
        return;
    }
    learning_loop((80, 24));
    learning_loop((100, 30));
}

/// `bson-tutor shell` at a real terminal: multi-line input, history, completion, `it`, an
/// infinite loop stopped while the REPL stays usable, an exception's message, and the
/// databases kept by `--data` for the next run.
#[test]
fn the_shell_repl_in_a_terminal() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("shell-repl");
    let history = dir.join("history");
    let data = dir.join("data");
    let command = format!(
        "BSON_TUTOR_SHELL_HISTORY={} BSON_TUTOR_LANG=en {BIN} shell --seed 1 --now 2026-10-08T03:45:49Z --max-time-ms 500 --data {}",
        history.display(),
        data.display()
    );
    let Some(tmux) = Tmux::start_sized("shell", &command, (80, 24)) else {
        return;
    };
    tmux.wait_for("test>");
    // Multi-line: an open bracket asks for another line.
    tmux.keys(&["use lab04", "Enter"]);
    tmux.wait_for("switched to db lab04");
    tmux.keys(&[
        "db.t.insertMany(Array.from({ length: 25 }, (_, i) => ({",
        "Enter",
    ]);
    tmux.keys(&["_id: i, sq: i * i })))", "Enter"]);
    tmux.wait_for("insertedIds");
    // Completion: `db.t.fi` + Tab completes to a method (find, findOne, ...).
    tmux.keys(&["db.t.countDoc", "Tab"]);
    tmux.keys(&["()", "Enter"]);
    tmux.wait_for("\n25\n");
    // 20 documents a batch, then `it`.
    tmux.keys(&["db.t.find({}, { _id: 1 })", "Enter"]);
    tmux.wait_for("Type \"it\" for more");
    tmux.keys(&["it", "Enter"]);
    let screen = tmux.wait_for("{ _id: 24 }");
    assert!(screen.contains("{ _id: 20 }"), "{screen}");
    // History: Up brings back the last line.
    tmux.keys(&["Up"]);
    tmux.wait_for("lab04> it");
    tmux.keys(&["C-u"]);
    // An infinite loop stops at --max-time-ms and the REPL goes on.
    tmux.keys(&["for (;;) {}", "Enter"]);
    tmux.wait_for("the evaluation was stopped after 500 ms");
    tmux.keys(&["null.x", "Enter"]);
    tmux.wait_for("Uncaught TypeError: cannot read property 'x' of null");
    tmux.keys(&["1 + 1", "Enter"]);
    tmux.wait_for("\n2\n");
    tmux.keys(&["exit", "Enter"]);
    let start = Instant::now();
    while !data.join("lab04/t.bson").exists() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the data folder was never written"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let saved = std::fs::read_to_string(&history).expect("the history was saved");
    assert!(
        saved.contains("use lab04") && saved.contains("for (;;) {}"),
        "{saved}"
    );
    // The next run starts where this one stopped.
    let out = Command::new(BIN)
        .args(["shell", "--data"])
        .arg(&data)
        .args([
            "--eval",
            "db.getSiblingDB('lab04').t.countDocuments({ sq: { $gt: 100 } })",
        ])
        .output()
        .expect("shell runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "14\n");
}

/// The REPL in a terminal after what the engine cannot interrupt (issue 26): a loop inside
/// a built-in ends with its worker and the next line runs (in a new console); Tab on a
/// getter that loops comes back; the terminal is cooked after `exit`; `--data` kept the
/// lines before the kill.
#[test]
fn the_shell_repl_survives_a_loop_inside_a_built_in() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("shell-native");
    let data = dir.join("data");
    let command = format!(
        "BSON_TUTOR_SHELL_HISTORY={} BSON_TUTOR_LANG=en {BIN} shell --max-time-ms 500 --data {}; echo EXITED:$?; stty -a; echo STTY-END; sleep 30",
        dir.join("history").display(),
        data.display()
    );
    let Some(tmux) = Tmux::start_sized("shell-native", &command, (80, 24)) else {
        return;
    };
    tmux.wait_for("test>");
    tmux.keys(&["db.kept.insertOne({ _id: 1 })", "Enter"]);
    tmux.wait_for("insertedId: 1");
    tmux.keys(&["x = { get y() { for (;;) {} } }; 0", "Enter"]);
    tmux.wait_for("\n0\n");
    // Completion evaluates `x.y`: stopped at its own limit, the line is still there.
    tmux.keys(&["x.y.", "Tab"]);
    std::thread::sleep(Duration::from_millis(2_500));
    tmux.keys(&["C-u"]);
    tmux.keys(&["typeof x", "Enter"]);
    tmux.wait_for("\nobject\n");
    tmux.keys(&[
        "Array.prototype.reverse.call({ length: 2 ** 53 - 1 })",
        "Enter",
    ]);
    tmux.wait_for("did not stop when asked");
    tmux.keys(&["1 + 1", "Enter"]);
    tmux.wait_for("\n2\n");
    tmux.keys(&["db.kept.countDocuments()", "Enter"]);
    tmux.wait_for("\n1\n");
    tmux.keys(&["exit", "Enter"]);
    tmux.wait_for("EXITED:0");
    let screen = tmux.wait_for("STTY-END");
    assert!(cooked(&screen), "{screen}");
}

/// The console panel in the real binary after a loop inside a built-in: Ctrl-C asks, the
/// worker is ended, and the panel answers the next line.
#[test]
fn the_console_panel_survives_a_loop_inside_a_built_in() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("console-native");
    let progress = dir.join("progress.json");
    let Some(tmux) = Tmux::start_sized(
        "console-native",
        &tutor(&progress, "--seed 1 --now 2026-10-08T03:45:49Z"),
        (80, 24),
    ) else {
        return;
    };
    tmux.wait_for("Exercise 1/6");
    tmux.keys(&[":"]);
    tmux.wait_for("test>");
    // QuickJS does not interrupt a built-in's own loop: Ctrl-C asks, and the worker
    // process is ended when it does not stop.
    tmux.keys(&[
        "-l",
        "print('before'); Array.prototype.reverse.call({ length: 2 ** 53 - 1 })",
    ]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("running… (Ctrl-C stops it)");
    tmux.keys(&["C-c"]);
    tmux.wait_for("did not stop when asked");
    tmux.keys(&["-l", "1+1"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("\n│ 2");
    tmux.keys(&["Escape"]);
    tmux.wait_for("↑↓ documents");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Exercise 1/6");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED:0");
    let screen = tmux.wait_for("STTY-END");
    assert!(cooked(&screen), "{screen}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The console panel in the real binary: `:` opens it, a find prints, a document opens in
/// the hex view, an infinite loop leaves the screen alive and Ctrl-C stops it (not the
/// tutor); then `q` quits, progress saved and the terminal restored.
#[test]
fn the_console_panel_in_a_terminal() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("console");
    let progress = dir.join("progress.json");
    let Some(tmux) = Tmux::start_sized(
        "console",
        &tutor(&progress, "--seed 1 --now 2026-10-08T03:45:49Z"),
        (80, 24),
    ) else {
        return;
    };
    tmux.wait_for("Exercise 1/6");
    tmux.keys(&[":"]);
    tmux.wait_for("test>");
    tmux.keys(&["-l", "db.t.insertOne({ _id: 1, name: 'An', age: 30 })"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("insertedId: 1");
    tmux.keys(&["-l", "db.t.find()"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("[ { _id: 1, name: 'An', age: 30 } ]");
    tmux.keys(&["Escape"]);
    tmux.wait_for("document 2 of 2");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("Bytes of document 2 · 36 bytes");
    assert!(screen.contains("0000  24 00 00 00 10 5f 69 64"), "{screen}");
    // Back to the prompt; a loop that never ends keeps the screen drawing.
    tmux.keys(&["i"]);
    tmux.keys(&["-l", "let n = 0; for (;;) { n++ }"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("running… (Ctrl-C stops it)");
    tmux.keys(&["C-c"]);
    tmux.wait_for("Uncaught: the evaluation was interrupted (Ctrl-C)");
    tmux.keys(&["-l", "n > 0"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("\n│ true");
    // One Escape at a time: two sent together arrive as Alt+Escape.
    tmux.keys(&["Escape"]);
    tmux.wait_for("↑↓ documents");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Exercise 1/6");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED:0");
    let screen = tmux.wait_for("STTY-END");
    assert!(cooked(&screen), "{screen}");
    assert!(progress.exists(), "the progress file was written");
    let _ = std::fs::remove_dir_all(&dir);
}
