//! Col: colour a vertex not next to a vertex of your own colour.

use super::{generic, Play, RulesetGame, COLOURED_GRAPH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::vertices;
use grundy::partizan::rulesets::snort_col::SnortCol;

/// `grundy col GRAPH`: Snort's graphs.
pub static COL: RulesetGame<SnortCol> = RulesetGame {
    rules: SnortCol::COL,
    name: "col",
    about: "Col (colour a vertex not next to your own colour; 'L'/'R' tinted vertices only \
            Right/Left may colour): canonical form, outcome class, winning moves",
    example: &[("position", "R-.-R-.-L-.-R")],
    params: &COLOURED_GRAPH,
    players: ["L", "R"],
    play: Play {
        about: "Col: colour an uncoloured vertex not next to a vertex of your own colour; a \
                vertex tinted L (next to Left's colour) only Right may colour, and R only Left",
        notation: "the graph (. uncoloured, L or R tinted, - edges, branches in (..;..)), \
                   then who moves: R-.-.-L left",
        start: ".-.-.-.(-.;-.) left",
        drawing: vertices,
    },
    table: None,
    search: generic,
    plays: &[&COL],
    cgsuite: Cgsuite {
        names: &["game.graph.Col"],
        position: cgsuite::text,
    },
};
