//! Ski Jumps against brute force and against cgt-tools: the rules written out again here on
//! text (a skier slides along its row, Left's to the right and Right's to the left, over
//! empty cells or off the board; a jumper jumps two rows down over a skier of the other
//! player just below it, which becomes a slipper, landing on whatever the cell two rows down
//! holds) build game trees with no regions and no canonical form, which must equal the
//! engine's values on many seeded random boards; the engine's outcomes and winning moves must
//! be the trees' (`common::rulesets::against_brute_force`); the values cgt-tools' tests state
//! must come out: its seven positions from *Winning Ways*, copied in
//! `testdata/cgt-tools/cgt_tools_cases.json` (its cases `jumps`) from t4ccer/cgt-tools,
//! `cgt/short/partizan/games/ski_jumps.rs`, test `winning_ways_examples`, at commit
//! 17fa9f32c204d01248bafa8399bbb06b8d444cff (the only values its tests and docs state for
//! Ski Jumps).

mod common;

use std::collections::HashMap;

use common::raw::Raw;
use common::rulesets::{against_brute_force, random_grids};
use grundy::partizan::rulesets::ski_jumps::SkiJumps;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::{GameStore, PartizanRules, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// Ski Jumps on text boards, cell by cell.
struct NaiveSkiJumps;

impl PartizanRules for NaiveSkiJumps {
    type Position = String;

    fn options(&self, board: &String, side: Side, out: &mut Vec<String>) {
        if board.is_empty() {
            return;
        }
        let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (rows.len() as isize, rows[0].len() as isize);
        let (jumper, slipper, dir, theirs) = match side {
            Side::Left => ('L', 'l', 1, ['R', 'r']),
            Side::Right => ('R', 'r', -1, ['L', 'l']),
        };
        let join = |g: Vec<Vec<char>>| -> String {
            let rows: Vec<String> = g.into_iter().map(|r| r.into_iter().collect()).collect();
            rows.join("|")
        };
        for r in 0..h {
            for c in 0..w {
                let piece = rows[r as usize][c as usize];
                if piece != jumper && piece != slipper {
                    continue;
                }
                let mut to = c + dir;
                loop {
                    let mut next = rows.clone();
                    next[r as usize][c as usize] = '.';
                    if !(0..w).contains(&to) {
                        out.push(join(next));
                        break;
                    }
                    if rows[r as usize][to as usize] != '.' {
                        break;
                    }
                    next[r as usize][to as usize] = piece;
                    out.push(join(next));
                    to += dir;
                }
                if piece == jumper
                    && r + 2 < h
                    && theirs.contains(&rows[(r + 1) as usize][c as usize])
                {
                    let mut next = rows.clone();
                    next[r as usize][c as usize] = '.';
                    next[(r + 1) as usize][c as usize] = theirs[1];
                    next[(r + 2) as usize][c as usize] = jumper;
                    out.push(join(next));
                }
            }
        }
    }
}

/// The engine's value of each board must equal its game tree under the naive rules; returns
/// how many.
fn against_naive(boards: &[String]) -> usize {
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(SkiJumps);
    let mut raw = Raw::default();
    for text in boards {
        let v = eval
            .value(&mut store, &SkiJumps.parse(text).unwrap())
            .unwrap();
        let tree = raw.tree_of(&NaiveSkiJumps, text, &mut HashMap::new());
        let form = raw.expand(&mut store, v, &mut HashMap::new());
        assert!(
            raw.equal(tree, form),
            "{text}: the engine says {}",
            store.display(v)
        );
    }
    boards.len()
}

/// `count` boards of 3 to 5 rows and 1 to 4 columns, with few skiers: jumps, chains of jumps,
/// landings on skiers.
fn tall_boards(seed: u64, count: usize) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let rows = rng.random_range(3..=5);
            let cols = rng.random_range(1..=4);
            let rows: Vec<String> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| {
                            ['L', 'l', 'R', 'r', '.', '.', '.', '.', '.', '.']
                                [rng.random_range(0..10)]
                        })
                        .collect()
                })
                .collect();
            rows.join("|")
        })
        .collect()
}

#[test]
fn ski_jumps_against_brute_force() {
    let mut boards = random_grids(
        47,
        300,
        12,
        &[('L', 1), ('l', 1), ('R', 1), ('r', 1), ('.', 5)],
    );
    boards.extend(tall_boards(48, 300));
    // Skiers facing each other on one row, landings on a skier, chains of jumps, the empty
    // board.
    boards.extend(
        [
            "L.R",
            "LR",
            "L..R.L..R",
            "r.L..R.l",
            "L|R|l",
            "L|R|R",
            "R|L|L|R|.",
            "L.|R.|..|l.|..",
            "",
        ]
        .map(String::from),
    );
    assert_eq!(against_brute_force(SkiJumps, &boards), 609);
    assert_eq!(against_naive(&boards), 609);
}

#[test]
fn cgt_tools_values() {
    let path = common::testdata_dir().join("cgt-tools/cgt_tools_cases.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = 0;
    for case in cases.iter().filter(|c| c["game"] == "jumps") {
        let (position, expected) = (
            case["position"].as_str().unwrap(),
            case["expected"].as_str().unwrap(),
        );
        let mut v = SkiJumps.value_of(position).unwrap();
        assert_eq!(v.canonical_form(), expected, "{position}");
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
fn where_skiers_face_each_other_the_game_is_no_number() {
    // cgt-tools counts the cells left to slide when no one can jump (0 here): by the moves,
    // whoever moves first blocks the other, and the cells beyond the two never count.
    for (board, value) in [
        ("L.R", "*"),
        ("L..R", "*2"),
        ("LR", "0"),
        ("L.R|...|...", "*"),
        ("..L.R..", "*"),
    ] {
        assert_eq!(
            SkiJumps.value_of(board).unwrap().canonical_form(),
            value,
            "{board}"
        );
    }
}

#[test]
fn a_large_board_splits_into_its_rows_and_numbers() {
    // Sixteen rows of eight columns, one skier of each player on every row, facing away from
    // each other: each row is two numbers.
    let row = "r......L";
    let board = vec![row; 16].join("|");
    let mut v = SkiJumps.value_of(&board).unwrap();
    assert_eq!(v.canonical_form(), "0");
    let board = vec!["L......."; 16].join("|");
    assert_eq!(SkiJumps.value_of(&board).unwrap().canonical_form(), "128");
}

#[test]
fn bad_boards_are_refused_with_their_place() {
    for (text, message) in [
        (
            "L.|.x",
            "2:2: expected 'L' or 'l' (Left's jumper or slipper), 'R' or 'r' (Right's) or '.' \
             (empty), found 'x'",
        ),
        (
            "L..|.R",
            "2:3: expected a row of 3 cells like row 1, found 2",
        ),
    ] {
        assert_eq!(SkiJumps.parse(text).unwrap_err().to_string(), message);
    }
    let huge = vec!["L......."; 17].join("|");
    assert!(SkiJumps
        .parse(&huge)
        .unwrap_err()
        .to_string()
        .contains("more than 128 cells"));
}

#[test]
fn moves_are_named_by_their_cells() {
    let p = SkiJumps.parse("L..|R..|...").unwrap();
    let mut moves = Vec::new();
    SkiJumps.moves(&p, Side::Left, &mut moves);
    let names: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(
        names,
        ["(1,1)->(1,2)", "(1,1)->(1,3)", "(1,1)->off", "(1,1)->(3,1)"]
    );
    assert_eq!(SkiJumps.show(&moves[3].1), "...|r..|L..");
}
