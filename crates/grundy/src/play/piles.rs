//! The games played on a row of piles where a move takes from one pile (Nim, subtraction
//! games, the square subtraction game): one [`PileGame`] implementation of a few lines makes
//! such a game [`Playable`], with one notation for all of them.
//!
//! - A position is written `3 4 5` (spaces or commas between the piles).
//! - A move is typed `PILE-TAKE` (`2-3`: take 3 from pile 2), or `TAKE` alone when there is
//!   one pile.
//! - Moves are listed pile by pile, smallest take first, each pile at most its share of the
//!   listing's limit.

use super::catalogue::Playable;
use super::{Drawing, TableOffer};
use crate::games::CatalogueGame;
use crate::input::{self, InputError};

/// A game on a row of piles where a move takes an amount from one pile.
pub trait PileGame: CatalogueGame<Position = Vec<u64>> + Send + Sync {
    /// The game and its parameters in words.
    fn title(&self) -> String;

    /// The amounts that may be taken from a pile of `n`: the smallest `quota` in increasing
    /// order, and how many there are.
    fn takes(&self, n: u64, quota: usize) -> (Vec<u64>, u128);

    /// The move taking `take` from pile `pile` (numbered from 1) of `n` counters.
    fn take(&self, pile: usize, n: u64, take: u64) -> Self::Move;

    /// The pile (numbered from 1) and the amount of a move.
    fn pile_and_take(&self, m: &Self::Move) -> (usize, u64);

    /// The largest pile the game can answer for (its values may be tabulated up to a bound).
    fn largest_pile(&self) -> u64 {
        u64::MAX
    }

    /// The table of values whose cells are positions of `piles`' shape, if there is one.
    fn pile_table(&self, piles: &[u64]) -> Option<TableOffer> {
        let _ = piles;
        None
    }
}

/// The table of a one-pile game (`spec`, by n) when there is one pile.
pub fn one_pile_table(piles: &[u64], spec: &str) -> Option<TableOffer> {
    (piles.len() == 1).then(|| TableOffer {
        spec: spec.to_string(),
        parameters: 1,
        position: "{n}".to_string(),
    })
}

/// Piles as text: `3 4 5`.
pub fn write(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of a position or a move: separated by white space or commas.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Reads piles written as [`write`] writes them (commas allowed), each at most `largest`.
pub fn read(text: &str, largest: u64) -> Result<Vec<u64>, InputError> {
    let piles = input::each_whole("pile", &words(text), "a pile size", 0)?;
    if piles.is_empty() {
        return Err(InputError::usage("no pile given"));
    }
    if let Some(n) = piles.iter().find(|&&n| n > largest) {
        return Err(InputError::invalid(
            format!("pile {n}"),
            format!("this game is played with piles up to {largest}"),
        ));
    }
    Ok(piles)
}

/// Reads `PILE-TAKE`, or `TAKE` alone at a position of one pile: the pile (from 1) and the
/// amount. The pile must exist; the amount is checked by the game.
pub fn read_take(piles: &[u64], text: &str) -> Result<(usize, u64), InputError> {
    let text = text.trim();
    let (pile, take) = match text.split_once('-') {
        Some((pile, take)) => (
            input::whole("the pile", pile, "a pile number", 1)? as usize,
            take,
        ),
        None if piles.len() == 1 => (1, text),
        None => {
            return Err(InputError::usage(
                "type a move as PILE-TAKE (e.g. 2-3 takes 3 from pile 2)",
            ))
        }
    };
    if pile > piles.len() {
        return Err(InputError::invalid(
            format!("pile {pile}"),
            format!("there are {} piles", piles.len()),
        ));
    }
    Ok((pile, input::whole("the take", take, "an amount", 1)?))
}

impl<G: PileGame> Playable for G {
    fn title(&self) -> String {
        PileGame::title(self)
    }

    fn notation(&self) -> String {
        "PILE-TAKE, e.g. 2-3 takes 3 from pile 2 (TAKE alone with one pile)".to_string()
    }

    fn write_position(&self, p: &Vec<u64>) -> String {
        write(p)
    }

    fn read_position(&self, text: &str) -> Result<Vec<u64>, InputError> {
        read(text, self.largest_pile())
    }

    /// Pile by pile, each pile at most ⌈limit / piles⌉ takes, smallest first. O(limit +
    /// piles).
    fn legal_moves(&self, p: &Vec<u64>, limit: usize) -> (Vec<Self::Move>, u128) {
        let quota = limit.div_ceil(p.len().max(1));
        let mut moves = Vec::new();
        let mut count = 0u128;
        for (i, &n) in p.iter().enumerate() {
            let (takes, all) = self.takes(n, quota);
            count += all;
            moves.extend(takes.into_iter().map(|t| self.take(i + 1, n, t)));
        }
        (moves, count)
    }

    fn move_key(&self, m: &Self::Move) -> String {
        let (pile, take) = self.pile_and_take(m);
        format!("{pile}-{take}")
    }

    fn read_move(&self, p: &Vec<u64>, text: &str) -> Result<Self::Move, InputError> {
        let (pile, take) = read_take(p, text)?;
        let n = p[pile - 1];
        if take > n {
            return Err(InputError::invalid(
                format!("pile {pile}"),
                format!("it has {n} counters, fewer than {take}"),
            ));
        }
        Ok(self.take(pile, n, take))
    }

    fn drawing(&self, p: &Vec<u64>) -> Drawing {
        Drawing::numbered_piles(p, "pile")
    }

    fn table(&self, p: &Vec<u64>) -> Option<TableOffer> {
        self.pile_table(p)
    }
}
