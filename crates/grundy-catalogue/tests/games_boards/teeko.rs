//! Teeko: the small games (3 × 3 and 4 × 4 with three pieces; 4 × 4 with four behind
//! `#[ignore]`) against the graph solver and against a retrograde brute force of the rules'
//! words on every ranked position; the ranking against `arrange`'s numbering; the un-moves
//! against the moves on random positions of Standard and Advanced Teeko; Scarne's 44 and 58
//! goals; notation and play. Standard Teeko (a draw, Steele 1998) and Advanced Teeko (a
//! first-player win) behind `#[ignore]`.

use std::collections::HashMap;

use super::{scratch, tiered_against_graph};
use grundy::progress::NoProgress;
use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, TierRanking};
use grundy::rules::Game;
use grundy::Outcome;
use grundy_catalogue::games::boards::arrange::Arrangements;
use grundy_catalogue::games::boards::teeko::{Teeko, TeekoPosition};
use grundy_catalogue::games::boards::BoardRules;
use grundy_catalogue::games::registry;

/// A position of the brute force: a cell a byte (0 empty, 1 black, 2 red) row by row from the
/// top, then the player to move (1 or 2).
type State = (Vec<u8>, u8);

/// The rules as the words say them, on an `n` × `n` board with `k` pieces each.
struct Words {
    n: usize,
    k: usize,
    advanced: bool,
}

impl Words {
    /// Whether `who` has won: `k` of their pieces in a contiguous row, column or diagonal, or
    /// (with four pieces) on the corners of a 2 × 2 square (of any square if advanced).
    fn won(&self, cells: &[u8], who: u8) -> bool {
        let n = self.n as i64;
        let at = |r: i64, c: i64| {
            r >= 0 && c >= 0 && r < n && c < n && cells[(r * n + c) as usize] == who
        };
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    if (0..self.k as i64).all(|i| at(r + i * dr, c + i * dc)) {
                        return true;
                    }
                }
                if self.k == 4 {
                    let sides = if self.advanced { 1..n } else { 1..2 };
                    for s in sides {
                        if at(r, c) && at(r + s, c) && at(r, c + s) && at(r + s, c + s) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// The positions after each move of `s`: a drop on an empty cell while pieces are in hand,
    /// else a piece stepped to an empty neighbour (8 directions).
    fn moves(&self, s: &State) -> Vec<State> {
        let (cells, me) = s;
        let next = 3 - me;
        let n = self.n as i64;
        let down = cells.iter().filter(|&&c| c != 0).count();
        let mut out = Vec::new();
        if down < 2 * self.k {
            for i in 0..cells.len() {
                if cells[i] == 0 {
                    let mut c = cells.clone();
                    c[i] = *me;
                    out.push((c, next));
                }
            }
            return out;
        }
        for i in 0..cells.len() as i64 {
            if cells[i as usize] != *me {
                continue;
            }
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (r, c) = (i / n + dr, i % n + dc);
                    if (dr, dc) == (0, 0) || r < 0 || c < 0 || r >= n || c >= n {
                        continue;
                    }
                    let j = (r * n + c) as usize;
                    if cells[j] == 0 {
                        let mut moved = cells.clone();
                        moved[i as usize] = 0;
                        moved[j] = *me;
                        out.push((moved, next));
                    }
                }
            }
        }
        out
    }

    /// Every board with black's pieces as many as red's or one more (at most `k` each), with
    /// the player to move: the one whose turn it is to drop, or either once all are down.
    fn every_state(&self) -> Vec<State> {
        let mut out = Vec::new();
        let mut cells = vec![0u8; self.n * self.n];
        self.fill(0, &mut cells, 0, 0, &mut out);
        out
    }

    fn fill(&self, i: usize, cells: &mut Vec<u8>, b: usize, r: usize, out: &mut Vec<State>) {
        if i == cells.len() {
            if b == r || b == r + 1 {
                if b + r < 2 * self.k {
                    out.push((cells.clone(), if b == r { 1 } else { 2 }));
                } else {
                    out.push((cells.clone(), 1));
                    out.push((cells.clone(), 2));
                }
            }
            return;
        }
        for v in 0..3u8 {
            let (nb, nr) = (b + usize::from(v == 1), r + usize::from(v == 2));
            if nb <= self.k && nr <= self.k {
                cells[i] = v;
                self.fill(i + 1, cells, nb, nr, out);
            }
        }
        cells[i] = 0;
    }

    /// Every state's outcome and remoteness by rounds of retrograde analysis: the game is over
    /// where a player has won (a loss for the player to move where the other did) or the
    /// player to move cannot move (a loss); a round decides the positions with an option lost
    /// the round before (wins) or with every option a win decided before (losses); what no
    /// round decides is a draw.
    fn solve(&self) -> HashMap<State, (Outcome, Option<u32>)> {
        let states = self.every_state();
        let index: HashMap<&State, usize> =
            states.iter().enumerate().map(|(i, s)| (s, i)).collect();
        let mut value: Vec<Option<(Outcome, u32)>> = vec![None; states.len()];
        let mut options: Vec<Vec<usize>> = vec![Vec::new(); states.len()];
        for (i, s) in states.iter().enumerate() {
            if self.won(&s.0, 3 - s.1) {
                value[i] = Some((Outcome::Loss, 0));
            } else if self.won(&s.0, s.1) {
                value[i] = Some((Outcome::Win, 0));
            } else {
                options[i] = self.moves(s).iter().map(|q| index[q]).collect();
                if options[i].is_empty() {
                    value[i] = Some((Outcome::Loss, 0));
                }
            }
        }
        for round in 1.. {
            let before = value.clone();
            for i in 0..states.len() {
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
        states
            .into_iter()
            .zip(value)
            .map(|(s, v)| (s, v.map_or((Outcome::Draw, None), |(o, r)| (o, Some(r)))))
            .collect()
    }
}

/// The brute force's state of a position.
fn state_of(n: usize, p: &TeekoPosition) -> State {
    let cells = (0..n * n)
        .map(|i| (p.black >> i & 1) as u8 + 2 * (p.red >> i & 1) as u8)
        .collect();
    (cells, if p.black_to_move { 1 } else { 2 })
}

/// Solves `rules` by tiers and checks every ranked position against the brute force of the
/// words (outcome and remoteness): the ranking is onto the words' positions. Returns the
/// start's value.
fn every_position_agrees(rules: Teeko, words: Words, name: &str) -> (Outcome, Option<u32>) {
    let dir = scratch(name);
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(rules.clone(), &dir).unwrap();
    let brute = words.solve();
    let mut seen = 0;
    for tier in 0..rules.tier_count() {
        let results = solved.tier(tier).unwrap();
        for rank in 0..rules.tier_size(tier) {
            let p = rules.unrank(tier, rank);
            assert_eq!((rules.tier(&p), rules.rank(&p)), (tier, rank));
            let value = results.get(rank);
            assert_eq!(
                (value.outcome, value.remoteness),
                brute[&state_of(words.n, &p)],
                "{}",
                rules.write(&p)
            );
            seen += 1;
        }
    }
    assert_eq!(seen, brute.len());
    let start = solved.value(&rules.start()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (start.outcome, start.remoteness)
}

#[test]
fn three_by_three_with_three_pieces_agrees_with_the_words_and_the_graph_solver() {
    let rules = Teeko::new(3, 3, false).unwrap();
    let compared = tiered_against_graph(rules.clone(), "teeko-3-3");
    let words = Words {
        n: 3,
        k: 3,
        advanced: false,
    };
    let start = every_position_agrees(rules, words, "teeko-3-3-words");
    assert_eq!((compared.start.outcome, compared.start.remoteness), start);
    assert_eq!(start, (Outcome::Draw, None));
    assert_eq!(compared.reachable, 5390);
    eprintln!(
        "3x3, 3 pieces: {} reachable, start {start:?}",
        compared.reachable
    );
}

#[test]
fn four_by_four_with_three_pieces_agrees_with_the_words_and_the_graph_solver() {
    let rules = Teeko::new(4, 3, false).unwrap();
    let compared = tiered_against_graph(rules.clone(), "teeko-4-3");
    let words = Words {
        n: 4,
        k: 3,
        advanced: false,
    };
    let start = every_position_agrees(rules, words, "teeko-4-3-words");
    assert_eq!((compared.start.outcome, compared.start.remoteness), start);
    // Black wins in 5 moves (found here, by both solvers and the brute force).
    assert_eq!(start, (Outcome::Win, Some(5)));
    assert_eq!(compared.reachable, 363_129);
    eprintln!(
        "4x4, 3 pieces: {} reachable, start {start:?}",
        compared.reachable
    );
}

/// 4 × 4 with four pieces, standard and advanced: about 2,400,000 positions reachable each, a
/// draw from the start; minutes in the test profile on busy cores (`cargo test --release -p
/// grundy-catalogue --test games_boards four_by_four_with_four -- --ignored`).
#[test]
#[ignore]
fn four_by_four_with_four_pieces_agrees_with_the_graph_solver() {
    for advanced in [false, true] {
        let rules = Teeko::new(4, 4, advanced).unwrap();
        let compared = tiered_against_graph(rules, &format!("teeko-4-4-{advanced}"));
        eprintln!(
            "4x4, 4 pieces, advanced {advanced}: {} reachable, start {:?}",
            compared.reachable, compared.start
        );
        assert_eq!(compared.start.outcome, Outcome::Draw);
    }
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
    for (n, k) in [(3, 3), (4, 3), (4, 4), (5, 3), (5, 4)] {
        let rules = Teeko::new(n, k, false).unwrap();
        for _ in 0..3000 {
            // A random tier, then a random board of its counts.
            let tier = (xorshift(&mut state) % u64::from(rules.tier_count())) as u32;
            let (b, r) = (tier.div_ceil(2), tier / 2);
            let mut cells = vec![0u8; n * n];
            for (kind, count) in [(1, b), (2, r)] {
                let mut placed = 0;
                while placed < count {
                    let i = (xorshift(&mut state) % (n * n) as u64) as usize;
                    if cells[i] == 0 {
                        cells[i] = kind;
                        placed += 1;
                    }
                }
            }
            let mask = |kind| {
                (0..n * n)
                    .filter(|&i| cells[i] == kind)
                    .map(|i| 1 << i)
                    .sum()
            };
            let moving = tier == 2 * k;
            let black_to_move = if moving {
                xorshift(&mut state) % 2 == 0
            } else {
                b == r
            };
            let p = TeekoPosition {
                black: mask(1),
                red: mask(2),
                black_to_move,
            };
            let arrangements = Arrangements::new(n * n, &[b, r]).unwrap();
            let within = arrangements.rank(&cells).unwrap();
            let side = arrangements.count();
            // Red to move comes after black only where either may be (every piece down).
            let expected = if moving && !black_to_move {
                side + within
            } else {
                within
            };
            assert_eq!(rules.tier(&p), tier);
            assert_eq!(rules.rank(&p), expected);
            assert_eq!(rules.tier_size(tier), if moving { 2 * side } else { side });
            assert_eq!(rules.unrank(tier, expected), p);
        }
    }
}

#[test]
fn un_moves_are_the_moves_reversed() {
    // Each position's predecessors (of the moving phase) are those with a move to it, as
    // often, on random positions of Standard and Advanced Teeko.
    let mut state = 7;
    for rules in [Teeko::standard(), Teeko::new(5, 4, true).unwrap()] {
        let tier = rules.tier_count() - 1;
        let mut checked = 0;
        while checked < 2000 {
            let p = rules.unrank(tier, xorshift(&mut state) % rules.tier_size(tier));
            if rules.result(&p).is_some() {
                continue;
            }
            let mut moves = grundy::rules::Moves::new();
            rules.moves(&p, &mut moves);
            for q in moves.iter() {
                assert_eq!(rules.tier(q), tier);
                let mut before = Vec::new();
                rules.predecessors(q, &mut before);
                assert_eq!(before.iter().filter(|&b| b == &p).count(), 1);
                for b in &before {
                    let mut forth = grundy::rules::Moves::new();
                    rules.moves(b, &mut forth);
                    assert!(forth.iter().any(|m| m == q), "{}", rules.write(b));
                }
            }
            checked += 1;
        }
    }
}

#[test]
fn the_goals_are_scarnes() {
    // Scarne's "Teeko 44 positions": 10 rows, 10 columns, 8 diagonals and 16 squares; the
    // advanced game adds the corners of the 9 squares of side 3, 4 of side 4 and 1 of side 5.
    assert_eq!(Teeko::standard().goal_count(), 44);
    assert_eq!(Teeko::new(5, 4, true).unwrap().goal_count(), 58);
    let rules = Teeko::standard();
    // The last: the corners of a 3 × 3 square are no goal of the standard game.
    for (text, result) in [
        ("bbbb.|rrr..|.....|.....|....r r", Some(Outcome::Loss)),
        ("b....|.b...|..b..|...b.|rrrr. b", Some(Outcome::Loss)),
        ("bb...|bb...|.....|.....|rrr.r r", Some(Outcome::Loss)),
        ("b.b..|.....|b.b..|.....|rrr.r r", None),
    ] {
        assert_eq!(rules.result(&rules.read(text).unwrap()), result, "{text}");
    }
    let advanced = Teeko::new(5, 4, true).unwrap();
    let p = advanced.read("b.b..|.....|b.b..|.....|rrr.r r").unwrap();
    assert_eq!(advanced.result(&p), Some(Outcome::Loss));
}

#[test]
fn names_give_the_rules_back() {
    for (n, k, advanced) in [
        (5, 4, false),
        (5, 4, true),
        (4, 3, false),
        (3, 3, false),
        (4, 4, true),
    ] {
        let rules = Teeko::new(n, k, advanced).unwrap();
        let back = Teeko::from_name(&rules.name()).unwrap();
        assert_eq!(back.name(), rules.name());
        assert_eq!(back.settings(), rules.settings());
    }
    assert_eq!(Teeko::standard().name(), "teeko");
    assert_eq!(
        Teeko::new(4, 3, false).unwrap().name(),
        "teeko 4x4 3 pieces"
    );
    assert!(Teeko::from_name("teeko 6x6").is_none());
    for (n, k, advanced, says) in [
        (6, 4, false, "3 to 5 cells a side"),
        (3, 4, false, "takes 3 pieces a side"),
        (5, 2, false, "takes 3 or 4 pieces"),
        (4, 3, true, "need four pieces"),
    ] {
        let e = Teeko::new(n, k, advanced).unwrap_err();
        assert!(e.contains(says), "{n} {k} {advanced}: {e}");
    }
}

#[test]
fn notation_errors_say_where() {
    let rules = Teeko::standard();
    assert_eq!(
        rules.write(&rules.start()),
        ".....|.....|.....|.....|..... b"
    );
    for (text, says) in [
        (".....|.....|.....|.....|.....", "then the player to move"),
        (".....|.....|.....|.....|..... x", "'x' is not a player"),
        (".....|.....|..... b", "expected 5 rows"),
        (".....|....|.....|.....|..... b", "row 2 has 4 cells"),
        (".....|..q..|.....|.....|..... b", "row 2, column 3: 'q'"),
        ("bbbbb|.....|.....|.....|rrrr. r", "each has 4"),
        (
            "bbb..|r....|.....|.....|..... r",
            "black has as many as red or one more",
        ),
        ("bb...|r....|.....|.....|..... b", "red is to drop"),
        ("b....|r....|.....|.....|..... r", "black is to drop"),
    ] {
        let e = rules.read(text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
    // Every piece down: either player may be to move.
    for mover in ["b", "r"] {
        let text = format!("bbb..|rrr..|b....|r....|..... {mover}");
        assert_eq!(rules.write(&rules.read(&text).unwrap()), text);
    }
}

#[test]
fn play_names_drops_and_steps() {
    let game = registry::play("teeko:3,pieces=3", "", 100_000).unwrap();
    let start = game.analyse(game.start());
    let names: Vec<&str> = start.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        names,
        ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    );
    // Every piece down, black to move: b2 steps to c2 and makes the middle row.
    let game = registry::play("teeko:3,pieces=3", "r.r|bb.|r.b b", 100_000).unwrap();
    let here = game.analyse(game.start());
    assert_eq!(here.outcome, Outcome::Win);
    let best = &here.moves[here.best.unwrap()];
    assert_eq!(best.text, "c1-c2");
    let e = registry::play("teeko:7", "", 1000).unwrap_err();
    assert!(e.to_string().contains("3 to 5 cells a side"), "{e}");
    let e = registry::play("teeko:big", "", 1000).unwrap_err();
    assert!(
        e.to_string().contains("expected teeko or teeko:VARIANT"),
        "{e}"
    );
}

/// Standard Teeko: 151,420,500 positions in the moving phase; Steele (1998) found it a draw.
/// 510 s of CPU in release, 40 minutes on two cores loaded eight times over, 735 MB
/// (`cargo test --release -p grundy-catalogue --test games_boards standard_teeko --
/// --ignored`).
#[test]
#[ignore]
fn standard_teeko_is_a_draw() {
    let rules = Teeko::standard();
    let dir = scratch("teeko-5");
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(rules.clone(), &dir).unwrap();
    assert_eq!(solved.value(&rules.start()).unwrap().outcome, Outcome::Draw);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Advanced Teeko (58 goals): Steele (1998) found it a first-player win; here black wins in 13
/// moves by the centre drop c3, in 546 s of CPU and 736 MB. As long as the
/// standard game (`cargo test --release -p grundy-catalogue --test games_boards
/// advanced_teeko -- --ignored`).
#[test]
#[ignore]
fn advanced_teeko_is_a_first_player_win() {
    let rules = Teeko::new(5, 4, true).unwrap();
    let dir = scratch("teeko-5-advanced");
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(rules.clone(), &dir).unwrap();
    assert_eq!(solved.value(&rules.start()).unwrap().outcome, Outcome::Win);
    std::fs::remove_dir_all(&dir).unwrap();
}
