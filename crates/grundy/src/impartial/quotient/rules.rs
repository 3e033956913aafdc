//! The moves of a heap game: for each heap, the heaps each of its moves leaves. What a misère
//! quotient is computed from: a take-and-break code, or a table a front end fills (from a
//! Python function, say).

use super::QuotientError;
use crate::impartial::octal::Rule;

/// A game played on heaps: a move takes one heap and leaves some smaller heaps in its place.
/// The quotient of such a game is computed heap by heap from these options.
pub trait HeapRules {
    /// The options of a heap of `heap` tokens, each the list of the heaps it leaves, every one
    /// non-empty and smaller than `heap`. Each option once.
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>>;

    /// The largest number of tokens a move removes, for games whose moves remove at most a
    /// fixed number (then the periodicity theorem applies); `None` otherwise.
    fn max_removal(&self) -> Option<u32> {
        None
    }
}

impl HeapRules for Rule {
    /// Each removal the code allows, each way of leaving the rest in the heaps its digit
    /// allows. O(n) options for two-heap digits, O(n²) for three; a general code's options
    /// as [`Rule::options`] lists them (exponential where a digit leaves many heaps:
    /// [`Quotient::of_code`](super::Quotient::of_code) refuses those).
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>> {
        let mut out: Vec<Vec<u32>> = Vec::new();
        if let Rule::General(_) = self {
            // Largest heap first, as below.
            self.options(u64::from(heap), &mut |heaps| {
                out.push(heaps.iter().rev().map(|&h| h as u32).collect());
                true
            });
            out.sort_unstable();
            return out;
        }
        let unequal = matches!(self, Rule::Grundy);
        self.removals(|j, digit| {
            let Some(rest) = heap.checked_sub(j as u32) else {
                return;
            };
            if digit & 1 != 0 && rest == 0 && j > 0 {
                out.push(Vec::new());
            }
            if digit & 2 != 0 && rest > 0 && j > 0 {
                out.push(vec![rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    if !(unequal && 2 * a == rest) {
                        out.push(vec![rest - a, a]);
                    }
                }
            }
            if digit & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        out.push(vec![rest - a - b, b, a]);
                    }
                }
            }
        });
        out.sort_unstable();
        out.dedup();
        out
    }

    fn max_removal(&self) -> Option<u32> {
        match self {
            Rule::Code { .. } => Some(Rule::max_removal(self) as u32),
            // Conditions on the heaps left (`!`, `=`) are outside the periodicity theorem.
            Rule::Grundy | Rule::General(_) => None,
        }
    }
}

/// A heap game given by a table of options, heap by heap (heap 0 first): how a front end
/// passes a game it defines itself.
#[derive(Debug, Clone)]
pub struct HeapTable {
    options: Vec<Vec<Vec<u32>>>,
}

impl HeapTable {
    /// The table of `options` (entry n for heap n), checked: every heap an option leaves is
    /// non-empty and smaller than the heap moved in (so play ends). Options are put in order
    /// and repeats dropped. O(total size · log).
    ///
    /// ```
    /// use grundy::impartial::quotient::HeapTable;
    ///
    /// // Nim with heaps up to 2.
    /// assert!(HeapTable::new(vec![vec![], vec![vec![]], vec![vec![], vec![1]]]).is_ok());
    /// // A heap of 1 that leaves a heap of 1 could be played for ever.
    /// assert!(HeapTable::new(vec![vec![], vec![vec![1]]]).is_err());
    /// ```
    pub fn new(mut options: Vec<Vec<Vec<u32>>>) -> Result<HeapTable, QuotientError> {
        for (heap, list) in options.iter_mut().enumerate() {
            for option in list.iter_mut() {
                if let Some(&part) = option.iter().find(|&&p| p == 0 || p as usize >= heap) {
                    return Err(QuotientError::BadOption {
                        heap: heap as u32,
                        part,
                    });
                }
                option.sort_unstable_by(|a, b| b.cmp(a));
            }
            list.sort_unstable();
            list.dedup();
        }
        Ok(HeapTable { options })
    }

    /// The largest heap in the table.
    pub fn largest(&self) -> u32 {
        self.options.len().saturating_sub(1) as u32
    }
}

impl HeapRules for HeapTable {
    fn heap_options(&self, heap: u32) -> Vec<Vec<u32>> {
        self.options.get(heap as usize).cloned().unwrap_or_default()
    }
}
