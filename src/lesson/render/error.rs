//! Why a step does not render: its text, a figure in its prose, its command or its exercise
//! does not compute, or a step that shows a refusal is not refused as it says.

use std::fmt;

use crate::bson::oid::ObjectIdError;
use crate::inspect::InputError;
use crate::lesson::compute::ComputeError;
use crate::lesson::solve::SolveError;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// Why a step does not render.
#[derive(Clone, Debug, PartialEq)]
pub enum RenderError {
    /// A text of the step does not compute.
    Compute(ComputeError),
    /// The exercise has no answer the engine can compute.
    Solve(SolveError),
    /// A `{=` in prose with no `=}` after it.
    Unclosed {
        /// The prose.
        text: String,
    },
    /// A `{= expression =}` in prose that does not compute.
    Figure {
        /// The expression.
        expression: String,
        /// Why.
        error: ComputeError,
    },
    /// A run step's `id` that is not an ObjectId.
    ObjectId(ObjectIdError),
    /// A run step's `to` that is not one of `inspect`'s views.
    UnknownView {
        /// The `to` as written.
        name: String,
    },
    /// Bytes `inspect` cannot read.
    Inspect(InputError),
    /// A run step's `expect_error` that is not in the refusal the engine gives.
    RefusedOtherwise {
        /// The engine's refusal.
        error: Box<RenderError>,
        /// The `expect_error` as written.
        needle: String,
    },
    /// A run step with an `expect_error` that the engine computes.
    NotRefused {
        /// The `expect_error` as written.
        needle: String,
    },
}

/// The views of `inspect --to`, as the lesson format names them.
const VIEWS: [&str; 9] = [
    "table",
    "hex",
    "dump",
    "spans",
    "ejson",
    "relaxed",
    "relaxed-js",
    "stringify",
    "shell",
];

/// `` `a`, `b` or `c` `` with the separators of `lang`.
fn list(lang: Lang, out: &mut dyn fmt::Write, items: &[&str]) -> fmt::Result {
    let (comma, or) = match lang {
        Lang::En => (", ", " or "),
        Lang::Vi => (", ", " hoặc "),
        Lang::Zh => ("、", " 或 "),
    };
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.write_str(if i + 1 == items.len() { or } else { comma })?;
        }
        write!(out, "`{item}`")?;
    }
    Ok(())
}

impl Localize for RenderError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use Lang::{En, Vi, Zh};
        use RenderError as E;
        match (lang, self) {
            (_, E::Compute(e)) => e.write_in(lang, out),
            (_, E::Solve(e)) => e.write_in(lang, out),
            (_, E::ObjectId(e)) => e.write_in(lang, out),
            (_, E::Inspect(e)) => e.write_in(lang, out),
            (En, E::Unclosed { text }) => write!(out, "`{{=` without a closing `=}}` in: {text}"),
            (Vi, E::Unclosed { text }) => {
                write!(out, "`{{=` thiếu `=}}` để đóng lại, trong: {text}")
            }
            (Zh, E::Unclosed { text }) => write!(out, "`{{=` 缺少配对的 `=}}`，位于：{text}"),
            (Zh, E::Figure { expression, error }) => {
                write!(out, "`{{= {expression} =}}`：{}", error.display_in(lang))
            }
            (_, E::Figure { expression, error }) => {
                write!(out, "`{{= {expression} =}}`: {}", error.display_in(lang))
            }
            (En, E::UnknownView { name }) => {
                out.write_str("to: expected ")?;
                list(lang, out, &VIEWS)?;
                write!(out, ", but found `{name}`")
            }
            (Vi, E::UnknownView { name }) => {
                out.write_str("to: cần ")?;
                list(lang, out, &VIEWS)?;
                write!(out, ", nhưng gặp `{name}`")
            }
            (Zh, E::UnknownView { name }) => {
                out.write_str("to：应为 ")?;
                list(lang, out, &VIEWS)?;
                write!(out, "，但找到 `{name}`")
            }
            // The refusal is quoted in English: `expect_error` is matched against it.
            (En, E::RefusedOtherwise { error, needle }) => write!(
                out,
                "expect_error: the engine refused with `{error}`, which does not contain `{needle}`"
            ),
            (Vi, E::RefusedOtherwise { error, needle }) => write!(
                out,
                "expect_error: engine từ chối với `{error}`, trong đó không có `{needle}`"
            ),
            (Zh, E::RefusedOtherwise { error, needle }) => write!(
                out,
                "expect_error：引擎拒绝时给出的是 `{error}`，其中不含 `{needle}`"
            ),
            (En, E::NotRefused { needle }) => write!(
                out,
                "expect_error: the engine was expected to refuse with `{needle}`, but it computed a result"
            ),
            (Vi, E::NotRefused { needle }) => write!(
                out,
                "expect_error: engine lẽ ra phải từ chối với `{needle}`, nhưng nó lại tính ra kết quả"
            ),
            (Zh, E::NotRefused { needle }) => write!(
                out,
                "expect_error：引擎本应以 `{needle}` 拒绝，但它算出了结果"
            ),
        }
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for RenderError {}

impl From<ComputeError> for RenderError {
    fn from(e: ComputeError) -> Self {
        RenderError::Compute(e)
    }
}

impl From<SolveError> for RenderError {
    fn from(e: SolveError) -> Self {
        RenderError::Solve(e)
    }
}

impl From<ObjectIdError> for RenderError {
    fn from(e: ObjectIdError) -> Self {
        RenderError::ObjectId(e)
    }
}

#[cfg(test)]
impl RenderError {
    /// One value of every variant.
    pub(crate) fn every_variant() -> Vec<Self> {
        let missing = ComputeError::Missing {
            kind: "run",
            field: "docs",
        };
        let oid = match crate::lesson::compute::parse_oid("6ac711ed") {
            Err(e) => e,
            Ok(id) => panic!("{id}"),
        };
        let inspect = crate::inspect::inspect(
            &[12, 0, 0, 0, 16, 97, 0, 1, 0, 0, 0],
            crate::inspect::View::Table,
            Lang::En,
        );
        let Some(inspect) = inspect.error else {
            panic!("11 bytes of a 12-byte document read")
        };
        let all = vec![
            RenderError::Compute(missing.clone()),
            RenderError::Solve(SolveError::ChoiceNeedsTwo),
            RenderError::Unclosed {
                text: "{= { $add: [1, 2] }".into(),
            },
            RenderError::Figure {
                expression: "{ $add: [1 }".into(),
                error: missing,
            },
            RenderError::ObjectId(oid),
            RenderError::UnknownView { name: "xml".into() },
            RenderError::Inspect(inspect),
            RenderError::RefusedOtherwise {
                error: Box::new(RenderError::UnknownView { name: "xml".into() }),
                needle: "E11000".into(),
            },
            RenderError::NotRefused {
                needle: "E11000".into(),
            },
        ];
        for e in &all {
            // A new variant must be added above.
            match e {
                RenderError::Compute(_)
                | RenderError::Solve(_)
                | RenderError::Unclosed { .. }
                | RenderError::Figure { .. }
                | RenderError::ObjectId(_)
                | RenderError::UnknownView { .. }
                | RenderError::Inspect(_)
                | RenderError::RefusedOtherwise { .. }
                | RenderError::NotRefused { .. } => {}
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::testing::assert_localized;

    #[test]
    fn every_variant_speaks_every_language() {
        for e in RenderError::every_variant() {
            // The refusal `expect_error` is matched against is quoted in English.
            let quoted = match &e {
                RenderError::RefusedOtherwise { error, .. } => vec![error.to_string()],
                // `to` is the run step's key, as the lesson file writes it.
                RenderError::UnknownView { .. } => vec!["to:".into(), "to：".into()],
                _ => Vec::new(),
            };
            assert_localized(&e, &quoted);
        }
    }
}
