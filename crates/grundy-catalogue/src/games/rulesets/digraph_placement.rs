//! Digraph Placement: pick a vertex of your colour and delete it with every vertex it points
//! to (cgt-tools' `DigraphPlacement`; CGSuite has no such class).

use super::{generic, Play, RulesetGame, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Param;
use crate::play::Drawing;
use grundy::partizan::rulesets::digraph_placement::{Digraph, DigraphPlacement};
use grundy::partizan::rulesets::Ruleset;

/// `grundy digraph-placement GRAPH`: CGSuite's graph notation with arcs, or the colours and
/// the arcs as cgt-tools builds a digraph.
pub static DIGRAPH_PLACEMENT: RulesetGame<DigraphPlacement> = RulesetGame {
    rules: DigraphPlacement,
    name: "digraph-placement",
    about: "Digraph Placement (cgt-tools' DigraphPlacement: pick a vertex of your colour, \
            'L' Left's, 'R' Right's, and delete it with every vertex it points to; a digraph \
            'L>R(<L;-R)' or 'RRL 1>0 2>0'): canonical form, outcome class, winning moves",
    example: &[("position", "RRLLL 1>0 2>0 3>0 4>0 2>1 3>1 4>1 1>4 2>4 3>4")],
    params: &[
        Param::arg(
            "position",
            "DIGRAPH",
            "A digraph: CGSuite's graph notation, vertices L (Left's) or R (Right's), '>' an \
             arc from the vertex before to the one after, '<' the other way, '-' both ways, \
             branches in (...;...), ':A' or ':{name}' names a vertex met again (its colour \
             written again), ';' between pieces; or the colours then the arcs, 'RRL 1>0 2>0 \
             2-1'; vertices numbered from 0 as written (at most 64)",
        ),
        MAX_LENGTH,
    ],
    players: ["L vertices", "R vertices"],
    play: Play {
        about: "Digraph Placement: pick a vertex of your colour (Left L, Right R); it goes \
                with every vertex it points to",
        notation: "the digraph (L or R vertices, > < - arcs) or the colours and the arcs, \
                   then who moves: 'LR 0>1' left",
        start: "RRLLL 1>0 2>0 3>0 4>0 2>1 3>1 4>1 1>4 2>4 3>4 left",
        drawing,
    },
    table: None,
    search: generic,
    plays: &[&DIGRAPH_PLACEMENT],
    // CGSuite has no Digraph Placement: no worksheet line names it.
    cgsuite: Cgsuite {
        // cgt-tools' name: CGSuite has no Digraph Placement.
        names: &["DigraphPlacement"],
        position: cgsuite::text,
    },
};

/// The digraph: its vertices in play with their colours, and each pair joined by an arc
/// (its way is the position's text's).
fn drawing(rules: &DigraphPlacement, p: &Digraph) -> Drawing {
    let live: Vec<u8> = (0..p.vertices).filter(|&v| p.live >> v & 1 == 1).collect();
    let joined = |u: u8, v: u8| p.out[usize::from(u)] >> v & 1 == 1;
    let links = (live.iter())
        .flat_map(|&u| live.iter().map(move |&v| (u, v)))
        .filter(|&(u, v)| u < v && (joined(u, v) || joined(v, u)))
        .collect();
    Drawing::Graph {
        position: rules.show(p),
        vertices: (live.iter())
            .map(|&v| (v, if p.left >> v & 1 == 1 { 'L' } else { 'R' }))
            .collect(),
        links,
    }
}
