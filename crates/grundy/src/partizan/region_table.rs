//! A table of regions and their canonical forms in a file, so that a search (or any
//! valuation of a ruleset's positions) starts with what an earlier one valued.
//!
//! The format is text, one region a line:
//!
//! ```text
//! grundy regions 1 Domineering
//! ..|..<TAB>+-1
//! ...<TAB>-1
//! crc32 1c291ca3
//! ```
//!
//! a header naming the ruleset, each region in the ruleset's notation and its canonical form
//! separated by a tab (`<TAB>` above), and the CRC-32 of every line before the last. A file is believed only
//! after it is checked whole: the header's ruleset, the checksum (a damaged file is
//! refused), each region read back and already normalised (a region the ruleset's
//! [`regions`](super::rulesets::Ruleset::regions) would not give is refused), each form
//! read; and a sample of the regions (every [`SPOT_EVERY`]th, and the first) is valued
//! afresh and compared, so that a file written with other rules is refused rather than
//! believed. Errors name the file, the line and the column.

use std::fmt::Write as _;

use super::rulesets::{Evaluator, Ruleset};
use super::{GameStore, ValueError};

/// The first words of the header, before the ruleset's name.
const MAGIC: &str = "grundy regions 1";

/// One region in this many (and the first) is valued afresh when a table is loaded.
pub const SPOT_EVERY: usize = 64;

/// A table of regions could not be read: where, and what was wrong.
#[derive(Debug, thiserror::Error)]
pub enum RegionTableError {
    /// The file is malformed, damaged, or for another ruleset: `origin:line:column: message`.
    #[error("{origin}:{line}:{column}: {message}")]
    Invalid {
        /// The file (as the caller names it).
        origin: String,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What was expected, and what was found.
        message: String,
    },
    /// Valuing a region of the sample ran out of budget.
    #[error(transparent)]
    Value(#[from] ValueError),
}

/// The column, in a position's text, of column `column` of its row `row` (rows separated
/// by `|`, both from 1).
fn column_in(text: &str, row: usize, column: usize) -> usize {
    let before: usize = text
        .split('|')
        .take(row.saturating_sub(1))
        .map(|r| r.chars().count() + 1)
        .sum();
    before + column
}

/// The table of every region the evaluators have valued (each with its store: the threads
/// of a search), as text (see the module), sorted by region and without repeats, so that
/// equal tables are equal files. O(regions · (length of a form)).
pub fn save<'a, R: Ruleset + 'a>(
    valued: impl IntoIterator<Item = (&'a Evaluator<R>, &'a mut GameStore)>,
) -> String {
    let mut lines = Vec::new();
    let mut name = "";
    for (evaluator, store) in valued {
        let rules = evaluator.rules();
        name = rules.name();
        lines.extend(
            evaluator
                .valued()
                .map(|(p, v)| format!("{}\t{}", rules.show(p), store.display(v))),
        );
    }
    lines.sort_unstable();
    lines.dedup();
    let mut text = format!("{MAGIC} {name}\n");
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    let sum = crc32fast::hash(text.as_bytes());
    let _ = writeln!(text, "crc32 {sum:08x}");
    text
}

/// Reads a table (see the module) into `evaluator`, its forms into `store`, after checking
/// it whole; returns the number of regions. O(length), besides valuing the sample.
pub fn load<R: Ruleset + Clone>(
    evaluator: &mut Evaluator<R>,
    store: &mut GameStore,
    text: &str,
    origin: &str,
) -> Result<usize, RegionTableError> {
    let invalid = |line: usize, column: usize, message: String| RegionTableError::Invalid {
        origin: origin.to_string(),
        line,
        column,
        message,
    };
    let body_end = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
    let lines: Vec<&str> = text[..body_end].lines().collect();
    let last_line = lines.len() + 1;
    let last = text[body_end..].trim_end_matches('\n');
    let stored = last
        .strip_prefix("crc32 ")
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| {
            invalid(
                last_line,
                1,
                format!("expected the checksum line `crc32 XXXXXXXX`, found '{last}'"),
            )
        })?;
    let sum = crc32fast::hash(&text.as_bytes()[..body_end]);
    if sum != stored {
        return Err(invalid(
            last_line,
            7,
            format!("the checksum is {sum:08x}, not {stored:08x}: the file is damaged"),
        ));
    }
    let rules_name = evaluator.rules().name();
    let header = format!("{MAGIC} {rules_name}");
    if lines.first() != Some(&header.as_str()) {
        return Err(invalid(
            1,
            1,
            format!(
                "expected the header '{header}', found '{}'",
                lines.first().unwrap_or(&"")
            ),
        ));
    }
    let mut read = Vec::with_capacity(lines.len().saturating_sub(1));
    let mut regions = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(1) {
        let n = i + 1;
        let (position, form) = line
            .split_once('\t')
            .ok_or_else(|| invalid(n, 1, "expected a region, a tab and its form".into()))?;
        let p = evaluator
            .rules()
            .parse(position)
            .map_err(|e| invalid(n, column_in(position, e.line, e.column), e.message))?;
        regions.clear();
        evaluator.rules().regions(&p, &mut regions);
        if regions.len() != 1 || regions[0] != p {
            return Err(invalid(
                n,
                1,
                format!("'{position}' is not one normalised region"),
            ));
        }
        let v = store
            .parse(form)
            .map_err(|e| invalid(n, position.chars().count() + 1 + e.column, e.to_string()))?;
        read.push((n, p, v));
    }
    // The sample, valued afresh in a store of its own (so that nothing read is used).
    let mut check_store = GameStore::with_budget(store.budget().clone());
    let mut check = Evaluator::new(evaluator.rules().clone());
    for (k, (n, p, v)) in read.iter().enumerate() {
        if k % SPOT_EVERY == 0 {
            let fresh = check.value(&mut check_store, p)?;
            let (shown, fresh_shown) = (store.display(*v), check_store.display(fresh));
            if shown != fresh_shown {
                return Err(invalid(
                    *n,
                    1,
                    format!("the region's value is {fresh_shown}, not {shown}"),
                ));
            }
        }
    }
    let count = read.len();
    for (_, p, v) in read {
        evaluator.remember(p, v);
    }
    Ok(count)
}
