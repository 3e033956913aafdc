//! The one-line [`CatalogueGame`](crate::CatalogueGame) of a family whose game is its own
//! rules: `own_rules!`.

/// Implements `CatalogueGame` for a game that is its own rules (a `Copy` type implementing
/// `Game`), from two functions of the module: the formula's answer at a position, and the
/// position a move leads to. Add `misere` for a game played in misère play. The common case
/// of the catalogue, in one line:
///
/// `own_rules!(Nim, Vec<u64>, NimMove, |p: &Vec<u64>| answer(p), play);`
macro_rules! own_rules {
    ($game:ty, $position:ty, $move:ty, $answer:expr, $play:expr $(, $misere:ident)?) => {
        impl $crate::catalogue_game::CatalogueGame for $game {
            type Position = $position;
            type Move = $move;
            type Rules = $game;

            fn rules(&self) -> $game {
                *self
            }

            fn answer(&self, p: &$position) -> grundy::answer::Answer<$move> {
                ($answer)(p)
            }

            fn play(&self, p: &$position, m: &$move) -> Option<$position> {
                ($play)(p, m)
            }

            $(fn $misere(&self) -> bool {
                true
            })?
        }
    };
}

pub(crate) use own_rules;
