//! Quixo: 3 × 3 against the graph solver and against a retrograde brute force of its own on
//! every board; the ranking against `arrange`'s numbering; the full boards of 5 × 5 against
//! the published counts (Tanaka et al., `testdata/quixo/`), class by class; 4 × 4 whole (a
//! first-player win) behind `#[ignore]`.

use std::collections::HashMap;

use super::{scratch, tiered_against_graph};
use grundy::progress::NoProgress;
use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, TierRanking};
use grundy::rules::Game;
use grundy::Outcome;
use grundy_catalogue::games::boards::arrange::Arrangements;
use grundy_catalogue::games::boards::quixo::{Quixo, QuixoPosition};
use grundy_catalogue::games::boards::{answer_from, BoardRules};
use grundy_catalogue::games::registry;

/// A board of the brute force: a cell a byte (0 blank, 1 x, 2 o), row by row.
type Cells = Vec<u8>;

/// The moves of `cells` for `me` (1 or 2) on an `n` × `n` board, written from the rules'
/// words alone: a blank or own cube of the edge is taken, turned to `me`, and pushed in at
/// another end of its row or column, the line sliding towards where it was taken.
fn brute_moves(n: usize, cells: &Cells, me: u8) -> Vec<Cells> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let edge = r == 0 || c == 0 || r == n - 1 || c == n - 1;
            if !edge || cells[r * n + c] == 3 - me {
                continue;
            }
            // The row's cells left to right, and the column's top to bottom.
            let row: Vec<usize> = (0..n).map(|i| r * n + i).collect();
            let column: Vec<usize> = (0..n).map(|i| i * n + c).collect();
            for (line, at, to_front) in [
                (&row, c, true),
                (&row, c, false),
                (&column, r, true),
                (&column, r, false),
            ] {
                // Pushed in at the line's front or back: not where the cube was taken.
                if (to_front && at == 0) || (!to_front && at == n - 1) {
                    continue;
                }
                let mut cubes: Vec<u8> = line.iter().map(|&i| cells[i]).collect();
                cubes.remove(at);
                if to_front {
                    cubes.insert(0, me);
                } else {
                    cubes.push(me);
                }
                let mut next = cells.clone();
                for (&i, &cube) in line.iter().zip(&cubes) {
                    next[i] = cube;
                }
                out.push(next);
            }
        }
    }
    out
}

/// Whether `who` has a row, column or diagonal of `n`.
fn brute_line(n: usize, cells: &Cells, who: u8) -> bool {
    let all = |f: &dyn Fn(usize) -> usize| (0..n).all(|i| cells[f(i)] == who);
    (0..n).any(|k| all(&|i| k * n + i) || all(&|i| i * n + k))
        || all(&|i| i * n + i)
        || all(&|i| i * n + n - 1 - i)
}

/// Every board of an `n` × `n` game and both players to move, valued by rounds of retrograde
/// analysis: a round decides the positions with a lost option decided the round before (wins)
/// or with every option a win decided before (losses); what no round decides is a draw. The
/// values (outcome, remoteness) keyed by (cells, player to move).
fn brute_force(n: usize) -> HashMap<(Cells, u8), (Outcome, Option<u32>)> {
    let cells = n * n;
    let mut positions = Vec::new();
    for code in 0..3usize.pow(cells as u32) {
        let board: Cells = (0..cells)
            .map(|i| (code / 3usize.pow(i as u32) % 3) as u8)
            .collect();
        positions.push((board.clone(), 1));
        positions.push((board, 2));
    }
    let index: HashMap<(Cells, u8), usize> = positions
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    let mut value: Vec<Option<(Outcome, u32)>> = vec![None; positions.len()];
    let mut options: Vec<Vec<usize>> = vec![Vec::new(); positions.len()];
    for (i, (board, me)) in positions.iter().enumerate() {
        if brute_line(n, board, *me) {
            value[i] = Some((Outcome::Win, 0));
        } else if brute_line(n, board, 3 - *me) {
            value[i] = Some((Outcome::Loss, 0));
        } else {
            options[i] = brute_moves(n, board, *me)
                .into_iter()
                .map(|q| index[&(q, 3 - *me)])
                .collect();
        }
    }
    for round in 1.. {
        let before = value.clone();
        for i in 0..positions.len() {
            if before[i].is_some() {
                continue;
            }
            let lost = options[i]
                .iter()
                .any(|&j| before[j] == Some((Outcome::Loss, round - 1)));
            let all_won = options[i]
                .iter()
                .all(|&j| matches!(before[j], Some((Outcome::Win, _))));
            if lost {
                value[i] = Some((Outcome::Win, round));
            } else if all_won {
                value[i] = Some((Outcome::Loss, round));
            }
        }
        if value == before {
            break;
        }
    }
    positions
        .into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.map_or((Outcome::Draw, None), |(o, r)| (o, Some(r)))))
        .collect()
}

/// The brute force's board of a position.
fn cells_of(n: usize, p: &QuixoPosition) -> (Cells, u8) {
    let cells = (0..n * n)
        .map(|i| (p.x >> i & 1) as u8 + 2 * (p.o >> i & 1) as u8)
        .collect();
    (cells, if p.x_to_move { 1 } else { 2 })
}

#[test]
fn quixo_3x3_agrees_with_the_graph_solver() {
    let compared = tiered_against_graph(Quixo::new(3).unwrap(), "quixo-3");
    // A first-player win, as the brute force below finds too.
    assert_eq!(compared.start.outcome, Outcome::Win);
    eprintln!(
        "3x3: {} reachable, start {:?}",
        compared.reachable, compared.start
    );
    assert!(compared.reachable > 10_000, "{}", compared.reachable);
}

#[test]
fn quixo_3x3_every_board_agrees_with_a_brute_force() {
    let rules = Quixo::new(3).unwrap();
    let dir = scratch("quixo-3-brute");
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(rules.clone(), &dir).unwrap();
    let brute = brute_force(3);
    let mut seen = 0;
    for tier in 0..rules.tier_count() {
        let results = solved.tier(tier).unwrap();
        for rank in 0..rules.tier_size(tier) {
            let p = rules.unrank(tier, rank);
            assert_eq!((rules.tier(&p), rules.rank(&p)), (tier, rank));
            let value = results.get(rank);
            let expected = brute[&cells_of(3, &p)];
            assert_eq!(
                (value.outcome, value.remoteness),
                expected,
                "{}",
                rules.write(&p)
            );
            seen += 1;
        }
    }
    // Every board, both players to move: the ranking is onto.
    assert_eq!(seen, 2 * 3usize.pow(9));
    // From the solution, every move of the start wins for x, each named once though pushes
    // along a line lead to one board (a3-c3 and b3-c3 both give ..x|...|...).
    let answer = answer_from(&solved, &rules.start()).unwrap();
    let names: Vec<String> = rules
        .named_moves(&rules.start())
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(answer.answer.winning_moves, names);
    assert_eq!(answer.remoteness, Some(7));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A seeded generator of random numbers (xorshift), for reproducible samples.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn ranks_are_arranges_numbering_and_unrank_inverts_them() {
    let mut state = 0x9e37_79b9_7f4a_7c15;
    for n in 3..=5usize {
        let rules = Quixo::new(n).unwrap();
        for _ in 0..3000 {
            let cells: Vec<u8> = (0..n * n)
                .map(|_| (xorshift(&mut state) % 3) as u8)
                .collect();
            let mask = |kind| {
                (0..n * n)
                    .filter(|&i| cells[i] == kind)
                    .map(|i| 1 << i)
                    .sum()
            };
            let x_to_move = xorshift(&mut state) % 2 == 0;
            let p = QuixoPosition {
                x: mask(1),
                o: mask(2),
                x_to_move,
            };
            let count = |kind| cells.iter().filter(|&&c| c == kind).count() as u32;
            let arrangements = Arrangements::new(n * n, &[count(1), count(2)]).unwrap();
            let within = arrangements.rank(&cells).unwrap();
            let side = arrangements.count();
            let expected = if x_to_move { within } else { side + within };
            let tier = rules.tier(&p);
            assert_eq!(rules.rank(&p), expected);
            assert_eq!(rules.tier_size(tier), 2 * side);
            assert_eq!(rules.unrank(tier, expected), p);
        }
    }
}

#[test]
fn un_moves_are_the_moves_reversed() {
    // Each position's predecessors (of its class) are those with a move to it, as often.
    let mut state = 7;
    for n in 3..=5usize {
        let rules = Quixo::new(n).unwrap();
        for _ in 0..300 {
            let tier = (xorshift(&mut state) % u64::from(rules.tier_count())) as u32;
            let p = rules.unrank(tier, xorshift(&mut state) % rules.tier_size(tier));
            if rules.result(&p).is_some() {
                continue;
            }
            let mut moves = grundy::rules::Moves::new();
            rules.moves(&p, &mut moves);
            for q in moves.iter().filter(|q| rules.tier(q) == tier) {
                let mut before = Vec::new();
                rules.predecessors(q, &mut before);
                let back = before.iter().filter(|&b| b == &p).count();
                let forth = moves.iter().filter(|&m| m == q).count();
                assert_eq!(back, forth, "{} to {}", rules.write(&p), rules.write(q));
            }
        }
    }
}

/// The published counts: (x, o) → [won, lost, drawn] for o to move, every board of the class.
fn published() -> HashMap<(u32, u32), [u64; 3]> {
    let text = include_str!("../../testdata/quixo/quixo_5x5_wld_by_xo.tsv");
    let mut rows = HashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<u64> = line.split('\t').map(|v| v.parse().unwrap()).collect();
        assert_eq!(f[2] + f[3] + f[4], f[5], "{line}");
        rows.insert((f[0] as u32, f[1] as u32), [f[2], f[3], f[4]]);
    }
    assert_eq!(rows.len(), 351);
    rows
}

/// Solves the 5 × 5 classes from `seeds` up and checks every class of `check` against the
/// published counts: o to move as published, x to move as the class with the colours
/// swapped.
fn five_by_five_against_published(name: &str, seeds: &[(u32, u32)], check: &[(u32, u32)]) {
    let rules = Quixo::from_classes(5, seeds).unwrap();
    let dir = scratch(name);
    let summary = solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    eprintln!(
        "{}: {} positions in {} tiers",
        summary.game,
        summary.positions,
        summary.tiers.len()
    );
    let solved = Solved::open(rules.clone(), &dir).unwrap();
    let published = published();
    for &(x, o) in check {
        let tier = (0..rules.tier_count())
            .find(|&t| {
                let p = rules.unrank(t, 0);
                (p.x.count_ones(), p.o.count_ones()) == (x, o)
            })
            .unwrap();
        let results = solved.tier(tier).unwrap();
        let side = rules.tier_size(tier) / 2;
        let count = |ranks: std::ops::Range<u64>| {
            let mut counts = [0u64; 3];
            for r in ranks {
                counts[match results.get(r).outcome {
                    Outcome::Win => 0,
                    Outcome::Loss => 1,
                    Outcome::Draw => 2,
                }] += 1;
            }
            counts
        };
        assert_eq!(
            count(side..2 * side),
            published[&(x, o)],
            "o to move, {x}/{o}"
        );
        assert_eq!(count(0..side), published[&(o, x)], "x to move, {x}/{o}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn full_5x5_boards_of_few_cubes_of_one_side_match_the_published_counts() {
    // The full boards with at most 4 cubes of one colour: 2 · 2 · 8,051 boards.
    let classes: Vec<(u32, u32)> = (0..=4).chain(21..=25).map(|x| (x, 25 - x)).collect();
    five_by_five_against_published("quixo-5-full-small", &classes, &classes);
}

#[test]
fn five_by_five_boards_of_one_blank_and_few_cubes_of_one_side_match_the_published_counts() {
    // The classes of one blank with at most 3 cubes of one colour, and the full ones above.
    let seeds: Vec<(u32, u32)> = (0..=3).chain(21..=24).map(|x| (x, 24 - x)).collect();
    let rules = Quixo::from_classes(5, &seeds).unwrap();
    let classes: Vec<(u32, u32)> = (0..rules.tier_count())
        .map(|t| {
            let p = rules.unrank(t, 0);
            (p.x.count_ones(), p.o.count_ones())
        })
        .collect();
    assert_eq!(classes.len(), 8 + 10);
    five_by_five_against_published("quixo-5-one-blank-small", &seeds, &classes);
}

/// Every full board of 5 × 5: 2^25 boards, both players to move (67,108,864 positions).
/// About 3 minutes in release (`cargo test --release -p grundy-catalogue --test games_boards
/// full_5x5_every -- --ignored`).
#[test]
#[ignore]
fn full_5x5_every_class_matches_the_published_counts() {
    let classes: Vec<(u32, u32)> = (0..=25).map(|x| (x, 25 - x)).collect();
    five_by_five_against_published("quixo-5-full", &classes, &classes);
}

/// Every board of 5 × 5 with at most one blank: 25 · 2^24 boards of one blank and the 2^25
/// full ones, both players to move (905,969,664 positions). More than an hour and a half in
/// release on two busy cores: the full classes and the one-blank classes of 14 x cubes or more
/// took 22.5 minutes, the class of 14 x alone 11 (`cargo test --release -p grundy-catalogue
/// --test games_boards one_blank_5x5 -- --ignored`).
#[test]
#[ignore]
fn one_blank_5x5_every_class_matches_the_published_counts() {
    let seeds: Vec<(u32, u32)> = (0..=24).map(|x| (x, 24 - x)).collect();
    let full = (0..=25).map(|x| (x, 25 - x));
    let classes: Vec<(u32, u32)> = seeds.iter().copied().chain(full).collect();
    five_by_five_against_published("quixo-5-one-blank", &seeds, &classes);
}

/// 4 × 4 whole: 86,093,442 positions; the empty board is a win for x (Tanaka et al.).
/// Minutes in release (`cargo test --release -p grundy-catalogue --test games_boards
/// quixo_4x4 -- --ignored`).
#[test]
#[ignore]
fn quixo_4x4_is_a_first_player_win() {
    let rules = Quixo::new(4).unwrap();
    let dir = scratch("quixo-4");
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(rules.clone(), &dir).unwrap();
    let start = solved.value(&rules.start()).unwrap();
    eprintln!("4x4 start: {start:?}");
    assert_eq!(start.outcome, Outcome::Win);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn notation_errors_say_where() {
    let rules = Quixo::new(3).unwrap();
    for (text, says) in [
        ("x.o|...|...", "then the player to move"),
        ("x.o|...|... z", "'z' is not a player"),
        ("x.o|... x", "expected 3 rows"),
        ("x.o|..|... o", "row 2 has 2 cells"),
        ("x.o|.q.|... o", "row 2, column 2: 'q'"),
    ] {
        let e = rules.read(text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
    let full = Quixo::from_classes(5, &[(12, 13)]).unwrap();
    let e = full.read(".....|..... x").unwrap_err();
    assert!(e.contains("expected 5 rows"), "{e}");
    let e = full.read(".....|.....|.....|.....|..... x").unwrap_err();
    assert!(e.contains("not among the classes"), "{e}");
    assert_eq!(full.name(), "quixo 5x5 from 12/13");
    assert!(Quixo::new(6).is_none());
    assert!(Quixo::from_classes(3, &[(5, 5)]).is_none());
}

#[test]
fn play_names_moves_by_the_cube_taken_and_the_end_it_enters() {
    let game = registry::play("quixo:3", "", 100_000).unwrap();
    let start = game.analyse(game.start());
    assert_eq!(start.outcome, Outcome::Win);
    let names: Vec<&str> = start.moves.iter().map(|m| m.text.as_str()).collect();
    // 4 corners with 2 ends each, 4 sides with 3.
    assert_eq!(names.len(), 20);
    assert_eq!(&names[..3], ["a3-c3", "a3-a1", "b3-a3"]);
    // x to move, two in the top row: taking c1 up the c column completes it.
    let game = registry::play("quixo:3", "xx.|o.o|..o x", 100_000).unwrap();
    let here = game.analyse(game.start());
    assert_eq!(here.outcome, Outcome::Win);
    let e = registry::play("quixo:7", "", 1000).unwrap_err();
    assert!(e.to_string().contains("N from 3 to 5"), "{e}");
}
