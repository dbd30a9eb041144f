//! The one table of keys: where each key works, the message it sends, what the help says of
//! it and what the status bar shows. The key map ([`super::message`]), the help overlay
//! ([`super::help_lines`]) and the status bar ([`super::status_hints`]) are all read from
//! [`BINDINGS`]; nothing else names a key.

use ratatui::crossterm::event::KeyCode;

use crate::tui::hex::HexMove;
use crate::tui::input::Edit;
use crate::tui::message::{Focus, Message};

/// A key, as the table names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The key without Ctrl (Shift is in the character: `X`, `?`, and in `BackTab`).
    Plain(KeyCode),
    /// The key with Ctrl held.
    Ctrl(KeyCode),
    /// Any character typed without Ctrl: it goes into the line being typed (its binding's
    /// message is an [`Edit::Insert`], sent with the character typed).
    Text,
    /// Any key that no other binding in force takes.
    Any,
}

/// Where a binding works. Several hold at once (the lessons' hex view is [`Context::Hex`],
/// [`Context::Bytes`], [`Context::Commands`], [`Context::Lessons`] and [`Context::Anywhere`]);
/// [`super::contexts`] lists those in force, innermost first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Every screen, even while typing.
    Anywhere,
    /// The lessons, whichever panel has the keyboard.
    Lessons,
    /// The lessons while keys are commands (not typing an answer).
    Commands,
    /// The lesson list.
    List,
    /// The lesson text.
    Text,
    /// The lessons' hex view.
    Hex,
    /// Any hex view: the lessons' or the playground's bytes.
    Bytes,
    /// The exercise panel.
    Exercise,
    /// The exercise panel of an exercise that lists options (a choice, or which id sorts
    /// first): letters choose.
    Choice,
    /// The answer line, while typing.
    Answer,
    /// Any line being typed in: the answer, the playground's document and filter.
    Typing,
    /// The playground, whichever panel has the keyboard.
    Playground,
    /// The playground's document line.
    PlaygroundDocument,
    /// The playground's filter line.
    PlaygroundFilter,
    /// The playground's collection.
    PlaygroundCollection,
    /// The playground's collection and bytes, where letters are commands.
    PlaygroundCommands,
    /// The console's prompt, where keys are typed.
    ConsoleInput,
    /// The console's transcript: keys select the documents printed.
    ConsoleTranscript,
    /// The bytes of a document opened from the console.
    ConsoleBytes,
    /// The key help.
    Help,
    /// A question that needs yes or no (a reset).
    Confirm,
    /// A note to read before going on.
    Alert,
    /// A lesson just finished.
    Complete,
    /// The end of the course: its summary.
    Course,
}

impl Context {
    /// Every context, innermost first: the order of [`super::contexts`], and so of the status
    /// bar's hints (the panel's own keys before the lessons' or the playground's).
    pub const INNERMOST_FIRST: [Context; 24] = [
        Context::Help,
        Context::Confirm,
        Context::Alert,
        Context::Complete,
        Context::Course,
        Context::ConsoleInput,
        Context::ConsoleTranscript,
        Context::ConsoleBytes,
        Context::PlaygroundDocument,
        Context::PlaygroundFilter,
        Context::PlaygroundCollection,
        Context::Bytes,
        Context::Hex,
        Context::List,
        Context::Text,
        Context::Choice,
        Context::Exercise,
        Context::Answer,
        Context::PlaygroundCommands,
        Context::Typing,
        Context::Playground,
        Context::Commands,
        Context::Lessons,
        Context::Anywhere,
    ];

    /// The help's section for the context (English, the key of its translation).
    pub fn section(self) -> &'static str {
        match self {
            Context::Anywhere => "anywhere",
            Context::Lessons | Context::Commands => "lessons",
            Context::List => "list",
            Context::Text => "text",
            Context::Hex | Context::Bytes => "hex",
            Context::Exercise | Context::Choice => "exercise",
            Context::Answer => "answer",
            Context::Typing => "typing",
            Context::Playground
            | Context::PlaygroundDocument
            | Context::PlaygroundFilter
            | Context::PlaygroundCollection
            | Context::PlaygroundCommands => "playground",
            Context::ConsoleInput | Context::ConsoleTranscript | Context::ConsoleBytes => "console",
            Context::Help => "help",
            Context::Confirm => "reset",
            Context::Alert => "note",
            Context::Complete => "complete",
            Context::Course => "course",
        }
    }

    /// The part of the section the keys work in, shown after them in the help:
    /// `Enter (document line)`.
    pub fn qualifier(self) -> Option<&'static str> {
        match self {
            Context::PlaygroundDocument => Some("document line"),
            Context::PlaygroundFilter => Some("filter line"),
            Context::PlaygroundCollection => Some("collection"),
            Context::PlaygroundCommands => Some("collection, bytes"),
            Context::ConsoleInput => Some("prompt"),
            Context::ConsoleTranscript => Some("transcript"),
            Context::ConsoleBytes => Some("bytes"),
            _ => None,
        }
    }
}

/// What the status bar shows of a binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The word after the keys (English, the key of its translation).
    pub text: &'static str,
    /// Where it is shown, besides where the binding works: only while one of these contexts
    /// holds too (empty: wherever the binding works).
    pub on: &'static [Context],
    /// Whether only the first key is shown (`Tab`, not `Tab Shift-Tab`); otherwise the first
    /// group of keys is (`↑↓`, `[ ]`).
    pub first_key: bool,
}

/// Inner contexts whose keys take the place of an outer one's where both bind a key, as
/// `(inner, outer)`: in the exercise panel of a choice, `c` and `d` choose options instead of
/// continuing and turning the hex view's document. No other two bindings in force share a key
/// (a test checks).
pub const SHADOWS: &[(Context, Context)] = &[(Context::Choice, Context::Commands)];

/// Keys that send messages in a context, and what the help and the status bar say of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    /// Where the keys work.
    pub context: Context,
    /// Each key and the message it sends, in the order the help names them.
    pub keys: &'static [(Key, Message)],
    /// What they do, for the help (English, the key of its translation).
    pub what: &'static str,
    /// What the status bar shows, if anything.
    pub hint: Option<Hint>,
}

const fn bind(context: Context, keys: &'static [(Key, Message)], what: &'static str) -> Binding {
    Binding {
        context,
        keys,
        what,
        hint: None,
    }
}

impl Binding {
    /// The binding, shown in the status bar as its keys and `text` (see [`Hint::on`]).
    const fn hint(self, text: &'static str, on: &'static [Context]) -> Binding {
        Binding {
            hint: Some(Hint {
                text,
                on,
                first_key: false,
            }),
            ..self
        }
    }

    /// The binding, its hint naming its first key only.
    const fn first_key(self) -> Binding {
        let hint = match self.hint {
            Some(h) => Some(Hint {
                first_key: true,
                ..h
            }),
            None => None,
        };
        Binding { hint, ..self }
    }
}

const fn ch(c: char) -> Key {
    Key::Plain(KeyCode::Char(c))
}

const fn ctrl(c: char) -> Key {
    Key::Ctrl(KeyCode::Char(c))
}

const UP: Key = Key::Plain(KeyCode::Up);
const DOWN: Key = Key::Plain(KeyCode::Down);
const LEFT: Key = Key::Plain(KeyCode::Left);
const RIGHT: Key = Key::Plain(KeyCode::Right);
const ENTER: Key = Key::Plain(KeyCode::Enter);
const ESC: Key = Key::Plain(KeyCode::Esc);
const TAB: Key = Key::Plain(KeyCode::Tab);
const BACKTAB: Key = Key::Plain(KeyCode::BackTab);
const BACKSPACE: Key = Key::Plain(KeyCode::Backspace);
const DELETE: Key = Key::Plain(KeyCode::Delete);
const HOME: Key = Key::Plain(KeyCode::Home);
const END: Key = Key::Plain(KeyCode::End);
const PAGE_UP: Key = Key::Plain(KeyCode::PageUp);
const PAGE_DOWN: Key = Key::Plain(KeyCode::PageDown);
const SPACE: Key = ch(' ');

/// Line scrolling, the same in the lesson text and the help.
const SCROLL_LINES: &[(Key, Message)] = &[
    (UP, M::Scroll(-1)),
    (DOWN, M::Scroll(1)),
    (ch('k'), M::Scroll(-1)),
    (ch('j'), M::Scroll(1)),
];

/// Page scrolling, the same in the lesson text and the help.
const SCROLL_PAGES: &[(Key, Message)] = &[
    (PAGE_UP, M::ScrollPage(-1)),
    (PAGE_DOWN, M::ScrollPage(1)),
    (SPACE, M::ScrollPage(1)),
];
const F1: Key = Key::Plain(KeyCode::F(1));

use Context::{
    Alert, Answer, Anywhere, Bytes, Choice, Commands, Complete, Confirm, ConsoleBytes,
    ConsoleInput, ConsoleTranscript, Course, Exercise, Help, Hex, Lessons, List, Playground,
    PlaygroundCollection, PlaygroundCommands, PlaygroundDocument, PlaygroundFilter, Text, Typing,
};
use Message as M;

/// Every key binding, in the help's order. Where two bindings in force take the same key,
/// the first wins (a test checks none do); a named key wins over [`Key::Text`], which wins
/// over [`Key::Any`].
pub static BINDINGS: &[Binding] = &[
    bind(Anywhere, &[(F1, M::ToggleHelp)], "this help").hint("keys", &[Typing]),
    bind(
        Anywhere,
        &[(ctrl('c'), M::Quit), (ctrl('q'), M::Quit)],
        "quit (progress is saved)",
    ),
    bind(
        Lessons,
        &[(TAB, M::FocusNext), (BACKTAB, M::FocusPrev)],
        "next / previous panel",
    )
    .hint("panels", &[List, Text, Answer])
    .first_key(),
    bind(
        Commands,
        &[(ch('c'), M::Continue)],
        "continue at the first exercise not solved",
    )
    .hint("continue", &[List]),
    // No hint: the list's `Review (N)` line and the overlays name it when there is any.
    bind(
        Commands,
        &[(ch('R'), M::Review)],
        "review the exercises revealed or missed",
    ),
    bind(
        Commands,
        &[(ch('p'), M::OpenPlayground)],
        "playground: your own document and filter",
    )
    .hint("playground", &[List]),
    bind(
        Commands,
        &[(ch('<'), M::Lesson(-1)), (ch('>'), M::Lesson(1))],
        "previous / next lesson",
    ),
    bind(
        Commands,
        &[(ch('['), M::Exercise(-1)), (ch(']'), M::Exercise(1))],
        "previous / next exercise",
    )
    // Not in the exercise panel, whose hints (h, r, x) need the room; its feedback names `]`.
    .hint("exercises", &[Text]),
    // No hint: the hex view's title names the key when there is another document.
    bind(
        Commands,
        &[(ch('d'), M::HexDocument(1)), (ch('D'), M::HexDocument(-1))],
        "next / previous document in the hex view",
    ),
    bind(Commands, &[(ch('i'), M::StartTyping)], "type an answer"),
    bind(Commands, &[(ch('h'), M::Hint)], "next hint").hint("hint", &[Exercise]),
    bind(
        Commands,
        &[(ch('r'), M::Reveal)],
        "reveal the answer (after a wrong attempt)",
    )
    .hint("reveal", &[Exercise]),
    bind(
        Commands,
        &[(ch('x'), M::AskResetExercise), (ch('X'), M::AskResetLesson)],
        "reset this exercise / the whole lesson",
    )
    .hint("reset", &[Exercise])
    .first_key(),
    bind(Commands, &[(ch('?'), M::ToggleHelp)], "this help").hint("keys", &[]),
    bind(Commands, &[(ch('q'), M::Quit)], "quit (progress is saved)").hint("quit", &[List, Text]),
    bind(
        Commands,
        &[(ch(':'), M::OpenConsole)],
        "console: mongosh scripts over the engine",
    )
    .hint("console", &[List]),
    bind(
        List,
        &[
            (UP, M::ListMove(-1)),
            (DOWN, M::ListMove(1)),
            (ch('k'), M::ListMove(-1)),
            (ch('j'), M::ListMove(1)),
        ],
        "move",
    )
    .hint("move", &[]),
    bind(
        List,
        &[
            (PAGE_UP, M::ListMove(-10)),
            (PAGE_DOWN, M::ListMove(10)),
            (HOME, M::ListMove(isize::MIN)),
            (END, M::ListMove(isize::MAX)),
        ],
        "ten lines, first / last line",
    ),
    bind(
        List,
        &[
            (ENTER, M::ListOpen),
            (RIGHT, M::ListOpen),
            (ch('l'), M::ListOpen),
        ],
        "open the lesson or exercise",
    )
    .hint("open", &[]),
    bind(Text, SCROLL_LINES, "scroll").hint("scroll", &[]),
    bind(Text, SCROLL_PAGES, "scroll a page").hint("page", &[]),
    bind(
        Text,
        &[
            (ch('g'), M::ScrollEdge(false)),
            (ch('G'), M::ScrollEdge(true)),
            (HOME, M::ScrollEdge(false)),
            (END, M::ScrollEdge(true)),
        ],
        "top / bottom",
    ),
    bind(
        Text,
        &[(ENTER, M::FocusOn(Focus::Exercise))],
        "to the exercise",
    ),
    bind(Text, &[(ESC, M::Back)], "to the lesson list"),
    bind(
        Bytes,
        &[
            (LEFT, M::Hex(HexMove::PrevRun)),
            (RIGHT, M::Hex(HexMove::NextRun)),
        ],
        "previous / next run of bytes",
    )
    .hint("runs", &[]),
    bind(
        Bytes,
        &[
            (UP, M::Hex(HexMove::PrevElement)),
            (DOWN, M::Hex(HexMove::NextElement)),
            (ch('k'), M::Hex(HexMove::PrevElement)),
            (ch('j'), M::Hex(HexMove::NextElement)),
        ],
        "previous / next element",
    )
    .hint("elements", &[]),
    bind(
        Bytes,
        &[(ENTER, M::Hex(HexMove::Enter))],
        "into an embedded document or array",
    )
    .hint("in", &[]),
    bind(
        Bytes,
        &[(BACKSPACE, M::Hex(HexMove::Leave))],
        "out to the enclosing element",
    )
    .hint("out", &[Playground]),
    // In the playground Esc leaves the playground instead.
    bind(
        Hex,
        &[(ESC, M::Hex(HexMove::Leave))],
        "out to the enclosing element",
    )
    .hint("out", &[]),
    bind(
        Bytes,
        &[
            (PAGE_UP, M::Hex(HexMove::PageUp)),
            (PAGE_DOWN, M::Hex(HexMove::PageDown)),
            (HOME, M::Hex(HexMove::First)),
            (END, M::Hex(HexMove::Last)),
        ],
        "scroll, first / last byte",
    ),
    bind(
        Choice,
        &[
            (ch('a'), M::Choose(0)),
            (ch('b'), M::Choose(1)),
            (ch('c'), M::Choose(2)),
            (ch('d'), M::Choose(3)),
            (ch('e'), M::Choose(4)),
        ],
        "choose that option",
    )
    .hint("choose", &[]),
    bind(Exercise, &[(ENTER, M::StartTyping)], "type an answer").hint("answer", &[]),
    bind(
        Exercise,
        &[
            (UP, M::ExerciseScroll(-1)),
            (DOWN, M::ExerciseScroll(1)),
            (ch('k'), M::ExerciseScroll(-1)),
            (ch('j'), M::ExerciseScroll(1)),
        ],
        "scroll",
    )
    .hint("scroll", &[]),
    bind(
        Exercise,
        &[
            (PAGE_UP, M::ExerciseScrollPage(-1)),
            (PAGE_DOWN, M::ExerciseScrollPage(1)),
        ],
        "scroll a page",
    ),
    bind(
        Exercise,
        &[
            (HOME, M::ExerciseScroll(isize::MIN)),
            (END, M::ExerciseScroll(isize::MAX)),
        ],
        "top / bottom",
    ),
    bind(
        Exercise,
        &[(LEFT, M::Exercise(-1)), (RIGHT, M::Exercise(1))],
        "previous / next exercise",
    ),
    bind(Exercise, &[(ESC, M::Back)], "to the lesson list"),
    bind(Answer, &[(ENTER, M::Submit)], "check the answer").hint("check", &[]),
    bind(Answer, &[(ESC, M::Back)], "stop typing").hint("stop typing", &[]),
    bind(
        Answer,
        &[
            (PAGE_UP, M::ExerciseScrollPage(-1)),
            (PAGE_DOWN, M::ExerciseScrollPage(1)),
        ],
        "scroll a page",
    )
    .hint("scroll", &[]),
    bind(
        Answer,
        &[(UP, M::ExerciseScroll(-1)), (DOWN, M::ExerciseScroll(1))],
        "scroll",
    ),
    bind(
        Typing,
        &[(LEFT, M::Edit(Edit::Left)), (RIGHT, M::Edit(Edit::Right))],
        "move the cursor",
    ),
    bind(
        Typing,
        &[
            (Key::Ctrl(KeyCode::Left), M::Edit(Edit::WordLeft)),
            (Key::Ctrl(KeyCode::Right), M::Edit(Edit::WordRight)),
        ],
        "move by a word",
    ),
    bind(
        Typing,
        &[(HOME, M::Edit(Edit::Home)), (END, M::Edit(Edit::End))],
        "to the start / end of the line",
    ),
    bind(
        Typing,
        &[
            (ctrl('a'), M::Edit(Edit::Home)),
            (ctrl('e'), M::Edit(Edit::End)),
        ],
        "the same, as in a shell",
    ),
    bind(
        Typing,
        &[
            (BACKSPACE, M::Edit(Edit::Backspace)),
            (DELETE, M::Edit(Edit::Delete)),
        ],
        "delete before / under the cursor",
    ),
    bind(
        Typing,
        &[
            (ctrl('w'), M::Edit(Edit::DeleteWord)),
            (ctrl('u'), M::Edit(Edit::DeleteToStart)),
        ],
        "delete a word / to the start",
    ),
    bind(
        Typing,
        &[(Key::Text, M::Edit(Edit::Insert(' ')))],
        "typed at the cursor",
    ),
    bind(
        Playground,
        &[
            (TAB, M::PlaygroundFocus(1)),
            (BACKTAB, M::PlaygroundFocus(-1)),
        ],
        "document, filter, collection, bytes",
    )
    .hint("panels", &[])
    .first_key(),
    bind(
        Playground,
        &[(ESC, M::ClosePlayground)],
        "back to the lessons",
    )
    .hint("back", &[]),
    bind(
        PlaygroundDocument,
        &[(ENTER, M::PlaygroundAdd)],
        "add the document to the collection",
    )
    .hint("add to the collection", &[]),
    bind(
        PlaygroundFilter,
        &[(ENTER, M::PlaygroundFocus(1))],
        "on to the collection",
    ),
    bind(
        PlaygroundCollection,
        &[
            (UP, M::PlaygroundSelect(-1)),
            (DOWN, M::PlaygroundSelect(1)),
            (ch('k'), M::PlaygroundSelect(-1)),
            (ch('j'), M::PlaygroundSelect(1)),
        ],
        "select a document",
    )
    .hint("select", &[]),
    bind(
        PlaygroundCollection,
        &[(ENTER, M::PlaygroundLoad)],
        "load the selected document",
    )
    .hint("load", &[]),
    bind(
        PlaygroundCollection,
        &[
            (DELETE, M::PlaygroundRemove),
            (ch('x'), M::PlaygroundRemove),
        ],
        "remove the selected document",
    )
    .hint("remove", &[]),
    bind(PlaygroundCommands, &[(ch('?'), M::ToggleHelp)], "this help").hint("keys", &[]),
    bind(
        PlaygroundCommands,
        &[(ch('q'), M::ClosePlayground)],
        "back to the lessons",
    ),
    bind(
        ConsoleInput,
        &[(ENTER, M::ConsoleSubmit)],
        "run the statement (an unfinished one asks for the next line)",
    )
    .hint("run", &[]),
    bind(
        ConsoleInput,
        &[(TAB, M::ConsoleComplete)],
        "complete a name",
    )
    .hint("completion", &[]),
    bind(
        ConsoleInput,
        &[(UP, M::ConsoleHistory(-1)), (DOWN, M::ConsoleHistory(1))],
        "previous / next statement",
    )
    .hint("history", &[]),
    bind(
        ConsoleInput,
        &[(ESC, M::ConsoleBack)],
        "stop a running script, drop an unfinished statement, or leave the prompt",
    )
    .hint("leave", &[]),
    bind(
        ConsoleInput,
        &[(BACKTAB, M::ConsoleFocus(-1))],
        "to the transcript or the bytes",
    ),
    bind(
        ConsoleInput,
        &[
            (PAGE_UP, M::ConsoleScrollPage(-1)),
            (PAGE_DOWN, M::ConsoleScrollPage(1)),
        ],
        "scroll the transcript a page",
    ),
    bind(
        ConsoleTranscript,
        &[
            (UP, M::ConsoleSelect(-1)),
            (DOWN, M::ConsoleSelect(1)),
            (ch('k'), M::ConsoleSelect(-1)),
            (ch('j'), M::ConsoleSelect(1)),
        ],
        "select a document printed",
    )
    .hint("documents", &[]),
    bind(
        ConsoleTranscript,
        &[
            (HOME, M::ConsoleSelect(isize::MIN)),
            (END, M::ConsoleSelect(isize::MAX)),
        ],
        "the first / last document",
    ),
    bind(
        ConsoleTranscript,
        &[(ENTER, M::ConsoleOpenDocument)],
        "open the selected document in the hex view",
    )
    .hint("bytes", &[]),
    bind(
        ConsoleTranscript,
        &[
            (PAGE_UP, M::ConsoleScrollPage(-1)),
            (PAGE_DOWN, M::ConsoleScrollPage(1)),
        ],
        "scroll a page",
    ),
    bind(
        ConsoleTranscript,
        &[(ch('i'), M::ConsoleType), (ch(':'), M::ConsoleType)],
        "back to the prompt",
    )
    .hint("prompt", &[])
    .first_key(),
    bind(
        ConsoleTranscript,
        &[(TAB, M::ConsoleFocus(1)), (BACKTAB, M::ConsoleFocus(-1))],
        "prompt, transcript, bytes",
    ),
    bind(ConsoleTranscript, &[(ch('?'), M::ToggleHelp)], "this help"),
    bind(
        ConsoleTranscript,
        &[(ESC, M::CloseConsole), (ch('q'), M::CloseConsole)],
        "back to the lessons",
    )
    .hint("back", &[])
    .first_key(),
    bind(
        ConsoleBytes,
        &[(TAB, M::ConsoleFocus(1)), (BACKTAB, M::ConsoleFocus(-1))],
        "prompt, transcript, bytes",
    ),
    bind(
        ConsoleBytes,
        &[(ch('i'), M::ConsoleType), (ch(':'), M::ConsoleType)],
        "back to the prompt",
    )
    .hint("prompt", &[])
    .first_key(),
    bind(ConsoleBytes, &[(ch('?'), M::ToggleHelp)], "this help"),
    bind(
        ConsoleBytes,
        &[(ESC, M::ConsoleCloseHex)],
        "close the bytes",
    )
    .hint("close", &[]),
    bind(
        ConsoleBytes,
        &[(ch('q'), M::CloseConsole)],
        "back to the lessons",
    ),
    bind(Help, SCROLL_LINES, "scroll").hint("scroll", &[]),
    bind(Help, SCROLL_PAGES, "scroll a page"),
    bind(Help, &[(Key::Any, M::ToggleHelp)], "close the help").hint("close", &[]),
    bind(
        Confirm,
        &[(ch('y'), M::Confirm(true)), (ch('Y'), M::Confirm(true))],
        "yes: forget attempts, hints and answers",
    )
    .hint("reset", &[]),
    bind(
        Confirm,
        &[
            (ch('n'), M::Confirm(false)),
            (ch('N'), M::Confirm(false)),
            (ESC, M::Confirm(false)),
        ],
        "no: keep them",
    )
    .hint("keep", &[]),
    bind(Alert, &[(Key::Any, M::Back)], "go on").hint("go on", &[]),
    bind(
        Complete,
        &[
            (ENTER, M::Lesson(1)),
            (ch('n'), M::Lesson(1)),
            (ch('>'), M::Lesson(1)),
        ],
        "next lesson",
    )
    .hint("next lesson", &[]),
    bind(
        Complete,
        &[(ch('c'), M::Continue)],
        "continue at the first exercise not solved",
    ),
    bind(
        Complete,
        &[(ch('R'), M::Review)],
        "review the exercises revealed or missed",
    ),
    bind(
        Complete,
        &[(ch('p'), M::OpenPlayground)],
        "playground: your own document and filter",
    ),
    bind(Complete, &[(ch('q'), M::Quit)], "quit (progress is saved)"),
    bind(
        Complete,
        &[(ESC, M::Back), (Key::Any, M::Back)],
        "stay on this lesson",
    )
    .hint("stay", &[]),
    // No hints: the overlay names these keys when there is something to review or left.
    bind(
        Course,
        &[(ch('R'), M::Review)],
        "review the exercises revealed or missed",
    ),
    bind(
        Course,
        &[(ch('c'), M::Continue)],
        "continue at the first exercise not solved",
    ),
    bind(
        Course,
        &[(ch('p'), M::OpenPlayground)],
        "playground: your own document and filter",
    ),
    bind(Course, &[(ch('q'), M::Quit)], "quit (progress is saved)"),
    bind(Course, &[(ESC, M::Back), (Key::Any, M::Back)], "close").hint("close", &[]),
    // Esc closes the list (drawn over the lesson on a narrow screen) back to the text.
    bind(List, &[(ESC, M::FocusOn(Focus::Lesson))], "close the list"),
];
