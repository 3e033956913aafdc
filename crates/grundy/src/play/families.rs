//! The families `play` can play by their formula when a start is too large to explore: Nim,
//! Nim in misère play, subtraction games, Wythoff's game, Fibonacci Nim and Staircase Nim.
//! Each is its catalogue game ([`CatalogueGame`]) with what [`Family`] asks besides: the move
//! between two positions, and a few moves worth listing.

use super::formula::{Family, Formula, CANDIDATES};
use super::{Drawing, Match};
use crate::games::fibonacci::FibonacciNim;
use crate::games::limited::{LimitedPile, LimitedTake};
use crate::games::nim::{AntiNim, Nim, NimMove};
use crate::games::staircase::{Staircase, StaircaseMove};
use crate::games::subtraction::{Subtraction, SubtractionMove};
use crate::games::wythoff::{TakeFrom, Wythoff, WythoffMove};
use crate::games::CatalogueGame;
use crate::input;
use crate::rules::{Impartial, Moves};

/// A start's estimated number of positions reachable, for choosing between exploring (which
/// gives remoteness too) and the formula: an upper bound, saturating.
pub(super) fn reach_of_piles(piles: &[u64]) -> u128 {
    piles
        .iter()
        .fold(1u128, |n, &p| n.saturating_mul(u128::from(p) + 1))
}

/// An upper bound on the positions of Staircase Nim reachable from `steps`: step j never
/// holds more than the stones on steps j and above.
pub(super) fn reach_of_staircase(steps: &[u64]) -> u128 {
    let mut above = 0u128;
    let mut reach = 1u128;
    for &stones in steps.iter().rev() {
        above += u128::from(stones);
        reach = reach.saturating_mul(above + 1);
    }
    reach
}

/// Nim (or, with `misere`, Nim in misère play) from `piles`, by the formula.
pub(super) fn nim(
    title: String,
    piles: Vec<u64>,
    misere: bool,
    describe: impl Fn(&Vec<u64>) -> (String, Drawing) + Send + Sync + 'static,
    limit: usize,
) -> Match {
    let count = piles.len();
    if misere {
        let family = piles_family(AntiNim, count, describe, |p, q| nim_move(p, q), no_more);
        Match::by_formula(title, Formula::new(family, piles, limit))
    } else {
        let family = piles_family(Nim, count, describe, |p, q| nim_move(p, q), no_more);
        Match::by_formula(title, Formula::new(family, piles, limit))
    }
}

/// A subtraction game from `piles`, by the formula (its period, found within the search
/// limit, or its closed form).
pub(super) fn subtraction(
    title: String,
    game: Subtraction,
    piles: Vec<u64>,
    describe: impl Fn(&Vec<u64>) -> (String, Drawing) + Send + Sync + 'static,
    limit: usize,
) -> Match {
    let rule = game.rule();
    // The rule's first moves (its smallest amounts, for a set), at the first piles.
    let amounts = move |piles: &Vec<u64>| {
        let mut out = Vec::new();
        for (i, &n) in piles.iter().enumerate().take(CANDIDATES / 2) {
            let mut moves = Moves::with_most(2);
            rule.options(&n, &mut moves);
            out.extend(moves.iter().map(|&m| with_pile(piles, i, m)));
        }
        out
    };
    let between = |p: &Vec<u64>, q: &Vec<u64>| {
        let (i, from, to) = one_pile_down(p, q)?;
        Some(SubtractionMove {
            pile: i + 1,
            take: from - to,
            to,
        })
    };
    let family = piles_family(game, piles.len(), describe, between, amounts);
    Match::by_formula(title, Formula::new(family, piles, limit))
}

/// Staircase Nim from `steps`, by the formula.
pub(super) fn staircase(
    title: String,
    steps: Vec<u64>,
    describe: impl Fn(&Vec<u64>) -> (String, Drawing) + Send + Sync + 'static,
    limit: usize,
) -> Match {
    let count = steps.len();
    let family = Family {
        game: Staircase,
        describe: Box::new(describe),
        read: Box::new(move |name| read_piles(name, count)),
        between: Box::new(|p: &Vec<u64>, q: &Vec<u64>| staircase_move(p, q)),
        candidates: Box::new(|steps: &Vec<u64>| {
            // One stone down from each step, then every stone of each step.
            let one = (0..steps.len()).map(|i| (i, 1));
            let all = steps.iter().enumerate().map(|(i, &n)| (i, n));
            one.chain(all)
                .take(CANDIDATES)
                .filter_map(|(i, stones)| {
                    let m = StaircaseMove {
                        step: i + 1,
                        stones,
                    };
                    Staircase.play(steps, &m)
                })
                .collect()
        }),
    };
    Match::by_formula(title, Formula::new(family, steps, limit))
}

/// Wythoff's game from piles (a, b), by the formula.
pub(super) fn wythoff(
    title: String,
    start: (u64, u64),
    describe: impl Fn(&(u64, u64)) -> (String, Drawing) + Send + Sync + 'static,
    limit: usize,
) -> Match {
    let family = Family {
        game: Wythoff,
        describe: Box::new(describe),
        read: Box::new(|name| match read_piles(name, 2)?[..] {
            [a, b] => Some((a, b)),
            _ => None,
        }),
        between: Box::new(|&(a, b): &(u64, u64), &(c, d): &(u64, u64)| {
            let (from, take) = match (a.checked_sub(c)?, b.checked_sub(d)?) {
                (0, t) => (TakeFrom::B, t),
                (t, 0) => (TakeFrom::A, t),
                (s, t) if s == t => (TakeFrom::Both, t),
                _ => return None,
            };
            Some(WythoffMove {
                from,
                take,
                to: (c, d),
            })
        }),
        candidates: Box::new(|&(a, b): &(u64, u64)| {
            let m = a.min(b);
            let (a1, b1) = (a.saturating_sub(1), b.saturating_sub(1));
            vec![
                (a1, b),
                (a, b1),
                (a1, b1),
                (a / 2, b),
                (a, b / 2),
                (0, b),
                (a, 0),
                (a - m, b - m),
            ]
        }),
    };
    Match::by_formula(title, Formula::new(family, start, limit))
}

/// Fibonacci Nim from `start`, by the formula.
pub(super) fn fibonacci(
    title: String,
    start: LimitedPile,
    describe: impl Fn(&LimitedPile) -> (String, Drawing) + Send + Sync + 'static,
    read: impl Fn(&str) -> Option<LimitedPile> + Send + Sync + 'static,
    limit: usize,
) -> Match {
    let family = Family {
        game: FibonacciNim,
        describe: Box::new(describe),
        read: Box::new(read),
        between: Box::new(|p: &LimitedPile, q: &LimitedPile| {
            let take = p.pile.checked_sub(q.pile)?;
            Some(LimitedTake::new(p.pile, take, 2 * u128::from(take)))
        }),
        candidates: Box::new(|p: &LimitedPile| {
            [1, 2, 3, p.limit / 2, p.limit]
                .into_iter()
                .filter(|&t| (1..=p.limit).contains(&t))
                .map(|t| LimitedPile::new(p.pile - t, 2 * u128::from(t)))
                .collect()
        }),
    };
    Match::by_formula(title, Formula::new(family, start, limit))
}

/// A family on piles (a list of sizes, one move changing one pile) whose moves are found by
/// `between`, listing `more` besides taking 1, 2 or 3, half or all of a pile.
fn piles_family<G, B, M>(
    game: G,
    count: usize,
    describe: impl Fn(&Vec<u64>) -> (String, Drawing) + Send + Sync + 'static,
    between: B,
    more: M,
) -> Family<G>
where
    G: CatalogueGame<Position = Vec<u64>>,
    B: Fn(&Vec<u64>, &Vec<u64>) -> Option<G::Move> + Send + Sync + 'static,
    M: Fn(&Vec<u64>) -> Vec<Vec<u64>> + Send + Sync + 'static,
{
    Family {
        game,
        describe: Box::new(describe),
        read: Box::new(move |name| read_piles(name, count)),
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
fn no_more(_: &Vec<u64>) -> Vec<Vec<u64>> {
    Vec::new()
}

/// The Nim move from `p` to `q`, if one pile went down.
fn nim_move(p: &[u64], q: &[u64]) -> Option<NimMove> {
    let (i, from, to) = one_pile_down(p, q)?;
    Some(NimMove {
        pile: i + 1,
        from,
        to,
    })
}

/// The Staircase Nim move from `p` to `q`, if stones left one step for the step below (or
/// the game, from step 1).
fn staircase_move(p: &[u64], q: &[u64]) -> Option<StaircaseMove> {
    if p.len() != q.len() {
        return None;
    }
    // The highest step that changed lost the stones.
    let i = (0..p.len()).rev().find(|&i| p[i] != q[i])?;
    let stones = p[i].checked_sub(q[i])?;
    Some(StaircaseMove {
        step: i + 1,
        stones,
    })
}

/// The pile that went down from `p` to `q`, its size before and after, if exactly one did
/// and nothing else changed.
fn one_pile_down(p: &[u64], q: &[u64]) -> Option<(usize, u64, u64)> {
    if p.len() != q.len() {
        return None;
    }
    let mut changed = (0..p.len()).filter(|&i| p[i] != q[i]);
    let i = changed.next()?;
    (changed.next().is_none() && q[i] < p[i]).then_some((i, p[i], q[i]))
}

/// `piles` with pile `i` at `size`.
fn with_pile(piles: &[u64], i: usize, size: u64) -> Vec<u64> {
    let mut next = piles.to_vec();
    next[i] = size;
    next
}

/// Piles written as a position's name (`3 4 5`), if there are `count` of them.
fn read_piles(name: &str, count: usize) -> Option<Vec<u64>> {
    let words: Vec<String> = name
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let piles = input::each_whole("pile", &words, "a size", 0).ok()?;
    (piles.len() == count).then_some(piles)
}

#[cfg(test)]
mod tests {
    //! Every family played by its formula against the same game explored and solved by its
    //! rules, on random small starts: every position's outcome and value, every listed move
    //! legal and rightly evaluated, every move listed where there are few, every legal move
    //! accepted when typed, and no other.

    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::budget::Budget;
    use crate::games::fibonacci;
    use crate::games::subtraction::Rule;
    use crate::outcome::Outcome;
    use crate::play::formula::ALL_MOVES;
    use crate::play::PlayError;
    use crate::rules::Sum;

    /// Piles named and drawn as `play` does.
    #[allow(clippy::ptr_arg)] // a position of the rules, `Vec<u64>`
    fn piles_named(p: &Vec<u64>) -> (String, Drawing) {
        let name = p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        (name, Drawing::piles(p, "pile"))
    }

    fn pile_named(p: &LimitedPile) -> (String, Drawing) {
        (
            format!("{}/{}", p.pile, p.limit),
            Drawing::piles(&[p.pile], "pile"),
        )
    }

    fn pair_named(p: &(u64, u64)) -> (String, Drawing) {
        (
            format!("{} {}", p.0, p.1),
            Drawing::piles(&[p.0, p.1], "pile"),
        )
    }

    /// Checks the formula's match against the explored one, position by position.
    fn agree(explored: &Match, formula: &Match, what: &str) {
        let n = explored.position_count() as u32;
        for e in 0..n {
            let name = explored.name(e);
            let f = formula
                .find(&name)
                .unwrap_or_else(|| panic!("{what}: {name} not read"));
            assert_eq!(formula.name(f), name, "{what}");
            let (ea, fa) = (explored.analyse(e), formula.analyse(f));
            assert_eq!(ea.outcome, fa.outcome, "{what}: outcome at {name}");
            assert_eq!(formula.outcome(f), fa.outcome, "{what}");
            if fa.value.is_some() {
                assert_eq!(ea.value, fa.value, "{what}: value at {name}");
            }
            for c in &fa.moves {
                let listed = ea.moves.iter().find(|m| m.to == c.to);
                let listed = listed.unwrap_or_else(|| panic!("{what}: {name} -> {} illegal", c.to));
                assert_eq!(listed.result, c.result, "{what}: {name} -> {}", c.to);
                assert_eq!(c.mistake, listed.mistake, "{what}");
            }
            let mut listed: Vec<&str> = fa.moves.iter().map(|c| c.to.as_str()).collect();
            listed.sort_unstable();
            listed.dedup();
            assert_eq!(
                listed.len(),
                fa.moves.len(),
                "{what}: a move listed twice at {name}"
            );
            if !fa.more_moves {
                let mut all: Vec<&str> = ea.moves.iter().map(|c| c.to.as_str()).collect();
                all.sort_unstable();
                assert_eq!(listed, all, "{what}: the moves at {name}");
            } else {
                assert!(ea.moves.len() > ALL_MOVES, "{what}: {name}");
            }
            assert_eq!(fa.best.is_none(), fa.moves.is_empty(), "{what}: {name}");
            if let (Outcome::Win, Some(best)) = (fa.outcome, fa.best) {
                let best = &fa.moves[best];
                assert_eq!(
                    best.result,
                    Outcome::Win,
                    "{what}: the engine's move at {name}"
                );
            }
            // Every legal move typed as its position, and no other position.
            // (A single pile's name may be read as a listed move's number, which comes first.)
            let number = |text: &str| {
                text.parse()
                    .is_ok_and(|k| (1..=fa.moves.len()).contains(&k))
            };
            for m in ea.moves.iter().filter(|m| !number(&m.to)) {
                let to = formula.read_move(f, &m.to).expect("a legal move");
                assert_eq!(formula.name(to), m.to, "{what}");
                let choice = formula.choice(f, to).expect("a move");
                assert_eq!((choice.result, &choice.to), (m.result, &m.to), "{what}");
            }
            for other in (0..n).step_by((n as usize / 8).max(1)) {
                let other = explored.name(other);
                if !ea.moves.iter().any(|m| m.to == other) && !number(&other) {
                    assert!(
                        formula.read_move(f, &other).is_err(),
                        "{what}: {name} -> {other}"
                    );
                }
            }
        }
    }

    fn explore<G: crate::rules::Game>(
        rules: &G,
        start: G::Position,
        misere: bool,
        describe: impl Fn(&G::Position) -> (String, Drawing),
    ) -> Match {
        Match::from_rules(
            "".into(),
            rules,
            start,
            misere,
            &Budget::default(),
            describe,
        )
        .expect("small")
    }

    /// One to three piles, of at most `most` counters in all (so that a start has a few
    /// thousand positions at most, and some position has more than [`ALL_MOVES`] moves).
    fn random_piles(rng: &mut StdRng, most: u64) -> Vec<u64> {
        let count = rng.random_range(1..=3);
        let mut left = most;
        (0..count)
            .map(|_| {
                let pile = rng.random_range(0..=left);
                left -= pile;
                pile
            })
            .collect()
    }

    #[test]
    fn nim_by_formula_agrees_with_the_rules() {
        let mut rng = StdRng::seed_from_u64(1);
        for round in 0..16 {
            let piles = random_piles(&mut rng, 36);
            for misere in [false, true] {
                let explored = if misere {
                    explore(&AntiNim, piles.clone(), true, piles_named)
                } else {
                    explore(&Nim, piles.clone(), false, piles_named)
                };
                let formula = nim("".into(), piles.clone(), misere, piles_named, usize::MAX);
                agree(
                    &explored,
                    &formula,
                    &format!("nim {piles:?} misère {misere} ({round})"),
                );
            }
        }
    }

    #[test]
    fn subtraction_by_formula_agrees_with_the_rules() {
        let rules = [
            Rule::Set(vec![1, 3, 4]),
            Rule::Set(vec![2, 5, 7]),
            Rule::Bash { max: 3 },
            Rule::Range { min: 2, max: 5 },
            Rule::Except { amount: 2 },
        ];
        let mut rng = StdRng::seed_from_u64(2);
        for rule in rules {
            for _ in 0..6 {
                let piles = random_piles(&mut rng, 40);
                let explored = explore(&Sum(rule.clone()), piles.clone(), false, piles_named);
                let game = Subtraction::new(rule.clone()).unwrap();
                let formula = subtraction("".into(), game, piles.clone(), piles_named, usize::MAX);
                agree(
                    &explored,
                    &formula,
                    &format!("subtraction {rule} {piles:?}"),
                );
            }
        }
    }

    #[test]
    fn wythoff_fibonacci_and_staircase_by_formula_agree_with_the_rules() {
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..12 {
            let start = (rng.random_range(0..=24), rng.random_range(0..=24));
            let explored = explore(&Wythoff, start, false, pair_named);
            let formula = wythoff("".into(), start, pair_named, usize::MAX);
            agree(&explored, &formula, &format!("wythoff {start:?}"));
        }
        for n in (0..=70).step_by(5) {
            let start = fibonacci::start(n);
            let explored = explore(&FibonacciNim, start, false, pile_named);
            let read = |name: &str| {
                let (pile, limit) = name.split_once('/')?;
                Some(LimitedPile::new(pile.parse().ok()?, limit.parse().ok()?))
            };
            let formula = fibonacci("".into(), start, pile_named, read, usize::MAX);
            agree(&explored, &formula, &format!("fibonacci {n}"));
        }
        for _ in 0..12 {
            let count = rng.random_range(1..=4);
            let steps: Vec<u64> = (0..count).map(|_| rng.random_range(0..=9)).collect();
            let explored = explore(&Staircase, steps.clone(), false, piles_named);
            let formula = staircase("".into(), steps.clone(), piles_named, usize::MAX);
            agree(&explored, &formula, &format!("staircase {steps:?}"));
        }
    }

    #[test]
    fn a_formula_game_numbers_no_more_positions_than_its_limit() {
        let game = nim("".into(), vec![1 << 60, 3], false, piles_named, 2);
        let first = game.read_move(0, "5 3").expect("legal");
        assert_eq!(game.name(first), "5 3");
        let e = game.read_move(first, "4 3").expect_err("a third position");
        assert!(matches!(e, PlayError::TooLarge { limit: 2 }), "{e}");
        assert!(game.find("1 1").is_none());
        assert!(
            game.find("1 1 1").is_none(),
            "three piles are not this game's"
        );
    }
}
