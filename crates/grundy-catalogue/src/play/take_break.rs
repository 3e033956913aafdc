//! The rules of a take-and-break game on several heaps, from its code, for the generic
//! solver: what `grundy play take-and-break:0.77` explores.

use grundy::impartial::octal::Rule;
use grundy::rules::{Impartial, Moves};

/// The heaps of a take-and-break game under a code: a position is the heaps left, largest
/// first (their order does not matter, so equal multisets are one position).
#[derive(Debug, Clone)]
pub struct Heaps(pub Rule);

impl Heaps {
    /// The ways to leave `rest` counters of a heap as `parts` heaps (1 to 3, each at least
    /// 1), each way once; Grundy's game splits into two unequal heaps. O(rest²) for three,
    /// but no more than `out`'s room: generated lazily, the listing stops at the cap.
    fn splits(&self, rest: u64, parts: u32, out: &mut Moves<Vec<u64>>) {
        match parts {
            1 if rest >= 1 => out.push(vec![rest]),
            2 => {
                let unequal = matches!(self.0, Rule::Grundy);
                out.extend(
                    (1..=rest / 2)
                        .filter(|&a| !(unequal && 2 * a == rest))
                        .map(|a| vec![a, rest - a]),
                );
            }
            3 => out.extend(
                (1..=rest / 3)
                    .flat_map(|a| (a..=(rest - a) / 2).map(move |b| vec![a, b, rest - a - b])),
            ),
            _ => {}
        }
    }
}

impl Heaps {
    /// The options of a general code ([`Rule::options`]: exponential where a digit leaves
    /// many heaps), listed up to `out`'s room.
    fn general_options(&self, heaps: &[u64], out: &mut Moves<Vec<u64>>) {
        for (i, &n) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == n {
                continue;
            }
            let complete = self.0.options(n, &mut |left| {
                if out.room() == 0 {
                    return false;
                }
                let mut next: Vec<u64> = heaps[..i].to_vec();
                next.extend_from_slice(&heaps[i + 1..]);
                next.extend_from_slice(left);
                next.sort_unstable_by(|a, b| b.cmp(a));
                out.push(next);
                true
            });
            if !complete {
                out.set_over();
                return;
            }
        }
        out.sort_unstable();
        out.dedup();
    }
}

impl Impartial for Heaps {
    type Position = Vec<u64>;

    /// Each heap in turn: each removal the code allows, each way of leaving the rest.
    fn options(&self, heaps: &Vec<u64>, out: &mut Moves<Vec<u64>>) {
        if let Rule::General(_) = self.0 {
            return self.general_options(heaps, out);
        }
        let mut splits = Moves::new();
        for (i, &n) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == n {
                continue; // the same moves as on the equal heap before
            }
            self.0.removals(|j, digit| {
                let Some(rest) = n.checked_sub(j as u64) else {
                    return;
                };
                splits.clear();
                splits.set_most(out.room());
                if digit & 1 != 0 && rest == 0 {
                    splits.push(Vec::new());
                }
                for (bit, parts) in [(2, 1), (4, 2), (8, 3)] {
                    if digit & bit != 0 {
                        self.splits(rest, parts, &mut splits);
                    }
                }
                if splits.is_over() {
                    out.set_over();
                    return;
                }
                for split in &splits {
                    let mut next: Vec<u64> = heaps[..i].to_vec();
                    next.extend_from_slice(&heaps[i + 1..]);
                    next.extend_from_slice(split);
                    next.sort_unstable_by(|a, b| b.cmp(a));
                    out.push(next);
                }
            });
        }
        // Moves on different heaps can leave the same heaps: one move each.
        out.sort_unstable();
        out.dedup();
    }
}
