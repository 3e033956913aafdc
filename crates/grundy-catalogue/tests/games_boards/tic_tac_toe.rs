//! Tic-tac-toe: 5,478 reachable positions, a draw; its misère form a draw too; every
//! reachable position against a plain minimax of the board.

use std::collections::HashMap;

use super::tiered_against_graph;
use grundy::Outcome;
use grundy_catalogue::games::boards::tic_tac_toe::{Board, TicTacToe};
use grundy_catalogue::games::boards::BoardRules;
use grundy_catalogue::games::registry;

/// The value of `board` for the player to move by minimax, written from the rules' words
/// alone (three in a row ends the game; a full board is a draw): +1 win, 0 draw, -1 loss.
fn minimax(board: &Board, misere: bool, memo: &mut HashMap<Board, i8>) -> i8 {
    if let Some(&v) = memo.get(board) {
        return v;
    }
    let lines = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let stones = board.iter().filter(|&&c| c != 0).count();
    let (me, you) = if stones % 2 == 0 { (1, 2) } else { (2, 1) };
    let made = |s: u8| lines.iter().any(|l| l.iter().all(|&c| board[c] == s));
    let value = if made(you) {
        if misere {
            1
        } else {
            -1
        }
    } else if stones == 9 {
        0
    } else {
        let mut best = -1;
        for c in 0..9 {
            if board[c] == 0 {
                let mut next = *board;
                next[c] = me;
                best = best.max(-minimax(&next, misere, memo));
            }
        }
        best
    };
    memo.insert(*board, value);
    value
}

#[test]
fn tic_tac_toe_has_5478_positions_and_is_a_draw() {
    let compared = tiered_against_graph(TicTacToe::new(false), "ttt");
    assert_eq!(compared.reachable, 5478);
    assert_eq!(compared.start.outcome, Outcome::Draw);
    // x can leave o a losing reply at once.
    assert_eq!(
        compared.start.draw_level,
        Some(grundy::solve::DrawLevel::Plies(1))
    );
}

#[test]
fn misere_tic_tac_toe_is_a_draw() {
    let compared = tiered_against_graph(TicTacToe::new(true), "ttt-misere");
    assert_eq!(compared.reachable, 5478);
    assert_eq!(compared.start.outcome, Outcome::Draw);
}

#[test]
fn every_position_agrees_with_minimax() {
    for misere in [false, true] {
        let rules = TicTacToe::new(misere);
        let mut memo = HashMap::new();
        let explored = grundy::rules::explore(
            &rules,
            [rules.start()],
            &grundy::budget::Budget::default(),
            &grundy::progress::NoProgress,
        )
        .unwrap();
        let solution =
            grundy::solve::solve(&explored.graph, &grundy::solve::SolveOptions::default()).unwrap();
        for id in 0..explored.graph.position_count() as u32 {
            let expected = match minimax(explored.position(id), misere, &mut memo) {
                1 => Outcome::Win,
                0 => Outcome::Draw,
                _ => Outcome::Loss,
            };
            assert_eq!(solution.outcome(id), expected);
        }
    }
}

#[test]
fn notation_errors_say_where() {
    let rules = TicTacToe::new(false);
    for (text, says) in [
        ("x.o|...", "expected 3 rows"),
        ("x.o|..|...", "row 2 has 2 cells"),
        ("x.o|.q.|...", "row 2, column 2: 'q'"),
        ("xx.|...|...", "x has 2 stones and o 0"),
    ] {
        let e = rules.read(text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    }
}

#[test]
fn play_names_moves_by_cell_and_keeps_the_draw() {
    let game = registry::play("tic-tac-toe", "", 100_000).unwrap();
    let start = game.analyse(game.start());
    assert_eq!(start.outcome, Outcome::Draw);
    let names: Vec<&str> = start.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        names,
        ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
    );
    // x to move with two in the top row completes it.
    let game = registry::play("tic-tac-toe", "xx.|oo.|...", 100_000).unwrap();
    let here = game.analyse(game.start());
    assert_eq!(here.outcome, Outcome::Win);
    let best = &here.moves[here.best.unwrap()];
    assert_eq!((best.text.as_str(), best.remoteness), ("c3", Some(1)));
    let e = registry::play("tic-tac-toe:flying", "", 1000).unwrap_err();
    assert!(e
        .to_string()
        .contains("expected tic-tac-toe or tic-tac-toe:misere"));
}

#[test]
fn in_the_drawn_start_the_engine_sets_the_most_traps() {
    use grundy::solve::DrawLevel;

    let game = registry::play("tic-tac-toe", "", 100_000).unwrap();
    let start = game.analyse(game.start());
    assert_eq!(start.outcome, Outcome::Draw);
    // x can leave o a losing reply at once: level 1.
    assert_eq!(start.draw_level, Some(DrawLevel::Plies(1)));
    let offered = |text: &str| {
        let m = start.moves.iter().find(|m| m.text == text).unwrap();
        (m.draw_level, m.losing_offered)
    };
    // After a corner only the centre holds the draw for o: 7 of his 8 replies lose. After the
    // centre, his 4 edges lose; after an edge, 4 replies lose too.
    assert_eq!(offered("a3"), (Some(DrawLevel::Plies(1)), Some(7)));
    assert_eq!(offered("b2"), (Some(DrawLevel::Plies(1)), Some(4)));
    assert_eq!(offered("b3"), (Some(DrawLevel::Plies(1)), Some(4)));
    // The engine opens in the first corner.
    assert_eq!(start.moves[start.best.unwrap()].text, "a3");
    // Every drawn position on the way has its level, and each move the engine plays in a
    // draw is one whose level is the position's.
    let mut p = game.start();
    while let Some(best) = game.analyse(p).best {
        let here = game.analyse(p);
        let chosen = &here.moves[best];
        assert_eq!(here.draw_level.is_some(), here.outcome == Outcome::Draw);
        if here.outcome == Outcome::Draw {
            assert_eq!(chosen.draw_level, here.draw_level, "{}", here.position);
        }
        p = game.read_move(p, &chosen.key).unwrap();
    }
    // The board is full and nobody has three in a row.
    assert_eq!(game.outcome(p), Outcome::Draw);
}
