//! Writes a [`GameGraph`] in the text format, so that `read(write(g)) == g`.

use std::io::{self, Write};

use crate::graph::{GameGraph, Labels};

/// Writes `graph` as text: first each position that needs a line of its own (no moves,
/// attributes, or any position of a named graph, whose order is the order of first mention),
/// in position order, then one line per move. O(n + m).
///
/// ```
/// use grundy::graph::text::write;
/// use grundy::{GameGraph, Outcome};
///
/// let game = GameGraph::from_moves(3, &[(2, 1), (1, 0)])
///     .with_fixed_results(vec![None, Some(Outcome::Draw), None]);
/// let mut out = Vec::new();
/// write(&game, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "0\n1 result=draw\n1 0\n2 1\n");
/// ```
pub fn write<W: Write>(graph: &GameGraph, out: &mut W) -> io::Result<()> {
    let labels = graph.labels();
    let named = matches!(labels, Labels::Names(_));
    for p in 0..graph.position_count() as u32 {
        let fixed = graph.fixed_result(p);
        let player = graph.player(p);
        let payoff = graph.payoff(p);
        if named
            || graph.options(p).is_empty()
            || fixed.is_some()
            || player.is_some()
            || payoff.is_some()
        {
            write!(out, "{}", labels.get(p))?;
            if let Some(result) = fixed {
                write!(out, " result={result}")?;
            }
            if let Some(player) = player {
                write!(out, " player={player}")?;
            }
            if let Some(payoff) = payoff {
                write!(out, " payoff={payoff}")?;
            }
            writeln!(out)?;
        }
    }
    for p in 0..graph.position_count() as u32 {
        for &q in graph.options(p) {
            writeln!(out, "{} {}", labels.get(p), labels.get(q))?;
        }
    }
    Ok(())
}
