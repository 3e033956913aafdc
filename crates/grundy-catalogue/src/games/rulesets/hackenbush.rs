//! Blue-Red-Green Hackenbush: Left cuts blue or green edges, Right red or green ones; what
//! falls off the ground is gone.

use super::{generic, Play, RulesetGame, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Param;
use crate::play::rulesets::edges;
use grundy::partizan::rulesets::hackenbush::Hackenbush;

/// `grundy hackenbush GRAPH`: a tree in CGSuite's notation or an edge list.
pub static HACKENBUSH: RulesetGame<Hackenbush> = RulesetGame {
    rules: Hackenbush,
    name: "hackenbush",
    about: "Blue-Red-Green Hackenbush (a string or tree 'l(l;rl)' from the ground, or edges \
            '0-1:b 1-2:r', 0 the ground): canonical form, outcome class, winning cuts",
    example: &[("position", "l(l;rl)")],
    params: &[
        Param::arg(
            "position",
            "GRAPH",
            "Edges from the ground: l or b blue, r red, e or g green, branches in (...;...); \
             or edges U-V:C, vertex 0 the ground (at most 64 edges)",
        ),
        MAX_LENGTH,
    ],
    players: ["blue and green", "red and green"],
    play: Play {
        about: "Hackenbush: Left cuts blue or green edges, Right red or green ones; what \
                falls off the ground is gone",
        notation: "the edges U-V:C (vertex 0 the ground, C b, r or g) or a tree like l(l;rl), \
                   then who moves: 0-1:b 1-2:r left",
        start: "0-1:b 1-2:r 2-3:b 0-4:r 4-5:g 4-6:b 0-7:g 7-8:r left",
        drawing: edges,
    },
    table: None,
    search: generic,
    plays: &[&HACKENBUSH],
    cgsuite: Cgsuite {
        names: &["game.graph.Hackenbush"],
        position: cgsuite::text,
    },
};
