//! Kings (CGSuite's `Kings`, of its `GenClobber` schema): move your stone one cell in any of the eight directions onto an opponent's, which is removed.

use super::clobber::{schema, Variant};
use super::RulesetGame;
use grundy::partizan::rulesets::clobber::Clobber;

/// `grundy kings BOARD`: `x` Left's stones, `o` Right's, `.` empty, `#` blocked.
pub static KINGS: RulesetGame<Clobber> = schema(Variant {
    rules: Clobber::KINGS,
    name: "kings",
    about: "Kings (move your stone one cell in any of the eight directions onto an opponent's, which is removed; 'x' Left, 'o' Right, '.' empty): canonical form, outcome class, \
            both players' winning moves",
    example: &[("position", "xox|ox.")],
    play_about: "Kings: Clobber with a king's step, orthogonal or diagonal, onto an opponent's stone",
    notation: "the board (x Left's stones, o Right's, . empty, # blocked, rows separated \
               by |), then who moves: xox|oxo left",
    start: "xoxo|oxox left",
    plays: &[&KINGS],
    cgsuite: &["game.grid.Kings"],
});
