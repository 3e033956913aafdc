//! Benchmark of the partizan value engine: canonical forms of sums of random games beside a
//! plain implementation in the same run, and Domineering on empty boards.
//!
//! ```text
//! cargo bench -p grundy --bench partizan
//! cargo bench -p grundy --bench partizan -- --games 40 --sums 200 --terms 5 --reps 5
//! ```
//!
//! - **Sums**: `--sums` sums of `--terms` games drawn from `--games` random games born by day 4
//!   (built from random option lists), each canonical form computed from nothing: by the
//!   engine in a new [`GameStore`] (interned forms, memoised sums and comparisons, numbers,
//!   ups and nimbers in closed form), and by the **baseline**: game trees of reference-counted
//!   nodes, `≤` by its recursive definition with no memo, the same removal of dominated
//!   options and bypassing of reversible ones, sums by the definition. Both must agree on
//!   every sum, or the benchmark panics.
//! - **Domineering**: the canonical form of the empty 3×8, 4×6, 6×4 and 5×5 boards (the
//!   library's ruleset, `partizan::rulesets::domineering`: regions valued separately, memoised
//!   up to translation and reflection, and added), with a new store each run.
//!
//! Times are medians of `--reps` runs.

mod common;

use std::hint::black_box;
use std::rc::Rc;

use clap::Parser;
use common::timed;

use grundy::partizan::rulesets::domineering::{Board, Domineering};
use grundy::partizan::rulesets::Evaluator;
use grundy::partizan::{GameId, GameStore};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The partizan value engine, beside a plain implementation.
#[derive(Parser)]
struct Options {
    /// Random games born by day 4 that the sums are drawn from.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Sums to put in canonical form.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    sums: u64,
    /// Terms in each sum.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    terms: u64,
    /// Runs of each measurement (the median is shown).
    #[arg(long, default_value_t = 5)]
    reps: usize,
    #[command(flatten)]
    cargo: common::Cargo,
}

/// A game tree, shared by reference counting: the baseline's representation.
#[derive(Debug)]
struct Plain {
    left: Vec<Rc<Plain>>,
    right: Vec<Rc<Plain>>,
}

/// `g ≤ h` by the definition, with no memo.
fn plain_leq(g: &Plain, h: &Plain) -> bool {
    !g.left.iter().any(|gl| plain_leq(h, gl)) && !h.right.iter().any(|hr| plain_leq(hr, g))
}

/// `x ≤ {left | right}` for a form under construction.
fn plain_leq_form(x: &Plain, left: &[Rc<Plain>], right: &[Rc<Plain>]) -> bool {
    !right.iter().any(|r| plain_leq(r, x))
        && !x.left.iter().any(|xl| plain_form_leq(left, right, xl))
}

/// `{left | right} ≤ y`.
fn plain_form_leq(left: &[Rc<Plain>], right: &[Rc<Plain>], y: &Plain) -> bool {
    !left.iter().any(|l| plain_leq(y, l))
        && !y.right.iter().any(|yr| plain_leq_form(yr, left, right))
}

fn plain_equal(a: &Plain, b: &Plain) -> bool {
    plain_leq(a, b) && plain_leq(b, a)
}

/// The canonical form of `{left | right}` (canonical options): no repeats, no dominated
/// options, reversible options bypassed.
fn plain_canonical(mut left: Vec<Rc<Plain>>, mut right: Vec<Rc<Plain>>) -> Rc<Plain> {
    loop {
        let mut changed = false;
        for (list, is_left) in [(&mut left, true), (&mut right, false)] {
            let mut i = 0;
            while i < list.len() {
                let dominated = (0..list.len()).any(|j| {
                    j != i
                        && if is_left {
                            plain_leq(&list[i], &list[j])
                                && (j > i || !plain_leq(&list[j], &list[i]))
                        } else {
                            plain_leq(&list[j], &list[i])
                                && (j > i || !plain_leq(&list[i], &list[j]))
                        }
                });
                if dominated {
                    list.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        for is_left in [true, false] {
            let mut i = 0;
            while let Some(option) = if is_left { left.get(i) } else { right.get(i) }.cloned() {
                let back = if is_left { &option.right } else { &option.left };
                let through = back.iter().find(|b| {
                    if is_left {
                        plain_leq_form(b, &left, &right)
                    } else {
                        plain_form_leq(&left, &right, b)
                    }
                });
                match through {
                    None => i += 1,
                    Some(b) => {
                        let replacement = if is_left {
                            b.left.clone()
                        } else {
                            b.right.clone()
                        };
                        let list = if is_left { &mut left } else { &mut right };
                        list.remove(i);
                        list.extend(replacement);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return Rc::new(Plain { left, right });
        }
    }
}

fn plain_sum(g: &Rc<Plain>, h: &Rc<Plain>) -> Rc<Plain> {
    let mut left = Vec::new();
    let mut right = Vec::new();
    for gl in &g.left {
        left.push(plain_sum(gl, h));
    }
    for hl in &h.left {
        left.push(plain_sum(g, hl));
    }
    for gr in &g.right {
        right.push(plain_sum(gr, h));
    }
    for hr in &h.right {
        right.push(plain_sum(g, hr));
    }
    plain_canonical(left, right)
}

/// A random option list of the games so far.
fn pick(rng: &mut StdRng, pool: &[Rc<Plain>]) -> Vec<Rc<Plain>> {
    let n = rng.random_range(0..=3);
    (0..n)
        .map(|_| pool[rng.random_range(0..pool.len())].clone())
        .collect()
}

/// Random canonical games born by day 4 (each from random option lists of games born by
/// day 3, themselves from earlier days).
fn random_games(rng: &mut StdRng, count: usize) -> Vec<Rc<Plain>> {
    let zero = Rc::new(Plain {
        left: vec![],
        right: vec![],
    });
    let mut days = vec![vec![zero]];
    for size in [6, 14, 30, count] {
        let pool: Vec<Rc<Plain>> = days.iter().flatten().cloned().collect();
        let mut next = Vec::new();
        while next.len() < size {
            let g = plain_canonical(pick(rng, &pool), pick(rng, &pool));
            next.push(g);
        }
        days.push(next);
    }
    days.pop().expect("day 4")
}

/// The same game in a store.
fn to_store(store: &mut GameStore, g: &Plain) -> GameId {
    let l: Vec<GameId> = g.left.iter().map(|o| to_store(store, o)).collect();
    let r: Vec<GameId> = g.right.iter().map(|o| to_store(store, o)).collect();
    store.game(&l, &r).expect("small game")
}

fn main() {
    let o = Options::parse();
    let mut rng = StdRng::seed_from_u64(2024);
    let games = random_games(&mut rng, o.games as usize);
    let terms: Vec<Vec<usize>> = (0..o.sums)
        .map(|_| {
            (0..o.terms)
                .map(|_| rng.random_range(0..games.len()))
                .collect()
        })
        .collect();

    let (engine, ids) = timed(o.reps, || {
        let mut store = GameStore::new();
        let in_store: Vec<GameId> = games.iter().map(|g| to_store(&mut store, g)).collect();
        let sums: Vec<String> = terms
            .iter()
            .map(|t| {
                let total = t.iter().fold(GameId::ZERO, |acc, &i| {
                    store.sum(acc, in_store[i]).expect("sum")
                });
                store.display(total)
            })
            .collect();
        black_box(sums)
    });
    let (baseline, plain) = timed(o.reps.min(3), || {
        let zero = Rc::new(Plain {
            left: vec![],
            right: vec![],
        });
        let sums: Vec<Rc<Plain>> = terms
            .iter()
            .map(|t| {
                t.iter()
                    .fold(zero.clone(), |acc, &i| plain_sum(&acc, &games[i]))
            })
            .collect();
        black_box(sums)
    });
    // Both agree on every sum.
    let mut check = GameStore::new();
    for (text, p) in ids.iter().zip(&plain) {
        let a = check.parse(text).expect("printed form");
        let b = to_store(&mut check, p);
        assert_eq!(a, b, "the engine and the baseline disagree on {text}");
        assert!(plain_equal(p, p));
    }
    println!(
        "sums of {} random games born by day 4 ({} sums, from {} games): engine {:.4} s, baseline {:.4} s, engine {:.0}x faster",
        o.terms,
        o.sums,
        o.games,
        engine.as_secs_f64(),
        baseline.as_secs_f64(),
        baseline.as_secs_f64() / engine.as_secs_f64()
    );

    for (rows, cols) in [(3, 8), (4, 6), (6, 4), (5, 5)] {
        let board = Board::empty(rows, cols).expect("a small board");
        let (t, (text, forms)) = timed(o.reps, || {
            let mut store = GameStore::new();
            let g = Evaluator::new(Domineering)
                .value(&mut store, &board)
                .expect("a small board");
            (store.display(g), store.len())
        });
        println!(
            "Domineering {rows}x{cols}: {:.3} s, {forms} canonical forms in the store, value {}",
            t.as_secs_f64(),
            if text.len() > 40 {
                format!("{}… ({} characters)", &text[..40], text.len())
            } else {
                text
            }
        );
    }
}
