//! The annotated hex view: offsets, every byte coloured by the role the engine gave it, an
//! ASCII column, and under them the meaning of the selected run, its element and a legend.
//!
//! Nothing here decodes BSON: [`HexModel::new`] asks the engine for the spans and rows once and
//! flattens the element tree into sibling and parent links, so moving the selection and drawing
//! a frame cost the visible bytes, not the document.

use std::cell::Cell;
use std::fmt;
use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::bson::DecodeError;
use crate::bson::spans::{
    ByteRole, DocumentSpans, ElementSpan, Meaning, Row, document_spans, rows,
};
use crate::bson::spec::ElementType;
use crate::lesson::i18n::Lang;
use crate::strings::{tr, write_trf};

/// The narrowest area that shows whole lines (4 bytes per line, 4-digit offsets).
pub const MIN_WIDTH: u16 = line_width(4, 4);

/// Page size and bytes per line before the first frame tells the real ones.
pub(super) const DEFAULT_PAGE: usize = 8;
pub(super) const DEFAULT_BYTES_PER_LINE: usize = 16;

/// The width of a hex line: offset, two spaces, the hex column (an extra space every 8
/// bytes), two spaces, `|ascii|`.
pub(super) const fn line_width(offset_width: usize, bytes_per_line: usize) -> u16 {
    let hex = 3 * bytes_per_line - 1 + (bytes_per_line - 1) / 8;
    (offset_width + 2 + hex + 2 + bytes_per_line + 2) as u16
}

/// Column of byte `i`'s first hex digit, counted from the start of the line.
pub(super) fn hex_x(offset_width: usize, i: usize) -> usize {
    offset_width + 2 + 3 * i + i / 8
}

/// Column of the ASCII column's opening `|`.
pub(super) fn ascii_bar_x(offset_width: usize, bytes_per_line: usize) -> usize {
    hex_x(offset_width, bytes_per_line - 1) + 2 + 2
}

mod model;
mod render;
mod state;
#[cfg(test)]
mod tests;

pub use model::HexModel;
pub use render::{
    HexView, footer, hex_lines, legend, meaning_line, render_model, rows_wanted,
    selected_element_line,
};
pub use state::{HexMove, HexState};
// The parts share their private items through this module.
use state::*;
