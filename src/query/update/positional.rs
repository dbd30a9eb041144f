//! Positional paths resolved against one document: `a.$` to the position the filter matched,
//! `a.$[]` to every element, `a.$[x]` to the elements array filter `x` matches. The result is
//! the list of concrete paths each modifier applies to, in the order the server's tree walk
//! visits them, with the conflicts only the document can reveal refused.

use super::parse::{array_filter_part, compare_paths};
use super::{ArrayFilter, Op, UpdateContext, server_element};
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::interrupt;
use crate::query::path;

/// Each modifier with each concrete path it applies to, sorted as the server's update tree
/// applies them.
///
/// # Errors
/// "The positional operator did not find the match needed from the query.", "The path 'a'
/// must exist in the document in order to apply array updates.", "Cannot apply array
/// updates to non-array element a: 1", "Update created a conflict at 'a.0'", and the stop
/// asked for through [`interrupt`].
pub(super) fn resolve<'o>(
    doc: &Document,
    ops: &'o [Op],
    filters: &[ArrayFilter],
    context: &UpdateContext,
) -> Result<Vec<(&'o Op, String)>, QueryError> {
    let mut steps: Vec<(&Op, String)> = Vec::with_capacity(ops.len());
    let mut dynamic = false;
    for op in ops {
        let positional = op
            .path
            .split('.')
            .any(|p| p == "$" || array_filter_part(p).is_some());
        if !positional {
            steps.push((op, op.path.clone()));
            continue;
        }
        dynamic = true;
        let at = || format!("update.{}.{}", op.modifier, op.path);
        let paths =
            expand(doc, &op.path, filters, context).map_err(|e| QueryError::new(at(), e))?;
        interrupt::check()?;
        steps.extend(paths.into_iter().map(|path| (op, path)));
    }
    if !dynamic {
        // Already in the tree's order, and conflict-free by construction.
        return Ok(steps);
    }
    steps.sort_by(|a, b| compare_paths(&a.1, &b.1));
    // Sorted component by component, a path sits right before the paths it is a prefix of:
    // neighbours are enough to find every conflict.
    for pair in steps.windows(2) {
        let (a, b) = (&pair[0].1, &pair[1].1);
        let prefix =
            b.starts_with(a.as_str()) && (b.len() == a.len() || b.as_bytes()[a.len()] == b'.');
        if prefix {
            return Err(QueryError::new(
                format!("update.{}.{}", pair[1].0.modifier, pair[1].0.path),
                QueryErrorKind::server(
                    code::CONFLICTING_UPDATE_OPERATORS,
                    format!("Update created a conflict at '{a}'"),
                ),
            ));
        }
    }
    Ok(steps)
}

/// The concrete paths one positional path stands for in `doc`: at most one per element of
/// the document, so bounded by its size; the stop asked for through [`interrupt`] is
/// looked at for each array expanded.
fn expand(
    doc: &Document,
    raw: &str,
    filters: &[ArrayFilter],
    context: &UpdateContext,
) -> Result<Vec<String>, QueryErrorKind> {
    let mut prefixes: Vec<String> = vec![String::new()];
    for part in raw.split('.') {
        let join = |prefix: &str, part: &str| {
            if prefix.is_empty() {
                part.to_owned()
            } else {
                format!("{prefix}.{part}")
            }
        };
        if part == "$" {
            let Some(position) = context.matched else {
                return Err(QueryErrorKind::server(
                    code::BAD_VALUE,
                    "The positional operator did not find the match needed from the query.",
                ));
            };
            let position = position.to_string();
            for prefix in &mut prefixes {
                *prefix = join(prefix, &position);
            }
            continue;
        }
        let Some(identifier) = array_filter_part(part) else {
            for prefix in &mut prefixes {
                *prefix = join(prefix, part);
            }
            continue;
        };
        let filter = filters.iter().find(|f| f.identifier == identifier);
        let mut next = Vec::new();
        for prefix in &prefixes {
            if interrupt::requested() {
                // The caller reports the stop.
                return Ok(Vec::new());
            }
            let items = match path::get(doc, prefix) {
                Some(Value::Array(items)) => items,
                None => {
                    return Err(QueryErrorKind::server(
                        code::BAD_VALUE,
                        format!(
                            "The path '{prefix}' must exist in the document in order to apply array updates."
                        ),
                    ));
                }
                Some(other) => {
                    let key = prefix.rsplit('.').next().unwrap_or(prefix);
                    return Err(QueryErrorKind::server(
                        code::BAD_VALUE,
                        format!(
                            "Cannot apply array updates to non-array element {}",
                            server_element(key, other)
                        ),
                    ));
                }
            };
            for (i, item) in items.iter().enumerate() {
                if filter.is_none_or(|f| f.matches(item)) {
                    next.push(join(prefix, &i.to_string()));
                }
            }
        }
        prefixes = next;
    }
    Ok(prefixes)
}
