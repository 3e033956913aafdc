//! Games on piles as play sets them up: a start read as pile sizes, named and drawn, what its
//! exploration may cost, and the playbook of a family on piles played by its formula (one
//! move changes one pile). The families of the catalogue build their plays from these.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::formula::{Playbook, CANDIDATES};
use super::playable::{game_error, nim_sum_line, words, WhyLine};
use super::{fits, Drawing, PlayError};
use crate::catalogue_game::CatalogueGame;
use grundy::budget::Budget;
use grundy::input;

/// The sizes a start gives, one a word (`3 4 5`), at least one; `noun` names one in messages
/// (`pile`, `heap`, `step`).
pub fn read(start: &str, noun: &str) -> Result<Vec<u64>, PlayError> {
    let piles = input::each_whole(noun, &words(start), "a size", 0).map_err(game_error)?;
    if piles.is_empty() {
        return Err(PlayError::Game(format!("give the {noun}s, like 3 4 5")));
    }
    Ok(piles)
}

/// The sizes a start gives (see [`read`]), refused before they are explored when listing one
/// position's moves would cost more than the budget's positions (see [`counters`]).
pub fn read_within(start: &str, noun: &str, budget: &Budget) -> Result<Vec<u64>, PlayError> {
    let piles = read(start, noun)?;
    fits(budget, counters(&piles))?;
    Ok(piles)
}

/// How long the values of a why line may take to compute: the heaps that play explores are
/// small, and a larger one goes without its line rather than slow the game.
pub const WHY_TIME: Duration = Duration::from_secs(1);

/// The why line of a sum of heaps (or piles) called `noun`, each worth its Sprague–Grundy
/// value: `values` says what the values are (`the heaps' values under 0.77 (Kayles)`), and
/// `compute(n, budget)` gives the values of heaps 0 to n (`None` if it cannot within the
/// budget: [`WHY_TIME`]). The values are kept with the game, and computed again only for a
/// larger heap than any asked before. O(heaps) a position after the values.
pub fn heap_values_why(
    noun: &'static str,
    values: String,
    compute: impl Fn(u64, &Budget) -> Option<Vec<u64>> + Send + Sync + 'static,
) -> WhyLine {
    let known: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    WhyLine(Arc::new(move |position| {
        // Every heap gone: a position of no words.
        let heaps = match position.trim() {
            "" => Vec::new(),
            text => read(text, noun).ok()?,
        };
        let largest = heaps.iter().copied().max().unwrap_or(0);
        // A panic while computing leaves the values kept before: go on with them.
        let mut known = known.lock().unwrap_or_else(PoisonError::into_inner);
        if known.len() as u64 <= largest {
            *known = compute(largest, &Budget::default().with_time(WHY_TIME))?;
        }
        let parts = (heaps.iter().filter(|&&n| n > 0))
            .map(|&n| Some((format!("{noun} {n}"), *known.get(n as usize)?)))
            .collect::<Option<Vec<_>>>()?;
        Some(nim_sum_line(&values, &parts))
    }))
}

/// Piles as text: `3 4 5`.
pub fn text(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Names a position of piles as its sizes and draws it as piles of `noun`s.
pub fn named(noun: &'static str) -> impl Fn(&Vec<u64>) -> (String, Drawing) + Copy + Send + Sync {
    move |p: &Vec<u64>| (text(p), Drawing::piles(p, noun))
}

/// A start's estimated number of positions reachable, for choosing between exploring (which
/// gives remoteness too) and the formula: Π(pile + 1), an upper bound, saturating.
pub fn reach(piles: &[u64]) -> u128 {
    piles
        .iter()
        .fold(1u128, |n, &p| n.saturating_mul(u128::from(p) + 1))
}

/// What listing one position's moves can cost, for a start of `piles`: a position lists a
/// move for (up to) each counter, each move a copy of the piles, before the exploration
/// counts them; so (counters + piles) × piles, the words of those copies. Saturates.
pub fn counters(piles: &[u64]) -> u64 {
    let total = piles
        .iter()
        .fold(0u64, |sum, &n| sum.saturating_add(n).saturating_add(1));
    total.saturating_mul(piles.len() as u64)
}

/// The playbook of a family on `count` piles whose moves are found by `between`, listing
/// `more` besides taking 1, 2 or 3, half or all of a pile.
pub fn playbook<G, B, M>(
    game: G,
    count: usize,
    describe: impl Fn(&Vec<u64>) -> (String, Drawing) + Send + Sync + 'static,
    between: B,
    more: M,
) -> Playbook<G>
where
    G: CatalogueGame<Position = Vec<u64>>,
    B: Fn(&Vec<u64>, &Vec<u64>) -> Option<G::Move> + Send + Sync + 'static,
    M: Fn(&Vec<u64>) -> Vec<Vec<u64>> + Send + Sync + 'static,
{
    Playbook {
        game,
        describe: Box::new(describe),
        read: Box::new(move |name| of_name(name, count)),
        between: Box::new(between),
        candidates: Box::new(move |piles: &Vec<u64>| {
            // Small takes first, pile by pile: the engine's move where every move loses;
            // then half and all of each pile. Lazily, so that many piles cost no more.
            let small = (1..=3).flat_map(|take| {
                (piles.iter().enumerate())
                    .filter_map(move |(i, &n)| Some((i, n.checked_sub(take)?)))
            });
            let large = (piles.iter().enumerate()).flat_map(|(i, &n)| [(i, n / 2), (i, 0)]);
            let mut out: Vec<Vec<u64>> = small
                .chain(large)
                .take(CANDIDATES)
                .map(|(i, to)| with_pile(piles, i, to))
                .collect();
            out.extend(more(piles));
            out
        }),
    }
}

/// No moves to list besides the common ones.
pub fn no_more(_: &Vec<u64>) -> Vec<Vec<u64>> {
    Vec::new()
}

/// The pile that went down from `p` to `q`, its size before and after, if exactly one did
/// and nothing else changed.
pub fn one_pile_down(p: &[u64], q: &[u64]) -> Option<(usize, u64, u64)> {
    if p.len() != q.len() {
        return None;
    }
    let mut changed = (0..p.len()).filter(|&i| p[i] != q[i]);
    let i = changed.next()?;
    (changed.next().is_none() && q[i] < p[i]).then_some((i, p[i], q[i]))
}

/// `piles` with pile `i` at `size`.
pub fn with_pile(piles: &[u64], i: usize, size: u64) -> Vec<u64> {
    let mut next = piles.to_vec();
    next[i] = size;
    next
}

/// Piles written as a position's name (`3 4 5`), if there are `count` of them.
pub fn of_name(name: &str, count: usize) -> Option<Vec<u64>> {
    let piles = input::each_whole("pile", &words(name), "a size", 0).ok()?;
    (piles.len() == count).then_some(piles)
}
