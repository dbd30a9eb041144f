//! The real binary on a 200 MB dump in tmux at 80x24: the first screen comes at once (the
//! time is printed; the bound asserted is generous), End reaches the last document, a filter
//! finds the next match and `n` the one after, and `q` gives the terminal back.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use bson_tutor::bson::encode_document;
use bson_tutor::dump::generate::mixed_documents;

const BIN: &str = env!("CARGO_BIN_EXE_bson-tutor");

/// A private tmux server with one session, killed on drop.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(name: &str, command: &str, (width, height): (u16, u16)) -> Tmux {
        let socket = format!("bson-tutor-browse-{name}-{}", std::process::id());
        let ok = Command::new("tmux")
            .args(["-L", &socket, "new-session", "-d", "-s", "t", "-x"])
            .arg(width.to_string())
            .arg("-y")
            .arg(height.to_string())
            .arg(command)
            .env("TERM", "xterm-256color")
            .status()
            .expect("tmux")
            .success();
        assert!(ok, "tmux refused to start a session");
        Tmux { socket }
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

    fn text(&self, text: &str) {
        self.keys(&["-l", text]);
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "t"])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `text`; panics with the screen after `limit`.
    fn wait_for(&self, text: &str, limit: Duration) -> (String, Duration) {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return (screen, start.elapsed());
            }
            assert!(
                start.elapsed() < limit,
                "the screen never showed {text:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(10));
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
        "\n!!! SKIPPED: tmux is not installed, so the browse end-to-end test did not run !!!\n"
    );
    true
}

/// Offsets in every mixed document: the ObjectId's 3-byte counter and the Int64 `n`.
const OID_COUNTER: usize = 4 + 1 + 4 + 9;
const N_VALUE: usize = 4 + 1 + 4 + 12 + 1 + 2;

/// Writes a `.bson` file of at least `target` bytes: a block of generated documents repeated,
/// each copy's `_id` counter and `n` set to the document's number so every document differs.
/// Returns how many documents it wrote. (Generating 200 MB document by document would take
/// minutes in a debug build; this takes a second.)
pub fn write_dump(path: &Path, target: u64) -> u64 {
    let block: Vec<Vec<u8>> = mixed_documents(17, 4096)
        .map(|doc| encode_document(&doc).unwrap())
        .collect();
    for bytes in &block {
        assert_eq!(bytes[OID_COUNTER - 14], 0x07, "_id comes first");
        assert_eq!(&bytes[N_VALUE - 3..N_VALUE], &[0x12, b'n', 0], "then n");
    }
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path).unwrap());
    let (mut written, mut n) = (0u64, 0u64);
    let mut doc = Vec::new();
    while written < target {
        for bytes in &block {
            doc.clear();
            doc.extend_from_slice(bytes);
            let counter = u32::try_from(n & 0xff_ffff).unwrap().to_be_bytes();
            doc[OID_COUNTER..OID_COUNTER + 3].copy_from_slice(&counter[1..]);
            doc[N_VALUE..N_VALUE + 8].copy_from_slice(&i64::try_from(n).unwrap().to_le_bytes());
            out.write_all(&doc).unwrap();
            written += doc.len() as u64;
            n += 1;
        }
    }
    out.flush().unwrap();
    n
}

fn cooked(screen: &str) -> bool {
    let words: Vec<&str> = screen.split_whitespace().collect();
    words.contains(&"icanon") && words.contains(&"echo") && !words.contains(&"-icanon")
}

#[test]
fn browse_opens_a_200_mb_dump_at_once_jumps_to_the_end_and_filters() {
    if tmux_missing() {
        return;
    }
    let dir = crate::common::TempDir::new("browse", "e2e");
    let file = dir.join("big.bson");
    let started = Instant::now();
    let count = write_dump(&file, 200 * 1024 * 1024);
    let size = std::fs::metadata(&file).unwrap().len();
    eprintln!(
        "browse e2e: wrote {count} documents, {size} bytes, in {:?}",
        started.elapsed()
    );

    // The time to the first frame, as the binary measures it.
    let measured = dir.join("first-frame.txt");
    let command = format!(
        "BSON_TUTOR_EXIT_AFTER_FIRST_FRAME=1 {BIN} browse {} 2>{}; echo MEASURED; sleep 60",
        file.display(),
        measured.display()
    );
    let tmux = Tmux::start("first", &command, (80, 24));
    tmux.wait_for("MEASURED", Duration::from_secs(10));
    drop(tmux);
    let first_frame = std::fs::read_to_string(&measured).unwrap();
    eprintln!("browse e2e: {}", first_frame.trim());

    let command = format!(
        "{BIN} --lang en browse {}; echo EXITED:$?; stty -a; echo STTY-END; sleep 60",
        file.display()
    );
    let spawned = Instant::now();
    let tmux = Tmux::start("walk", &command, (80, 24));
    let (screen, _) = tmux.wait_for("Document 1 · byte 0", Duration::from_secs(5));
    eprintln!(
        "browse e2e: first screen in tmux {:?} after the spawn",
        spawned.elapsed()
    );
    assert!(screen.contains("Documents"), "{screen}");

    let pressed = Instant::now();
    tmux.keys(&["End"]);
    let (screen, took) = tmux.wait_for(&format!("Document {count} "), Duration::from_secs(60));
    eprintln!("browse e2e: End reached document {count} in {took:?} (indexing included)");
    assert!(screen.contains(&format!("{count} documents")), "{screen}");
    assert!(pressed.elapsed() < Duration::from_secs(60));

    tmux.keys(&["Home"]);
    tmux.wait_for("Document 1 · byte 0", Duration::from_secs(5));
    tmux.keys(&["/"]);
    tmux.text("{ n: { $in: [20000, 20500] } }");
    tmux.keys(&["Enter"]);
    let (screen, took) = tmux.wait_for("✓ document 20001 matches", Duration::from_secs(60));
    eprintln!("browse e2e: the filter found document 20001 in {took:?}");
    assert!(screen.contains("Document 20001 "), "{screen}");
    tmux.keys(&["n"]);
    tmux.wait_for("✓ document 20501 matches", Duration::from_secs(60));
    tmux.keys(&["Up"]);
    let (screen, _) = tmux.wait_for("✗ document 20500: ", Duration::from_secs(5));
    assert!(screen.contains("does not satisfy $in"), "{screen}");

    tmux.keys(&["q"]);
    let (screen, _) = tmux.wait_for("STTY-END", Duration::from_secs(10));
    assert!(screen.contains("EXITED:0"), "{screen}");
    assert!(cooked(&screen), "the terminal was not restored:\n{screen}");
}
