//! STUB: the hex view widget; replaced by its owner. Keep the public API.

use std::cell::Cell;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::bson::DecodeError;
use crate::bson::spans::{DocumentSpans, Row, document_spans, rows};

/// A document's bytes with their spans and rows, computed once.
#[derive(Clone, Debug)]
pub struct HexModel {
    bytes: Vec<u8>,
    spans: DocumentSpans,
    rows: Vec<Row>,
}

impl HexModel {
    /// Walks `bytes`.
    ///
    /// # Errors
    /// Bytes that are not one valid document.
    pub fn new(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        let spans = document_spans(&bytes)?;
        let rows = rows(&spans);
        Ok(HexModel { bytes, spans, rows })
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The spans.
    pub fn spans(&self) -> &DocumentSpans {
        &self.spans
    }

    /// The annotated runs in offset order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
}

/// How the selection moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexMove {
    /// The next run of bytes (the next row of the walk).
    NextRun,
    /// The previous run.
    PrevRun,
    /// The next element at the current level.
    NextElement,
    /// The previous element at the current level.
    PrevElement,
    /// Into the selected embedded document or array (its first element).
    Enter,
    /// Out to the enclosing element.
    Leave,
    /// A page of lines down.
    PageDown,
    /// A page of lines up.
    PageUp,
    /// The first run.
    First,
    /// The last run.
    Last,
}

/// The selection and scroll position of a hex view.
#[derive(Clone, Debug, Default)]
pub struct HexState {
    selected: usize,
    scroll: Cell<usize>,
}

impl HexState {
    /// Moves the selection.
    pub fn apply(&mut self, model: &HexModel, mv: HexMove) {
        let last = model.rows.len().saturating_sub(1);
        self.selected = match mv {
            HexMove::NextRun | HexMove::NextElement => (self.selected + 1).min(last),
            HexMove::PrevRun | HexMove::PrevElement => self.selected.saturating_sub(1),
            HexMove::First => 0,
            HexMove::Last => last,
            _ => self.selected,
        };
    }

    /// Selects the run holding byte `offset`.
    pub fn select_byte(&mut self, model: &HexModel, offset: usize) {
        if let Some(i) = model
            .rows
            .iter()
            .rposition(|r| r.offset <= offset && offset < r.offset + r.len)
        {
            self.selected = i;
        }
    }

    /// Selects the first run of the element at dotted `path`; false if there is none.
    pub fn focus_path(&mut self, model: &HexModel, path: &str) -> bool {
        match model.rows.iter().position(|r| r.path == path) {
            Some(i) => {
                self.selected = i;
                true
            }
            None => false,
        }
    }

    /// Handles a mouse click at a screen cell of the last rendered frame; true if it hit a byte.
    pub fn click(&mut self, model: &HexModel, column: u16, row: u16) -> bool {
        let _ = (model, column, row);
        false
    }

    /// Scrolls by `lines` (mouse wheel) without moving the selection.
    pub fn scroll_by(&mut self, lines: i32) {
        let s = self.scroll.get() as i64 + i64::from(lines);
        self.scroll.set(s.max(0) as usize);
    }

    /// The index of the selected run in [`HexModel::rows`].
    pub fn selected(&self) -> usize {
        self.selected
    }
}

/// The sentence under the bytes: `offset 19: string length = 3 (counting the trailing NUL)`.
pub fn meaning_line(model: &HexModel, state: &HexState) -> String {
    model
        .rows
        .get(state.selected)
        .map(|r| format!("offset {}: {}", r.offset, r.meaning))
        .unwrap_or_default()
}

/// The hex view: offsets, bytes coloured by role, ASCII, the meaning line and a legend.
pub struct HexView<'a> {
    /// The document.
    pub model: &'a HexModel,
    /// Selection and scroll.
    pub state: &'a HexState,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for HexView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let _ = (area, buf);
    }
}
