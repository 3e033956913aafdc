//! Arc Kayles: take an edge and both its ends (CGSuite's `ArcKayles`); impartial, so the
//! answer's canonical form is the nimber of its nim value.

use super::{generic, Play, RulesetGame, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Param;
use crate::play::Drawing;
use grundy::partizan::rulesets::arc_kayles::{ArcGraph, ArcKayles};
use grundy::partizan::rulesets::Ruleset;

/// `grundy arc-kayles GRAPH`: CGSuite's graph notation, or a path's length.
pub static ARC_KAYLES: RulesetGame<ArcKayles> = RulesetGame {
    rules: ArcKayles,
    name: "arc-kayles",
    about: "Arc Kayles (take an edge and delete both its ends; impartial: the canonical form \
            is the nim value's nimber): a graph '.-.-.', ':A-:A' a loop, or a number n, the \
            path of n vertices; outcome, winning moves",
    example: &[("position", ".-.-.(-.;-.-.)")],
    params: &[
        Param::arg(
            "position",
            "GRAPH",
            "A graph in CGSuite's notation ('.' a vertex, '-' an edge, branches in \
             (...;...), ':A' or ':{name}' names a vertex met again, ';' between pieces: \
             ':A-.-.-:A' a triangle, ':A-:A' a loop), vertices numbered from 0 as written; \
             or a number n, the path of n vertices (at most 64)",
        ),
        MAX_LENGTH,
    ],
    players: ["takes an edge", "takes an edge"],
    play: Play {
        about: "Arc Kayles: take an edge (click its two ends) and delete both its ends with \
                every edge at them; a loop deletes its vertex",
        notation: "the graph in CGSuite's notation ('.-.-.', ':A-.-.-:A' a triangle) or a \
                   path's length, then who moves: .-.-.-. left",
        start: ".-.-.(-.-.;-.-:A;-.-:A) left",
        drawing,
    },
    table: None,
    search: generic,
    plays: &[&ARC_KAYLES],
    cgsuite: Cgsuite {
        names: &["game.graph.ArcKayles"],
        position: cgsuite::graph,
    },
};

/// The graph: its vertices in play and its edges between them (a loop not drawn).
fn drawing(rules: &ArcKayles, p: &ArcGraph) -> Drawing {
    let live: Vec<u8> = (0..64u8).filter(|&v| p.live >> v & 1 == 1).collect();
    Drawing::Graph {
        position: rules.show(p),
        vertices: live.iter().map(|&v| (v, '.')).collect(),
        links: live
            .iter()
            .flat_map(|&u| {
                let above = p.adjacency[usize::from(u)] & p.live;
                (u + 1..64)
                    .filter(move |&v| above >> v & 1 == 1)
                    .map(move |v| (u, v))
            })
            .collect(),
    }
}
