//! Clobber: move your stone onto an adjacent stone of the opponent's, which is removed.

use super::{generic, Play, RulesetGame, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Example;
use crate::play::rulesets::grid;
use crate::play::Playable;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy clobber BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static CLOBBER: RulesetGame<Clobber> = RulesetGame {
    rules: Clobber::CLOBBER,
    name: "clobber",
    about: "Clobber (move your stone onto an adjacent opponent's; 'x' Left, 'o' Right, '.' \
            empty): canonical form, outcome class, both players' winning moves",
    example: &[("position", "xox|ox.")],
    params: &POSITION,
    players: ["x", "o"],
    play: Play {
        about: "Clobber: move a stone onto an adjacent stone of the opponent's, which is removed",
        notation: "the board (x Left's stones, o Right's, . empty, rows separated by |), \
                   then who moves: xox|oxo left",
        start: "xoxo|oxox left",
        drawing: grid,
    },
    table: None,
    search: generic,
    plays: &[&CLOBBER],
    cgsuite: Cgsuite {
        names: &["game.grid.Clobber"],
        position: cgsuite::grid,
    },
};

/// What a ruleset of Clobber's schema (CGSuite's `GenClobber`: Hot Clobber, Kings, Knights,
/// Queens, Rooks) declares of its own: [`schema`] gives the rest.
pub(super) struct Variant {
    /// [`RulesetGame::rules`].
    pub rules: Clobber,
    /// [`RulesetGame::name`].
    pub name: &'static str,
    /// [`RulesetGame::about`].
    pub about: &'static str,
    /// [`RulesetGame::example`].
    pub example: Example,
    /// [`Play::about`].
    pub play_about: &'static str,
    /// [`Play::notation`].
    pub notation: &'static str,
    /// [`Play::start`].
    pub start: &'static str,
    /// [`RulesetGame::plays`].
    pub plays: &'static [&'static dyn Playable],
    /// [`Cgsuite::names`].
    pub cgsuite: &'static [&'static str],
}

/// The declaration of a ruleset of Clobber's schema: its boards ([`POSITION`]), players
/// (`x`, `o`), drawing ([`grid`]), search ([`generic`]) and CGSuite positions
/// ([`cgsuite::grid`]) are Clobber's, and it has no table; the rest is the `variant`'s.
pub(super) const fn schema(variant: Variant) -> RulesetGame<Clobber> {
    RulesetGame {
        rules: variant.rules,
        name: variant.name,
        about: variant.about,
        example: variant.example,
        params: &POSITION,
        players: ["x", "o"],
        play: Play {
            about: variant.play_about,
            notation: variant.notation,
            start: variant.start,
            drawing: grid,
        },
        table: None,
        search: generic,
        plays: variant.plays,
        cgsuite: Cgsuite {
            names: variant.cgsuite,
            position: cgsuite::grid,
        },
    }
}
