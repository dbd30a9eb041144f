//! What can happen to the browser: the keys' meanings, the ticks and the terminal's size.

use crate::tui::hex::HexMove;

/// Every state change the browser knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The next document.
    Down,
    /// The previous document.
    Up,
    /// A page of documents down.
    PageDown,
    /// A page of documents up.
    PageUp,
    /// The first document.
    First,
    /// The last document (once the index reaches it).
    Last,
    /// A move of the hex walk's selection.
    Hex(HexMove),
    /// The other panel gets the arrows.
    SwitchFocus,
    /// Opens the jump line.
    OpenJump,
    /// Opens the filter line.
    OpenFilter,
    /// The next document the filter matches.
    NextMatch,
    /// Opens or closes the keys.
    Help,
    /// A character typed on the jump or filter line.
    Type(char),
    /// Deletes the last character of the line.
    Backspace,
    /// Runs the line: jumps, or applies the filter and finds its next match.
    Submit,
    /// Closes the line or the help, or stops the search or the wait.
    Cancel,
    /// Time passes: index a little more, search a little further.
    Tick,
    /// The terminal's new size.
    Resize(u16, u16),
    /// Ends the browser.
    Quit,
}
