//! Fjords: colour only a vertex next to one of your own colour (CGSuite's `Fjords`,
//! `GenCol([Left], [Right])`).

use super::{generic, Play, RulesetGame, COLOURED_GRAPH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::vertices;
use grundy::partizan::rulesets::snort_col::SnortCol;

/// `grundy fjords GRAPH`: Snort's graphs.
pub static FJORDS: RulesetGame<SnortCol> = RulesetGame {
    rules: SnortCol::FJORDS,
    name: "fjords",
    about: "Fjords (colour only a vertex tinted your way, 'L' Left's and 'R' Right's, which \
            tints its neighbours; a vertex next to both colours is gone): canonical form, \
            outcome class, winning moves",
    example: &[("position", "L-.-.-R")],
    params: &COLOURED_GRAPH,
    players: ["L", "R"],
    play: Play {
        about: "Fjords: colour a vertex tinted your way (L for Left, R for Right); its \
                untinted neighbours take your tint, those tinted the other way are closed",
        notation: "the graph (. untinted, L or R tinted, - edges, branches in (..;..)), \
                   then who moves: L-.-.-R left",
        start: "L-.-.-.(-.;-.-R;-R) left",
        drawing: vertices,
    },
    table: None,
    search: generic,
    plays: &[&FJORDS],
    cgsuite: Cgsuite {
        names: &["game.graph.Fjords"],
        position: cgsuite::graph,
    },
};
