//! Node's `util.inspect` layout rules (`reduceToSingleString`, `groupArrayElements`,
//! `isBelowBreakLength` in lib/internal/util/inspect.js) for the printer's containers.

use super::Printer;

impl Printer {
    /// Node's `reduceToSingleString`: one line when it fits, else one entry per line.
    pub(super) fn reduce(
        &mut self,
        mut entries: Vec<String>,
        (open, close): (char, char),
        depth: usize,
        array_of_numbers: Option<bool>,
    ) -> String {
        let Some(break_length) = self.break_length else {
            return format!("{open} {} {close}", entries.join(", "));
        };
        let count = entries.len();
        if let Some(numbers) = array_of_numbers
            && count > 6
        {
            entries = self.group(entries, numbers, break_length);
        }
        // Node's `compact: 3`: only the innermost three levels may share a line.
        if self.current_depth.saturating_sub(depth) < 3 && count == entries.len() {
            let start = entries.len() + self.indentation + 1 + 10;
            if below_break_length(&entries, start, break_length) {
                let joined = entries.join(", ");
                if !joined.contains('\n') {
                    return format!("{open} {joined} {close}");
                }
            }
        }
        let indent = " ".repeat(self.indentation);
        format!(
            "{open}\n{indent}  {}\n{indent}{close}",
            entries.join(&format!(",\n{indent}  "))
        )
    }

    /// Node's `groupArrayElements`: short entries set in aligned columns, numbers
    /// right-aligned.
    fn group(&self, entries: Vec<String>, numbers: bool, break_length: usize) -> Vec<String> {
        const SEPARATOR_SPACE: usize = 2;
        let lengths: Vec<usize> = entries.iter().map(|e| e.chars().count()).collect();
        let total: usize = lengths.iter().map(|l| l + SEPARATOR_SPACE).sum();
        let max_length = lengths.iter().copied().max().unwrap_or(0);
        let actual_max = max_length + SEPARATOR_SPACE;
        if actual_max * 3 + self.indentation >= break_length
            || !(total as f64 / actual_max as f64 > 5.0 || max_length <= 6)
        {
            return entries;
        }
        let n = entries.len() as f64;
        let average_bias = (actual_max as f64 - total as f64 / n).sqrt();
        let biased_max = (actual_max as f64 - 3.0 - average_bias).max(1.0);
        let columns = ((2.5 * biased_max * n).sqrt() / biased_max)
            .round()
            .min(((break_length - self.indentation) / actual_max) as f64)
            .min(12.0)
            .min(15.0) as usize;
        if columns <= 1 {
            return entries;
        }
        let max_line_length: Vec<usize> = (0..columns)
            .map(|i| {
                (i..entries.len())
                    .step_by(columns)
                    .map(|j| lengths[j])
                    .max()
                    .unwrap_or(0)
                    + SEPARATOR_SPACE
            })
            .collect();
        entries
            .chunks(columns)
            .map(|chunk| {
                let mut line = String::new();
                for (col, entry) in chunk.iter().enumerate() {
                    let last = col + 1 == chunk.len();
                    let cell = if last {
                        entry.clone()
                    } else {
                        format!("{entry}, ")
                    };
                    let width = max_line_length[col] - if last { SEPARATOR_SPACE } else { 0 };
                    let pad = " ".repeat(width.saturating_sub(cell.chars().count()));
                    if numbers {
                        line.push_str(&pad);
                        line.push_str(&cell);
                    } else if last {
                        line.push_str(&cell);
                    } else {
                        line.push_str(&cell);
                        line.push_str(&pad);
                    }
                }
                line
            })
            .collect()
    }
}

/// Node's `isBelowBreakLength`: the entries, separators and `start` fit in the line.
fn below_break_length(entries: &[String], start: usize, break_length: usize) -> bool {
    let mut total = entries.len() + start;
    if total + entries.len() > break_length {
        return false;
    }
    for e in entries {
        total += e.chars().count();
        if total > break_length {
            return false;
        }
    }
    true
}
