//! The selection and its moves: runs, elements, into and out of nested documents.

#[allow(clippy::wildcard_imports)]
use super::*;

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

/// Where the last frame drew the byte lines, for clicks, paging and the wheel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Geometry {
    /// The area of the byte lines (the footer excluded).
    pub(super) lines: Rect,
    pub(super) bytes_per_line: usize,
    pub(super) offset_width: usize,
    /// The display line at the top of `lines`.
    pub(super) first_line: usize,
    pub(super) max_scroll: usize,
}

/// The selection and scroll position of a hex view.
///
/// The selection is one run (an index into [`HexModel::rows`]). Rendering scrolls so the
/// selected run's first byte is visible, except after [`HexState::scroll_by`] (the wheel),
/// which lets the learner look elsewhere until the selection next moves.
#[derive(Clone, Debug, Default)]
pub struct HexState {
    pub(super) selected: usize,
    /// The first display line.
    pub(super) scroll: Cell<usize>,
    /// Set by the wheel: rendering keeps the scroll even if the selection is off screen.
    pub(super) free_scroll: Cell<bool>,
    pub(super) geometry: Cell<Geometry>,
}

/// Where the selection sits in the tree: the document whose elements Up and Down walk, and
/// the element of that document it is on (`None` on the document's own length or NUL).
pub(super) struct Level {
    pub(super) container: Option<usize>,
    pub(super) current: Option<usize>,
}

/// The level of run `run`.
pub(super) fn level(model: &HexModel, run: usize) -> Level {
    let node = model.run_node[run];
    match model.rows[run].meaning {
        // A document's own length or NUL: the level is that document's elements.
        Meaning::DocumentLength { .. } | Meaning::DocumentEnd { .. } => Level {
            container: node,
            current: None,
        },
        _ => Level {
            container: node.and_then(|n| model.nodes[n].parent),
            current: node,
        },
    }
}

impl HexState {
    /// Moves the selection.
    ///
    /// Up and down ([`HexMove::NextElement`], [`HexMove::PrevElement`]) walk the elements of
    /// the document the selection is in and stop at its first and last; on a document's own
    /// length prefix, down goes to its first element, and on its closing NUL, down goes to the
    /// first and up to the last. [`HexMove::Enter`] on a document, array or code-with-scope goes
    /// to its first element (to its length prefix when it is empty); [`HexMove::Leave`] goes to
    /// the enclosing element's type byte, or to the length prefix at the top. Pages are the
    /// height of the last frame (8 lines before the first).
    pub fn apply(&mut self, model: &HexModel, mv: HexMove) {
        let sel = self.run(model);
        let level = level(model, sel);
        let (first_child, last_child) = match level.container {
            Some(c) => (model.nodes[c].first_child, model.nodes[c].last_child),
            None => (model.top_first, model.top_last),
        };
        let type_run = |n: Option<usize>| n.map(|n| model.nodes[n].type_run);
        let on_end = matches!(model.rows[sel].meaning, Meaning::DocumentEnd { .. });
        let geometry = self.geometry.get();
        let page = match geometry.lines.height {
            0 => DEFAULT_PAGE,
            h => usize::from(h),
        };
        let per_line = match geometry.bytes_per_line {
            0 => DEFAULT_BYTES_PER_LINE,
            n => n,
        };
        let target = match mv {
            HexMove::NextRun => Some((sel + 1).min(model.last_run())),
            HexMove::PrevRun => Some(sel.saturating_sub(1)),
            HexMove::NextElement => match level.current {
                Some(e) => type_run(model.nodes[e].next),
                None => type_run(first_child),
            },
            HexMove::PrevElement => match level.current {
                Some(e) => type_run(model.nodes[e].prev),
                None if on_end => type_run(last_child),
                None => None,
            },
            HexMove::Enter => match level.current {
                Some(e) => {
                    let node = &model.nodes[e];
                    type_run(node.first_child).or(node.inner_run)
                }
                None => type_run(first_child),
            },
            HexMove::Leave => Some(level.container.map_or(0, |c| model.nodes[c].type_run)),
            HexMove::PageDown => {
                let run = model.run_at(model.rows[sel].offset + page * per_line);
                self.scroll.set(self.scroll.get() + page);
                Some(if run == sel { sel + 1 } else { run }.min(model.last_run()))
            }
            HexMove::PageUp => {
                let run = model.run_at(model.rows[sel].offset.saturating_sub(page * per_line));
                self.scroll.set(self.scroll.get().saturating_sub(page));
                Some(if run == sel {
                    sel.saturating_sub(1)
                } else {
                    run
                })
            }
            HexMove::First => Some(0),
            HexMove::Last => Some(model.last_run()),
        };
        self.select(target.unwrap_or(sel));
    }

    /// The selected run, within the model's runs even if the state outlived another model.
    pub(super) fn run(&self, model: &HexModel) -> usize {
        self.selected.min(model.last_run())
    }

    pub(super) fn select(&mut self, run: usize) {
        self.selected = run;
        self.free_scroll.set(false);
    }

    /// Selects the run holding byte `offset` (the last run for offsets past the end).
    pub fn select_byte(&mut self, model: &HexModel, offset: usize) {
        self.select(model.run_at(offset));
    }

    /// Selects the first run (the type byte) of the element at dotted `path`; false if there
    /// is none. The empty path is the document itself: its length prefix.
    pub fn focus_path(&mut self, model: &HexModel, path: &str) -> bool {
        match model.rows.iter().position(|r| r.path == path) {
            Some(i) => {
                self.select(i);
                true
            }
            None => false,
        }
    }

    /// Handles a mouse click at a screen cell of the last rendered frame; true if it hit a
    /// byte (in the hex or the ASCII column), whose run is then selected.
    pub fn click(&mut self, model: &HexModel, column: u16, row: u16) -> bool {
        let g = self.geometry.get();
        if g.bytes_per_line == 0 || !g.lines.contains((column, row).into()) {
            return false;
        }
        let x = usize::from(column - g.lines.x);
        let bar = ascii_bar_x(g.offset_width, g.bytes_per_line);
        let hit = (0..g.bytes_per_line).find(|&i| {
            let hx = hex_x(g.offset_width, i);
            (hx..hx + 2).contains(&x) || x == bar + 1 + i
        });
        let line = g.first_line + usize::from(row - g.lines.y);
        match hit.map(|i| line * g.bytes_per_line + i) {
            Some(offset) if offset < model.bytes.len() => {
                self.select_byte(model, offset);
                true
            }
            _ => false,
        }
    }

    /// Scrolls by `lines` (mouse wheel) without moving the selection.
    pub fn scroll_by(&mut self, lines: i32) {
        let g = self.geometry.get();
        let s = self.scroll.get().saturating_add_signed(lines as isize);
        let s = if g.bytes_per_line == 0 {
            s
        } else {
            s.min(g.max_scroll)
        };
        self.scroll.set(s);
        self.free_scroll.set(true);
    }

    /// The index of the selected run in [`HexModel::rows`]. After the model is replaced by a
    /// shorter document it may be past the end; the view, the lines and every move clamp it.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Byte lines above and below those the last frame showed (`▲ 2 more`, `▼ 5 more`).
    pub fn hidden_lines(&self) -> (usize, usize) {
        let g = self.geometry.get();
        let below = g.max_scroll.saturating_sub(g.first_line);
        (g.first_line.min(g.max_scroll), below)
    }

    /// The first display line of the last frame (or the one the next frame starts from).
    pub fn scroll(&self) -> usize {
        self.scroll.get()
    }
}
