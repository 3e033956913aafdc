//! Writes a [`GameGraph`] in the text format, so that `read(write(g)) == g`.

use std::io::{self, Write};

use crate::graph::{GameGraph, Labels};

/// Writes `graph` as text: first each position that needs a line of its own (no moves,
/// attributes, or any position of a named graph, whose order is the order of first mention),
/// in position order, then one line per move. O(n + m).
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
