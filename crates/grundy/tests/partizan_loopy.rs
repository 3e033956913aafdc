//! Loopy partizan games against brute-force definitions, on thousands of random small games:
//! outcomes against a fixed point computed from the rules of play, the order of stoppers
//! against its definition (G ≥ H iff o(G + X) ≥ o(H + X) for every X, here random X), and
//! the simplest forms: equal to the game, idempotent, identical for equal stoppers, and the
//! same in the report of a game (its own and its best moves').

use grundy::budget::Budget;
use grundy::partizan::loopy::Pseudonumber;
use grundy::partizan::loopy::{
    compare, describe, stopper_leq, LoopyGame, Outcomes, Stopper, Winner,
};
use grundy::partizan::{Comparison, Dyadic, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

mod common;
use common::loopy::{random_game, random_stopper};

/// Outcomes by definition: iterate "the mover has a move to a position the opponent loses
/// (wins)" and "every move of the mover leads to a position the opponent wins" to a fixed
/// point; what is never decided is a draw. O(n (n + m)) per player.
fn brute_outcome(g: &LoopyGame, mover: Side) -> Winner {
    let n = g.len();
    // state (v, side): Some(winner) once decided.
    let mut known: Vec<[Option<Winner>; 2]> = vec![[None, None]; n];
    let index = |s: Side| usize::from(s == Side::Right);
    let me = |s: Side| {
        if s == Side::Left {
            Winner::Left
        } else {
            Winner::Right
        }
    };
    loop {
        let mut changed = false;
        for v in 0..n as u32 {
            for side in [Side::Left, Side::Right] {
                if known[v as usize][index(side)].is_some() {
                    continue;
                }
                let options = g.options(v, side);
                let next = side.other();
                let results: Vec<Option<Winner>> = options
                    .iter()
                    .map(|&w| known[w as usize][index(next)])
                    .collect();
                let decided = if results.contains(&Some(me(side))) {
                    Some(me(side))
                } else if results.iter().all(|r| *r == Some(me(next))) {
                    Some(me(next))
                } else {
                    None
                };
                if decided.is_some() {
                    known[v as usize][index(side)] = decided;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    known[0][index(mover)].unwrap_or(Winner::Draw)
}

/// Left's preference: a Left win, a draw, a Right win.
fn rank(w: Winner) -> u8 {
    match w {
        Winner::Left => 2,
        Winner::Draw => 1,
        Winner::Right => 0,
    }
}

fn outcome(g: &LoopyGame, mover: Side) -> Winner {
    Outcomes::of(g).play(0, mover).winner
}

#[test]
fn outcomes_match_the_definition_draws_included() {
    let mut rng = StdRng::seed_from_u64(0x100b_0001);
    let budget = Budget::default();
    let mut draws = 0;
    for _ in 0..3000 {
        let g = random_game(&mut rng, 6, 0.25);
        let h = random_game(&mut rng, 4, 0.3);
        let sum = g.sum(&h, &budget).unwrap();
        for game in [&g, &sum] {
            for mover in [Side::Left, Side::Right] {
                let expected = brute_outcome(game, mover);
                assert_eq!(outcome(game, mover), expected, "{game:?}");
                draws += usize::from(expected == Winner::Draw);
            }
        }
    }
    assert!(draws > 500, "only {draws} draws");
}

#[test]
fn the_best_move_achieves_the_outcome() {
    let mut rng = StdRng::seed_from_u64(0x100b_0002);
    for _ in 0..2000 {
        let g = random_game(&mut rng, 6, 0.25);
        let outcomes = Outcomes::of(&g);
        for v in 0..g.len() as u32 {
            for mover in [Side::Left, Side::Right] {
                let play = outcomes.play(v, mover);
                match play.best {
                    None => assert!(g.options(v, mover).is_empty()),
                    Some(w) => {
                        assert!(g.options(v, mover).contains(&w));
                        assert_eq!(outcomes.play(w, mover.other()).winner, play.winner);
                    }
                }
            }
        }
    }
}

#[test]
fn the_order_of_stoppers_is_the_order_of_outcomes_in_every_sum() {
    let mut rng = StdRng::seed_from_u64(0x100b_0003);
    let budget = Budget::default();
    let (mut comparable, mut confused) = (0, 0);
    for _ in 0..2500 {
        let g = random_stopper(&mut rng, 4);
        let h = random_stopper(&mut rng, 4);
        let ge = stopper_leq(&h, &g, &budget).unwrap();
        // By definition with X = −H: Left, moving second in G − H, never loses iff G ≥ H.
        let difference = g.sum(&h.negative(), &budget).unwrap();
        assert_eq!(
            ge,
            brute_outcome(&difference, Side::Right) != Winner::Right,
            "{g:?} {h:?}"
        );
        if ge {
            comparable += 1;
            // Then o(G + X) ≥ o(H + X) for every X, stopper or not.
            for _ in 0..4 {
                let x = random_game(&mut rng, 4, 0.3);
                let gx = g.sum(&x, &budget).unwrap();
                let hx = h.sum(&x, &budget).unwrap();
                for mover in [Side::Left, Side::Right] {
                    assert!(
                        rank(brute_outcome(&gx, mover)) >= rank(brute_outcome(&hx, mover)),
                        "{g:?} >= {h:?} but not with {x:?}, {mover:?} first"
                    );
                }
            }
        } else {
            confused += 1;
        }
    }
    assert!(
        comparable > 300 && confused > 300,
        "{comparable} {confused}"
    );
}

#[test]
fn simplest_forms_are_equal_idempotent_and_identical_for_equal_stoppers() {
    let mut rng = StdRng::seed_from_u64(0x100b_0004);
    let budget = Budget::default();
    let mut seen: Vec<(LoopyGame, Stopper)> = Vec::new();
    let mut equal_pairs = 0;
    for _ in 0..1500 {
        let g = random_stopper(&mut rng, 5);
        let s = Stopper::new(&g, &budget).unwrap();
        assert!(s.game().len() <= g.len(), "{g:?} {s}");
        assert_eq!(
            compare(&g, s.game(), &budget).unwrap(),
            Comparison::Equal,
            "{g:?} {s}"
        );
        assert_eq!(Stopper::new(s.game(), &budget).unwrap(), s, "{s}");
        assert_eq!(
            LoopyGame::parse(&s.to_string(), &budget).map(|p| Stopper::new(&p, &budget).unwrap()),
            Ok(s.clone()),
            "{s}"
        );
        // Same outcomes in sums with random games.
        let x = random_game(&mut rng, 3, 0.3);
        for mover in [Side::Left, Side::Right] {
            assert_eq!(
                outcome(&g.sum(&x, &budget).unwrap(), mover),
                outcome(&s.game().sum(&x, &budget).unwrap(), mover),
                "{g:?} {s} {x:?}"
            );
        }
        for (h, t) in seen.iter().rev().take(40) {
            let equal = compare(&g, h, &budget).unwrap() == Comparison::Equal;
            assert_eq!(equal, s == *t, "{g:?} {h:?}: {s} and {t}");
            if equal {
                assert_eq!(s.to_string(), t.to_string());
                equal_pairs += 1;
            }
        }
        seen.push((g, s));
    }
    assert!(equal_pairs > 200, "only {equal_pairs} equal pairs");
}

#[test]
fn the_report_gives_the_simplest_forms_of_the_game_and_of_its_best_moves() {
    let mut rng = StdRng::seed_from_u64(0x100b_0006);
    let budget = Budget::default();
    for _ in 0..500 {
        let g = random_stopper(&mut rng, 6);
        let json = describe::properties("g", &g, None, &budget)
            .unwrap()
            .to_json();
        let s = Stopper::new(&g, &budget).unwrap();
        let (left, right) = s.stops(&budget).unwrap();
        assert_eq!(json["canonical_form"], s.to_string(), "{g:?}");
        assert_eq!(json["left_stop"], left.to_string(), "{g:?}");
        assert_eq!(json["right_stop"], right.to_string(), "{g:?}");
        let outcomes = Outcomes::of(&g);
        for (key, mover) in [("left_first", Side::Left), ("right_first", Side::Right)] {
            let best = outcomes.play(0, mover).best;
            let follower = best.map(|w| Stopper::new(&g.follower(w), &budget).unwrap().to_string());
            assert_eq!(
                json[key]["best_move"].as_str(),
                follower.as_deref(),
                "{g:?}"
            );
        }
    }
}

#[test]
fn stops_decide_the_game_where_they_are_not_zero() {
    let mut rng = StdRng::seed_from_u64(0x100b_0005);
    let budget = Budget::default();
    let zero = Pseudonumber::Number(Dyadic::ZERO);
    let mut decided = 0;
    for _ in 0..2000 {
        let g = random_stopper(&mut rng, 5);
        let s = Stopper::new(&g, &budget).unwrap();
        let (left, right) = s.stops(&budget).unwrap();
        assert!(left >= right, "{s}: {left} < {right}");
        for (stop, mover) in [(left, Side::Left), (right, Side::Right)] {
            let winner = outcome(&g, mover);
            if stop > zero {
                assert_eq!(winner, Winner::Left, "{s}: stop {stop}, {mover:?} first");
                decided += 1;
            } else if stop < zero {
                assert_eq!(winner, Winner::Right, "{s}: stop {stop}, {mover:?} first");
                decided += 1;
            }
        }
    }
    assert!(decided > 1000, "{decided}");
}

/// Checks that the options of `rules` at `p` (written as `text`), each written by `show`,
/// are those `naive` finds on the text, for both players.
fn same_moves<R: grundy::partizan::PartizanRules>(
    rules: &R,
    p: &R::Position,
    show: fn(&R::Position) -> String,
    naive: fn(&str, Side) -> Vec<String>,
    text: &str,
) {
    for side in [Side::Left, Side::Right] {
        let mut out = Vec::new();
        rules.options(p, side, &mut out);
        let mut got: Vec<String> = out.iter().map(show).collect();
        got.sort();
        assert_eq!(got, naive(text, side), "{text} {side:?}");
    }
}

/// The options of Backsliding Toads and Frogs by the rules written out on text.
fn naive_backsliding(strip: &str, side: Side) -> Vec<String> {
    let cells: Vec<char> = strip.chars().collect();
    let (piece, enemy, dir): (char, char, isize) = match side {
        Side::Left => ('T', 'F', 1),
        Side::Right => ('F', 'T', -1),
    };
    let at = |i: isize| {
        (0..cells.len() as isize)
            .contains(&i)
            .then(|| cells[i as usize])
    };
    let mut out = Vec::new();
    for i in 0..cells.len() as isize {
        if cells[i as usize] != piece {
            continue;
        }
        let mut to = Vec::new();
        if at(i + dir) == Some('.') {
            to.push(i + dir);
        }
        if at(i + dir) == Some(enemy) && at(i + 2 * dir) == Some('.') {
            to.push(i + 2 * dir);
        }
        if at(i - dir) == Some('.') {
            to.push(i - dir);
        }
        for t in to {
            let mut next = cells.clone();
            next[i as usize] = '.';
            next[t as usize] = piece;
            out.push(next.into_iter().collect());
        }
    }
    out.sort();
    out
}

#[test]
fn backsliding_toads_and_frogs_moves_by_its_rules() {
    use grundy::partizan::rulesets::backsliding::BackslidingToadsAndFrogs as Rules;
    let mut rng = StdRng::seed_from_u64(0x100b_0006);
    for _ in 0..2000 {
        let len = rng.random_range(1..=8);
        let strip: String = (0..len)
            .map(|_| ['T', 'F', '.'][rng.random_range(0..3)])
            .collect();
        let p = Rules::parse(&strip).unwrap();
        same_moves(&Rules, &p, Rules::show, naive_backsliding, &strip);
    }
}

/// The options of Fox and Geese by its rules written out on text: rows from the top, the
/// geese (Left) stepping diagonally down, the fox (Right) diagonally any way, onto `.`.
fn naive_fox_geese(board: &str, side: Side) -> Vec<String> {
    naive_fox_range(board, side, 1)
}

/// The options of Ceylonese Fox and Geese: the fox goes one or two squares along a diagonal,
/// every square on its way empty.
fn naive_ceylonese(board: &str, side: Side) -> Vec<String> {
    naive_fox_range(board, side, 2)
}

/// The options of Fox and Geese with a fox that goes up to `range` squares.
fn naive_fox_range(board: &str, side: Side, range: isize) -> Vec<String> {
    let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
    let (h, w) = (rows.len() as isize, rows[0].len() as isize);
    let (piece, steps): (char, &[(isize, isize)]) = match side {
        Side::Left => ('G', &[(1, -1), (1, 1)]),
        Side::Right => ('F', &[(-1, -1), (-1, 1), (1, -1), (1, 1)]),
    };
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if rows[r as usize][c as usize] != piece {
                continue;
            }
            let reach = if side == Side::Right { range } else { 1 };
            for &(dr, dc) in steps {
                for n in 1..=reach {
                    let (tr, tc) = (r + n * dr, c + n * dc);
                    if !(0..h).contains(&tr)
                        || !(0..w).contains(&tc)
                        || rows[tr as usize][tc as usize] != '.'
                    {
                        break;
                    }
                    let mut next = rows.clone();
                    next[r as usize][c as usize] = '.';
                    next[tr as usize][tc as usize] = piece;
                    let rows: Vec<String> =
                        next.into_iter().map(|r| r.into_iter().collect()).collect();
                    out.push(rows.join("|"));
                }
            }
        }
    }
    out.sort();
    out
}

/// A random board of Fox and Geese of at most `rows` × `cols` cells: the fox on a random
/// dark square (the bottom-left corner's colour), each other dark square a goose with
/// probability `p`.
fn random_pen(rng: &mut StdRng, rows: usize, cols: usize, p: f64) -> String {
    let (h, w) = (rng.random_range(1..=rows), rng.random_range(1..=cols));
    let dark: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| (h - 1 - r + c) % 2 == 0)
        .collect();
    let fox = dark[rng.random_range(0..dark.len())];
    let mut cells = vec![vec!['.'; w]; h];
    for &(r, c) in &dark {
        if (r, c) == fox {
            cells[r][c] = 'F';
        } else if rng.random_bool(p) {
            cells[r][c] = 'G';
        }
    }
    let rows: Vec<String> = cells.into_iter().map(|r| r.into_iter().collect()).collect();
    rows.join("|")
}

#[test]
fn fox_and_geese_moves_by_its_rules() {
    use grundy::partizan::rulesets::fox_geese::FoxAndGeese as Rules;
    let mut rng = StdRng::seed_from_u64(0x100b_0007);
    for _ in 0..3000 {
        let board = random_pen(&mut rng, 6, 6, 0.4);
        let p = Rules::parse(&board).unwrap();
        assert_eq!(Rules::show(&p), board);
        same_moves(&Rules, &p, Rules::show, naive_fox_geese, &board);
    }
}

#[test]
fn ceylonese_fox_and_geese_moves_by_its_rules() {
    use grundy::partizan::rulesets::fox_geese::CeyloneseFoxAndGeese as Rules;
    let mut rng = StdRng::seed_from_u64(0x100b_0009);
    let mut far = 0;
    for _ in 0..3000 {
        let board = random_pen(&mut rng, 6, 6, 0.3);
        let p = Rules::parse(&board).unwrap();
        assert_eq!(Rules::show(&p), board);
        same_moves(&Rules, &p, Rules::show, naive_ceylonese, &board);
        far += usize::from(
            naive_ceylonese(&board, Side::Right) != naive_fox_geese(&board, Side::Right),
        );
    }
    assert!(far > 500, "{far}");
}

#[test]
fn fox_and_geese_positions_are_stoppers_whose_forms_keep_the_outcomes() {
    for name in ["fox-and-geese", "ceylonese-fox-and-geese"] {
        stoppers_whose_forms_keep_the_outcomes(name);
    }
}

/// Random small boards of the ruleset `name` (Fox and Geese, or its Ceylonese variant): every
/// position is a stopper, and the outcomes of its simplest form are those by definition.
fn stoppers_whose_forms_keep_the_outcomes(name: &str) {
    use grundy::partizan::loopy::is_stopper;
    use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;
    let ruleset = loopy_ruleset(name).unwrap();
    let mut rng = StdRng::seed_from_u64(0x100b_0008);
    let budget = Budget::default();
    let (mut loops, mut wins) = (0, 0);
    for _ in 0..300 {
        let board = random_pen(&mut rng, 4, 4, 0.35);
        let (game, names) = ruleset.explore(&board, &budget).unwrap();
        assert_eq!(names[0], board);
        assert!(is_stopper(&game), "{board}");
        loops += usize::from(game.len() > 1 && game.move_count() >= game.len());
        let outcomes = Outcomes::of(&game);
        for v in 0..game.len() as u32 {
            let follower = game.follower(v);
            assert!(is_stopper(&follower), "{}", names[v as usize]);
            let simplest = Stopper::new(&follower, &budget).unwrap();
            let of_form = Outcomes::of(simplest.game());
            for mover in [Side::Left, Side::Right] {
                let winner = outcomes.play(v, mover).winner;
                assert_eq!(
                    winner,
                    brute_outcome(&follower, mover),
                    "{}",
                    names[v as usize]
                );
                assert_eq!(
                    of_form.play(0, mover).winner,
                    winner,
                    "{} = {simplest}, {mover:?} first",
                    names[v as usize]
                );
                wins += usize::from(winner != Winner::Draw);
            }
        }
    }
    assert!(loops > 100 && wins > 1000, "{loops} {wins}");
}

#[test]
fn ceylonese_fox_and_geese_on_cgsuites_board() {
    use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;
    // CGSuite's test: `CeyloneseFoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue` is
    // `{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}` (GameGridTest.scala), a positive game: the geese
    // win whoever moves first. Its simplest form is beyond memory here (as Fox and Geese's);
    // its outcomes are not. The board is CGSuite's, two rows higher than the geese.
    let ruleset = loopy_ruleset("ceylonese-fox-and-geese").unwrap();
    let board = "........|........|.G.G.G.G|........|........|F.......";
    let (game, _) = ruleset.explore(board, &Budget::default()).unwrap();
    let outcomes = Outcomes::of(&game);
    for mover in [Side::Left, Side::Right] {
        assert_eq!(
            outcomes.play(0, mover).winner,
            Winner::Left,
            "{mover:?} first"
        );
    }
}

#[test]
fn ceylonese_fox_and_geese_values_by_hand() {
    use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;
    let ruleset = loopy_ruleset("ceylonese-fox-and-geese").unwrap();
    let budget = Budget::default();
    for (board, value) in [("..|F.", "off"), (".G|F.", "0"), ("F", "0")] {
        let (game, _) = ruleset.explore(board, &budget).unwrap();
        let form = Stopper::new(&game, &budget).unwrap().to_string();
        assert_eq!(form, value, "{board}");
    }
}

#[test]
fn fox_and_geese_values_by_hand() {
    use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;
    let ruleset = loopy_ruleset("fox-and-geese").unwrap();
    let budget = Budget::default();
    for (board, value) in [
        // The fox runs for ever, the geese cannot move: off.
        ("..|F.", "off"),
        // A goose still to move changes nothing: the fox never stops.
        (".G..|....|....|F...", "off"),
        // The fox is shut in its corner; the free goose has three moves to the bottom.
        (".....G|......|.G....|F.G...", "3"),
        // Each piece blocks the other's only move.
        (".G|F.", "0"),
        // A board of one square.
        ("F", "0"),
    ] {
        let (game, _) = ruleset.explore(board, &budget).unwrap();
        let form = Stopper::new(&game, &budget).unwrap().to_string();
        assert_eq!(form, value, "{board}");
    }
}

#[test]
fn fox_and_geese_boards_are_read_with_their_errors_placed() {
    use grundy::partizan::rulesets::fox_geese::FoxAndGeese as Rules;
    for (board, error) in [
        ("..|..", "2:1: no fox ('F') on the board: there is one"),
        ("..|F.|..", "2:1: 'F' stands on a light square"),
        (".F|F.", "2:1: a second fox: there is one"),
        (
            "F.|.x",
            "2:2: expected '.' (empty), 'G' (a goose) or 'F' (the fox), found 'x'",
        ),
        (
            "F.|...",
            "2:3: expected a row of 2 cells like row 1, found 3",
        ),
    ] {
        let got = Rules::parse(board).unwrap_err().to_string();
        assert!(got.starts_with(error), "{board}: {got}");
    }
    let board = Rules::parse("..g|...|f..").unwrap();
    assert_eq!(Rules::show(&board), "..G|...|F..");
}

#[test]
fn every_loopy_ruleset_explores_its_example() {
    use grundy::partizan::rulesets::loopy_registry::LOOPY_RULESETS;
    let budget = Budget::default();
    for ruleset in LOOPY_RULESETS {
        let (game, names) = ruleset.explore(ruleset.example, &budget).unwrap();
        assert_eq!(names.len(), game.len(), "{}", ruleset.name);
        assert_eq!(names[0], ruleset.example, "{}", ruleset.name);
    }
    let tight = Budget::default().with_positions(3);
    let backsliding = &LOOPY_RULESETS[0];
    assert!(backsliding.explore("TT..FF", &tight).is_err());
}

#[test]
fn an_unknown_loopy_ruleset_lists_the_names() {
    use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;
    assert_eq!(
        loopy_ruleset("chess").unwrap_err().to_string(),
        "unknown loopy ruleset 'chess': the loopy rulesets are backsliding, fox-and-geese, \
         ceylonese-fox-and-geese"
    );
}
