//! The engine's loopy rulesets played ([`LOOPY_RULESETS`](grundy::partizan::rulesets::loopy_registry::LOOPY_RULESETS)): Backsliding Toads and Frogs,
//! Fox and Geese and Ceylonese Fox and Geese, whose play may go round a cycle for ever (a draw). They are no family of
//! the catalogue (their values are `LoopyGame`s, which `grundy loopy` describes); each is
//! declared here once, as `grundy play` and the web page name it, and set up by
//! [`play::loopy::build`](crate::play::loopy::build).

use crate::play::{loopy, Match, PlayError, Playable};
use grundy::budget::Budget;
use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;

/// The loopy rulesets' games, in the order of
/// [`LOOPY_RULESETS`](grundy::partizan::rulesets::loopy_registry::LOOPY_RULESETS).
pub static LOOPY_PLAYS: &[&dyn Playable] =
    &[&BACKSLIDING, &FOX_AND_GEESE, &CEYLONESE_FOX_AND_GEESE];

/// A loopy ruleset as play names it: the ruleset's name in the engine's list, and what help
/// and the page say of it.
struct LoopyPlay {
    name: &'static str,
    about: &'static str,
    position: &'static str,
    start: &'static str,
}

/// The game `backsliding` of `grundy play` and the web page.
static BACKSLIDING: LoopyPlay = LoopyPlay {
    name: "backsliding",
    about: "Backsliding Toads and Frogs: Toads and Frogs where a toad (Left) may also step \
            back left, and a frog (Right) back right, into an empty cell; play may go on for \
            ever (a draw)",
    position: "the strip (T a toad, F a frog, . empty), then who moves: TT..FF left",
    start: "TT..FF left",
};

/// The game `fox-and-geese` of `grundy play` and the web page.
static FOX_AND_GEESE: LoopyPlay = LoopyPlay {
    name: "fox-and-geese",
    about: "Fox and Geese: the geese (Left) step diagonally down, the fox (Right) diagonally \
            any way, on the dark squares; play may go on for ever (a draw)",
    position: "the board from the top (G a goose, F the fox, . empty, rows separated by |; \
               the dark squares are the bottom-left corner's colour), then who moves: \
               .G.G|....|....|F... left",
    start: ".G.G|....|....|F... left",
};

/// The game `ceylonese-fox-and-geese` of `grundy play` and the web page.
static CEYLONESE_FOX_AND_GEESE: LoopyPlay = LoopyPlay {
    name: "ceylonese-fox-and-geese",
    about: "Ceylonese Fox and Geese: Fox and Geese where the fox (Right) goes one or two \
            squares along a diagonal, never over a goose; play may go on for ever (a draw)",
    position: "the board from the top (G a goose, F the fox, . empty, rows separated by |; \
               the dark squares are the bottom-left corner's colour), then who moves: \
               .G.G|....|....|F... left",
    start: ".G.G.G|......|......|F..... left",
};

impl Playable for LoopyPlay {
    fn syntax(&self) -> &'static str {
        self.name
    }

    fn example(&self) -> &'static str {
        self.name
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn position(&self) -> &'static str {
        self.position
    }

    fn start(&self) -> &'static str {
        self.start
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let ruleset = loopy_ruleset(self.name).map_err(|e| PlayError::Game(e.to_string()))?;
        loopy::build(ruleset, start, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::partizan::rulesets::loopy_registry::LOOPY_RULESETS;

    #[test]
    fn every_loopy_ruleset_is_played_once_in_the_engines_order() {
        let played: Vec<&str> = LOOPY_PLAYS.iter().map(|g| g.name()).collect();
        let rulesets: Vec<&str> = LOOPY_RULESETS.iter().map(|r| r.name).collect();
        assert_eq!(played, rulesets);
    }
}
