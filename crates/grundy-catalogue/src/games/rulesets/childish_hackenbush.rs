//! Childish Hackenbush: Hackenbush where a blue or red edge may be cut only if nothing else
//! falls with it (CGSuite's `ChildishHackenbush`).

use super::{generic, Play, RulesetGame, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Param;
use crate::play::rulesets::edges;
use grundy::partizan::rulesets::hackenbush::ChildishHackenbush;

/// `grundy childish-hackenbush GRAPH`: Hackenbush's graphs.
pub static CHILDISH_HACKENBUSH: RulesetGame<ChildishHackenbush> = RulesetGame {
    rules: ChildishHackenbush,
    name: "childish-hackenbush",
    about: "Childish Hackenbush (Hackenbush, but a blue or red edge may be cut only if nothing \
            else falls; a graph in CGSuite's notation ':{g}llrr:{g}' or edges '0-1:b 1-2:r'): \
            canonical form, outcome class, winning cuts",
    example: &[("position", ":{ground}llllllrrrr:{ground}")],
    params: &[
        Param::arg(
            "position",
            "GRAPH",
            "Edges from the ground: l or b blue, r red, e or g green, branches in (...;...), \
             :A or :{name} names a vertex met again (cycles); or edges U-V:C, vertex 0 the \
             ground (at most 64 edges)",
        ),
        MAX_LENGTH,
    ],
    players: ["blue and green", "red and green"],
    play: Play {
        about: "Childish Hackenbush: Left cuts blue or green edges, Right red or green ones, \
                but a blue or red edge only if nothing else falls with it",
        notation: "the edges U-V:C (vertex 0 the ground, C b, r or g) or CGSuite's graph \
                   like :A l(l;rl:A), then who moves: 0-1:b 1-2:r 2-0:r left",
        start: "0-1:b 1-2:b 2-3:r 3-0:r 0-4:b 4-5:r 5-6:g left",
        drawing: edges,
    },
    table: None,
    search: generic,
    plays: &[&CHILDISH_HACKENBUSH],
    cgsuite: Cgsuite {
        names: &["game.graph.ChildishHackenbush"],
        position: cgsuite::graph,
    },
};
