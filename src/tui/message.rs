//! What can happen to the application: every key, click and resize becomes one of these
//! (see [`super::keymap`]), and [`super::update::update`] is the only place that acts on them.

use super::hex::HexMove;
use super::input::Edit;
use super::work::Done;

/// Which panel has the keyboard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Focus {
    /// The lesson list.
    List,
    /// The lesson text.
    #[default]
    Lesson,
    /// The hex view.
    Hex,
    /// The exercise panel (keys are commands).
    Exercise,
    /// The exercise's answer line (keys are typed).
    Answer,
}

impl Focus {
    /// The next panel for Tab (typing ends).
    pub fn next(self) -> Focus {
        match self {
            Focus::List => Focus::Lesson,
            Focus::Lesson => Focus::Hex,
            Focus::Hex => Focus::Exercise,
            Focus::Exercise | Focus::Answer => Focus::List,
        }
    }

    /// The previous panel for Shift-Tab.
    pub fn prev(self) -> Focus {
        match self {
            Focus::List => Focus::Exercise,
            Focus::Lesson => Focus::List,
            Focus::Hex => Focus::Lesson,
            Focus::Exercise | Focus::Answer => Focus::Hex,
        }
    }
}

/// What a confirmation is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Forget the record of one exercise.
    ResetExercise {
        /// Lesson index.
        lesson: usize,
        /// Exercise index within it.
        exercise: usize,
    },
    /// Forget every record of a lesson.
    ResetLesson {
        /// Lesson index.
        lesson: usize,
    },
}

/// A message for [`super::update::update`].
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// Leave (progress is saved first).
    Quit,
    /// Show or hide the key help.
    ToggleHelp,
    /// Close an overlay (help, confirmation, lesson complete) or stop typing.
    Back,
    /// The terminal changed size.
    Resize(u16, u16),
    /// Move the keyboard to the next / previous panel.
    FocusNext,
    /// See [`Message::FocusNext`].
    FocusPrev,
    /// Move the keyboard to a panel.
    FocusOn(Focus),
    /// Move in the lesson list.
    ListMove(isize),
    /// Open what the list selection points at (a lesson or one of its exercises).
    ListOpen,
    /// Scroll the lesson text by lines.
    Scroll(isize),
    /// Scroll the lesson text by pages.
    ScrollPage(isize),
    /// To the top / bottom of the lesson text.
    ScrollEdge(bool),
    /// Move in the hex view.
    Hex(HexMove),
    /// Show the next / previous document of the lesson in the hex view.
    HexDocument(isize),
    /// The previous / next exercise of the lesson.
    Exercise(isize),
    /// The previous / next lesson.
    Lesson(isize),
    /// Go to the first exercise not yet done, in course order.
    Continue,
    /// Start typing an answer.
    StartTyping,
    /// Edit the answer line (or the focused playground line).
    Edit(Edit),
    /// Check the typed answer.
    Submit,
    /// Show the next hint.
    Hint,
    /// Show the answer (after a wrong attempt; recorded as revealed).
    Reveal,
    /// Ask to reset the current exercise.
    AskResetExercise,
    /// Ask to reset the current lesson.
    AskResetLesson,
    /// Answer the pending confirmation.
    Confirm(bool),
    /// Open the playground.
    OpenPlayground,
    /// Leave the playground.
    ClosePlayground,
    /// In the playground: focus the next / previous line or panel.
    PlaygroundFocus(isize),
    /// In the playground: add the document to the collection.
    PlaygroundAdd,
    /// In the playground: remove the selected document of the collection.
    PlaygroundRemove,
    /// In the playground: move the collection's selection.
    PlaygroundSelect(isize),
    /// In the playground: load the selected document into the document line.
    PlaygroundLoad,
    /// A mouse click at a screen cell.
    Click(u16, u16),
    /// The mouse wheel at a screen cell (negative: up).
    Wheel(u16, u16, i32),
    /// A computation asked for earlier has ended (see [`super::work`]): its result, or why
    /// there is none. Ignored when a newer one of its kind was asked for since.
    Finished(Done),
    /// Scroll the exercise panel by lines (negative: up).
    ExerciseScroll(isize),
    /// Scroll the exercise panel by pages (negative: up).
    ExerciseScrollPage(isize),
    /// Answer the exercise with its option `n` (0 is `a`): a choice, or which id sorts first.
    Choose(usize),
    /// Show the next exercise due for review (revealed, or solved after wrong answers).
    Review,
    /// Open the console panel (a mongosh console over the engine).
    OpenConsole,
    /// Leave the console panel (its console and transcript stay for the next visit).
    CloseConsole,
    /// In the console: run the line typed (or continue an unfinished statement).
    ConsoleSubmit,
    /// In the console: complete the name before the cursor.
    ConsoleComplete,
    /// In the console: the previous (-1) / next (1) statement of the history.
    ConsoleHistory(isize),
    /// In the console: the keys to the next (1) / previous (-1) part.
    ConsoleFocus(isize),
    /// In the console's prompt: stop the running evaluation, drop an unfinished statement,
    /// or leave the prompt for the transcript.
    ConsoleBack,
    /// In the console: select the previous (-1) / next (1) document printed; `isize::MIN`
    /// and `isize::MAX` the first and last.
    ConsoleSelect(isize),
    /// In the console: open the selected document in the hex view.
    ConsoleOpenDocument,
    /// In the console: close the hex view (or, when none is open, leave the console).
    ConsoleCloseHex,
    /// In the console: scroll the transcript by lines (negative: up).
    ConsoleScroll(isize),
    /// In the console: scroll the transcript by pages (negative: up).
    ConsoleScrollPage(isize),
    /// In the console's transcript or bytes: back to the prompt.
    ConsoleType,
}
