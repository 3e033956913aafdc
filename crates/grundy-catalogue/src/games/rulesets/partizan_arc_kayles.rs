//! Partizan Arc Kayles: take an edge of your colour and both its ends (CGSuite's
//! `PartizanArcKayles`).

use super::{generic, Play, RulesetGame, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Param;
use crate::play::Drawing;
use grundy::partizan::rulesets::arc_kayles::{ColouredGraph, PartizanArcKayles};
use grundy::partizan::rulesets::Ruleset;

/// `grundy partizan-arc-kayles GRAPH`: CGSuite's graph notation with coloured edges.
pub static PARTIZAN_ARC_KAYLES: RulesetGame<PartizanArcKayles> = RulesetGame {
    rules: PartizanArcKayles,
    name: "partizan-arc-kayles",
    about: "Partizan Arc Kayles (take an edge, blue 'l' Left's, red 'r' Right's, green 'e' \
            both players', and delete both its ends; a graph 'lrlr(ll;ree)'): canonical \
            form, outcome class, winning moves",
    example: &[("position", "lrlr(ll;ree(rl;l))")],
    params: &[
        Param::arg(
            "position",
            "GRAPH",
            "A graph in CGSuite's notation: edges l or b blue, r red, e or g green, \
             branches in (...;...), ':A' or ':{name}' names a vertex met again, ';' between \
             pieces; vertices numbered from 0 as written (at most 64)",
        ),
        MAX_LENGTH,
    ],
    players: ["blue and green edges", "red and green edges"],
    play: Play {
        about: "Partizan Arc Kayles: take an edge (click its two ends), Left a blue or green \
                one, Right a red or green one, and delete both its ends",
        notation: "the graph in CGSuite's notation (edges l, r, e), then who moves: llr left",
        start: "lrlr(ll;ree(rl;l)) left",
        drawing,
    },
    table: None,
    search: generic,
    plays: &[&PARTIZAN_ARC_KAYLES],
    cgsuite: Cgsuite {
        names: &["game.graph.PartizanArcKayles"],
        position: cgsuite::graph,
    },
};

/// The graph: its vertices in play and the edges between them.
fn drawing(rules: &PartizanArcKayles, p: &ColouredGraph) -> Drawing {
    let live: Vec<u8> = (0..p.vertices).filter(|&v| p.live >> v & 1 == 1).collect();
    let mut links: Vec<(u8, u8)> = p
        .edges
        .iter()
        .filter(|&&(u, v, _)| u != v && p.live >> u & 1 == 1 && p.live >> v & 1 == 1)
        .map(|&(u, v, _)| (u, v))
        .collect();
    links.dedup();
    Drawing::Graph {
        position: rules.show(p),
        vertices: live.iter().map(|&v| (v, '.')).collect(),
        links,
    }
}
