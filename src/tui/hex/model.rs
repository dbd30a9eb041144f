//! The model: the engine's spans and rows, with the element tree flattened into links.

#[allow(clippy::wildcard_imports)]
use super::*;

/// One element of the flattened tree; indexes point into [`HexModel::nodes`], which is in
/// pre-order (so in offset order).
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) parent: Option<usize>,
    pub(super) prev: Option<usize>,
    pub(super) next: Option<usize>,
    pub(super) first_child: Option<usize>,
    pub(super) last_child: Option<usize>,
    pub(super) depth: usize,
    pub(super) element_type: ElementType,
    pub(super) offset: usize,
    pub(super) len: usize,
    /// The run of its type byte.
    pub(super) type_run: usize,
    /// The run of its value's inner document length (documents, arrays, code-with-scope).
    pub(super) inner_run: Option<usize>,
}

/// A document's bytes with their spans and rows, computed once, and the element tree
/// flattened for navigation.
#[derive(Clone, Debug)]
pub struct HexModel {
    pub(super) bytes: Vec<u8>,
    pub(super) spans: DocumentSpans,
    pub(super) rows: Vec<Row>,
    pub(super) nodes: Vec<Node>,
    /// For each run, the innermost element holding it (`None` for the top-level envelope).
    pub(super) run_node: Vec<Option<usize>>,
    pub(super) top_first: Option<usize>,
    pub(super) top_last: Option<usize>,
}

impl HexModel {
    /// Walks `bytes` with the engine and prepares them for display.
    ///
    /// # Errors
    /// The engine's error when `bytes` is not exactly one valid document.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::tui::hex::HexModel;
    /// let model = HexModel::new(vec![0x05, 0, 0, 0, 0]).unwrap();
    /// assert_eq!(model.rows().len(), 2);
    /// assert!(HexModel::new(vec![0x06, 0, 0, 0, 0]).is_err());
    /// ```
    pub fn new(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        let spans = document_spans(&bytes)?;
        let rows = rows(&spans);
        let mut nodes = Vec::new();
        let (top_first, top_last) = flatten(&spans.elements, None, 0, &mut nodes);
        let run_node = link_runs(&rows, &mut nodes);
        Ok(HexModel {
            bytes,
            spans,
            rows,
            nodes,
            run_node,
            top_first,
            top_last,
        })
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

    /// Hex digits of the offset column: enough for the last offset, at least 4.
    pub fn offset_width(&self) -> usize {
        let last = self.bytes.len().saturating_sub(1);
        let digits = (usize::BITS - last.leading_zeros()).div_ceil(4) as usize;
        digits.max(4)
    }

    /// How many bytes a line shows in an area `width` columns wide: 16, 8 or 4.
    pub fn bytes_per_line(&self, width: u16) -> usize {
        let w = self.offset_width();
        [16, 8]
            .into_iter()
            .find(|&n| width >= line_width(w, n))
            .unwrap_or(4)
    }

    /// The width that shows 16 bytes per line, for sizing the panel.
    pub fn preferred_width(&self) -> u16 {
        line_width(self.offset_width(), 16)
    }

    /// The index of the run holding byte `offset` (the last run for offsets past the end).
    pub(super) fn run_at(&self, offset: usize) -> usize {
        self.rows
            .partition_point(|r| r.offset <= offset)
            .saturating_sub(1)
    }

    pub(super) fn last_run(&self) -> usize {
        self.rows.len() - 1
    }

    /// The element a run belongs to: the innermost one holding its bytes.
    pub(super) fn node_of(&self, run: usize) -> Option<&Node> {
        self.run_node
            .get(run)
            .copied()
            .flatten()
            .map(|n| &self.nodes[n])
    }
}

/// Appends `elements` (and their descendants) to `nodes` in pre-order, linking siblings and
/// parents; returns the first and last of them.
pub(super) fn flatten(
    elements: &[ElementSpan],
    parent: Option<usize>,
    depth: usize,
    nodes: &mut Vec<Node>,
) -> (Option<usize>, Option<usize>) {
    let (mut first, mut prev) = (None, None::<usize>);
    for el in elements {
        let me = nodes.len();
        nodes.push(Node {
            parent,
            prev,
            next: None,
            first_child: None,
            last_child: None,
            depth,
            element_type: el.element_type,
            offset: el.offset,
            len: el.len,
            type_run: 0,
            inner_run: None,
        });
        if let Some(p) = prev {
            nodes[p].next = Some(me);
        }
        first.get_or_insert(me);
        prev = Some(me);
        let (fc, lc) = flatten(&el.children, Some(me), depth + 1, nodes);
        nodes[me].first_child = fc;
        nodes[me].last_child = lc;
    }
    (first, prev)
}

/// Finds, for every run, the innermost element holding it, and records each element's type
/// byte run and inner length run. Runs and pre-order elements are both in offset order, so
/// one pass with a stack of open elements does it.
pub(super) fn link_runs(rows: &[Row], nodes: &mut [Node]) -> Vec<Option<usize>> {
    let mut open: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut out = Vec::with_capacity(rows.len());
    for (run, row) in rows.iter().enumerate() {
        while let Some(&n) = open.last()
            && nodes[n].offset + nodes[n].len <= row.offset
        {
            open.pop();
        }
        if matches!(row.meaning, Meaning::TypeByte(_))
            && let Some(node) = nodes.get_mut(next)
            && node.offset == row.offset
        {
            node.type_run = run;
            open.push(next);
            next += 1;
        }
        let inner = open.last().copied();
        if let Some(n) = inner
            && matches!(row.meaning, Meaning::DocumentLength { .. })
        {
            nodes[n].inner_run.get_or_insert(run);
        }
        out.push(inner);
    }
    out
}
