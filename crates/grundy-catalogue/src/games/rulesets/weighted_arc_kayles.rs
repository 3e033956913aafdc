//! Weighted Arc Kayles: take one from each end of an edge (CGSuite's `WeightedArcKayles`);
//! impartial, so the answer's canonical form is the nimber of its nim value.

use super::{generic, Play, RulesetGame, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Param;
use crate::play::Drawing;
use grundy::partizan::rulesets::arc_kayles::{WeightedArcKayles, WeightedGraph};
use grundy::partizan::rulesets::Ruleset;

/// `grundy weighted-arc-kayles GRAPH`: CGSuite's graph notation, each vertex its weight.
pub static WEIGHTED_ARC_KAYLES: RulesetGame<WeightedArcKayles> = RulesetGame {
    rules: WeightedArcKayles,
    name: "weighted-arc-kayles",
    about: "Weighted Arc Kayles (take 1 from both ends of an edge whose ends both weigh more \
            than 0; impartial: the canonical form is the nim value's nimber): a graph of \
            weights '2-1-3'; outcome, winning moves",
    example: &[("position", "2-1-3(-1;-2)")],
    params: &[
        Param::arg(
            "position",
            "GRAPH",
            "A graph in CGSuite's notation, each vertex its weight ('2-1-3'; {12} for a \
             weight of several digits; '-' an edge, branches in (...;...), ':A' names a \
             vertex met again: '2:A-1-1-:A' a triangle), vertices numbered from 0 as written \
             (at most 64)",
        ),
        MAX_LENGTH,
    ],
    players: ["takes from an edge", "takes from an edge"],
    play: Play {
        about: "Weighted Arc Kayles: pick an edge (click its two ends) whose ends both weigh \
                more than 0 and take 1 from each; a vertex of weight 0 is out of play",
        notation: "the graph in CGSuite's notation, each vertex its weight, then who moves: \
                   2-1-3 left",
        start: "2-1-3(-1;-2-1) left",
        drawing,
    },
    table: None,
    search: generic,
    plays: &[&WEIGHTED_ARC_KAYLES],
    cgsuite: Cgsuite {
        names: &["game.graph.WeightedArcKayles"],
        position: cgsuite::graph,
    },
};

/// The graph: its vertices of positive weight (each marked by its weight, `+` above 9) and
/// the edges between them.
fn drawing(rules: &WeightedArcKayles, p: &WeightedGraph) -> Drawing {
    let live: Vec<u8> = (0..p.weights.len() as u8)
        .filter(|&v| p.weights[usize::from(v)] > 0)
        .collect();
    let mask = live.iter().fold(0u64, |m, &v| m | 1 << v);
    Drawing::Graph {
        position: rules.show(p),
        vertices: live
            .iter()
            .map(|&v| {
                let w = p.weights[usize::from(v)];
                (v, char::from_digit(w, 10).unwrap_or('+'))
            })
            .collect(),
        links: live
            .iter()
            .flat_map(|&u| {
                let above = p.adjacency[usize::from(u)] & mask;
                (u + 1..64)
                    .filter(move |&v| above >> v & 1 == 1)
                    .map(move |v| (u, v))
            })
            .collect(),
    }
}
