//! Snort: colour a vertex not next to a vertex of the opponent's colour.

use super::{generic, Play, RulesetGame, COLOURED_GRAPH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::vertices;
use grundy::partizan::rulesets::snort_col::SnortCol;

/// `grundy snort GRAPH`: CGSuite's graph notation or an edge list.
pub static SNORT: RulesetGame<SnortCol> = RulesetGame {
    rules: SnortCol::SNORT,
    name: "snort",
    about: "Snort (colour a vertex not next to the opponent's colour; 'L'/'R' tinted vertices \
            only Left/Right may colour): canonical form, outcome class, winning moves",
    example: &[("position", "L-.-.-.-L")],
    params: &COLOURED_GRAPH,
    players: ["L", "R"],
    play: Play {
        about: "Snort: colour an uncoloured vertex not next to a vertex of the opponent's \
                colour; tinted vertices (L, R) only that player may colour",
        notation: "the graph (. uncoloured, L or R tinted, - edges, branches in (..;..)), \
                   then who moves: L-.-.-R left",
        start: "L-.-.-.(-.;-.-R) left",
        drawing: vertices,
    },
    table: None,
    search: generic,
    plays: &[&SNORT],
    cgsuite: Cgsuite {
        names: &["game.graph.Snort"],
        position: cgsuite::text,
    },
};
