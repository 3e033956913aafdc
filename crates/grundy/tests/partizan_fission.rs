//! Fission and Elephants and Rhinos against brute force: each game's rules written out again
//! here on text (Fission: a stone whose two cells above and below, for Left, or left and
//! right, for Right, are empty is replaced by stones on those two cells; Elephants and Rhinos:
//! a toad steps right, a frog left, into an empty cell) build game trees with no regions and
//! no canonical form, which must equal the engine's values; the engine's outcomes and winning
//! moves must be the trees' (`common::rulesets::against_brute_force`).

mod common;

use std::collections::HashMap;

use common::raw::Raw;
use common::rulesets::{against_brute_force, random_grids};
use grundy::partizan::rulesets::fission::Fission;
use grundy::partizan::rulesets::toads_frogs::ElephantsAndRhinos;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::{GameStore, PartizanRules, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Fission on text boards.
struct NaiveFission;

impl PartizanRules for NaiveFission {
    type Position = String;

    fn options(&self, board: &String, side: Side, out: &mut Vec<String>) {
        let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (rows.len() as isize, rows[0].len() as isize);
        let empty = |r: isize, c: isize| {
            (0..h).contains(&r) && (0..w).contains(&c) && rows[r as usize][c as usize] == '.'
        };
        let (dr, dc) = match side {
            Side::Left => (1, 0),
            Side::Right => (0, 1),
        };
        for r in 0..h {
            for c in 0..w {
                if rows[r as usize][c as usize] == 'x'
                    && empty(r - dr, c - dc)
                    && empty(r + dr, c + dc)
                {
                    let mut next = rows.clone();
                    next[r as usize][c as usize] = '.';
                    next[(r - dr) as usize][(c - dc) as usize] = 'x';
                    next[(r + dr) as usize][(c + dc) as usize] = 'x';
                    let next: Vec<String> =
                        next.into_iter().map(|r| r.into_iter().collect()).collect();
                    out.push(next.join("|"));
                }
            }
        }
    }
}

/// Elephants and Rhinos on text strips.
struct NaiveElephants;

impl PartizanRules for NaiveElephants {
    type Position = String;

    fn options(&self, strip: &String, side: Side, out: &mut Vec<String>) {
        let cells: Vec<char> = strip.chars().collect();
        let (piece, dir) = match side {
            Side::Left => ('T', 1),
            Side::Right => ('F', -1),
        };
        for i in 0..cells.len() as isize {
            let j = i + dir;
            if cells[i as usize] == piece
                && (0..cells.len() as isize).contains(&j)
                && cells[j as usize] == '.'
            {
                let mut next = cells.clone();
                next.swap(i as usize, j as usize);
                out.push(next.into_iter().collect());
            }
        }
    }
}

/// The engine's value of each position must equal its game tree under `naive`; returns how
/// many.
fn against_naive<R, N: PartizanRules<Position = String>>(
    rules: R,
    naive: &N,
    positions: &[String],
) -> usize
where
    R: Ruleset + Clone,
{
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(rules.clone());
    let mut raw = Raw::default();
    for text in positions {
        let v = eval.value(&mut store, &rules.parse(text).unwrap()).unwrap();
        let tree = raw.tree_of(naive, text, &mut HashMap::new());
        let form = raw.expand(&mut store, v, &mut HashMap::new());
        assert!(
            raw.equal(tree, form),
            "{text}: the engine says {}",
            store.display(v)
        );
    }
    positions.len()
}

#[test]
fn fission_against_brute_force() {
    let boards = random_grids(60, 300, 12, &[('x', 2), ('.', 4), ('#', 1)]);
    assert_eq!(against_brute_force(Fission, &boards), 300);
    assert_eq!(against_naive(Fission, &NaiveFission, &boards), 300);
    // Exchanging rows and columns exchanges the players: the value is negated.
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(Fission);
    for board in &boards {
        let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
        let turned: Vec<String> = (0..rows[0].len())
            .map(|c| rows.iter().map(|r| r[c]).collect())
            .collect();
        let v = eval
            .value(&mut store, &Fission.parse(board).unwrap())
            .unwrap();
        let w = eval
            .value(&mut store, &Fission.parse(&turned.join("|")).unwrap())
            .unwrap();
        assert_eq!(
            store.sum(v, w).unwrap(),
            grundy::partizan::GameId::ZERO,
            "{board}"
        );
    }
}

#[test]
fn fission_reads_its_symbols_only() {
    let e = Fission.parse("x.|.o").unwrap_err().to_string();
    assert_eq!(
        e,
        "2:2: expected 'x' (a stone), '.' (empty) or '#' (blocked), found 'o'"
    );
}

#[test]
fn elephants_and_rhinos_against_brute_force() {
    let mut rng = StdRng::seed_from_u64(61);
    let strips: Vec<String> = (0..400)
        .map(|_| {
            let len = rng.random_range(0..=12);
            (0..len)
                .map(|_| ['T', 'F', '.', '.'][rng.random_range(0..4)])
                .collect()
        })
        .chain(["TF", "T.F", "TTFF", "TT..FF", "TTTT..FFF", "F.T", "T.TF.F"].map(String::from))
        .collect();
    assert_eq!(against_brute_force(ElephantsAndRhinos, &strips), 407);
    assert_eq!(
        against_naive(ElephantsAndRhinos, &NaiveElephants, &strips),
        407
    );
}
