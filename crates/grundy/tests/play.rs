//! The play model: analyses agree with the catalogue's formulas, the engine plays best,
//! draws are announced, sessions review their mistakes.

use grundy::graph::text::parse_str;
use grundy::play::{games, Match, PlayError, Session};
use grundy::Outcome;

#[test]
fn every_game_plays_from_its_example() {
    for game in games::GAMES {
        let m = games::build(game.example, game.start, 200_000)
            .unwrap_or_else(|e| panic!("{}: {e}", game.example));
        let start = m.analyse(m.start());
        // A position's name reads back as the same position.
        let again = games::build(game.example, &start.position, 200_000).unwrap();
        assert_eq!(
            again.name(again.start()),
            start.position,
            "{}",
            game.example
        );
        assert!(!start.is_over(), "{}", game.example);
        // Every move is evaluated consistently with the position's outcome.
        let wins = start
            .moves
            .iter()
            .filter(|c| c.result == Outcome::Win)
            .count();
        assert_eq!(start.outcome == Outcome::Win, wins > 0, "{}", game.example);
    }
}

#[test]
fn nim_analysis_agrees_with_the_nim_sum() {
    let m = games::build("nim", "3 4 5", 10_000).unwrap();
    for p in 0..m.position_count() as u32 {
        let piles: Vec<u64> = m.name(p).split(' ').map(|w| w.parse().unwrap()).collect();
        let sum = piles.iter().fold(0, |a, b| a ^ b);
        let a = m.analyse(p);
        assert_eq!(a.value, Some(sum));
        assert_eq!(a.outcome == Outcome::Win, sum != 0);
        for c in &a.moves {
            assert_eq!(c.mistake, sum != 0 && c.value != Some(0));
        }
        if let Some(best) = a.best {
            if sum != 0 {
                assert_eq!(
                    a.moves[best].value,
                    Some(0),
                    "the engine keeps a win at {}",
                    a.position
                );
            }
            // Fastest win, slowest loss.
            let r = a.moves[best].remoteness;
            assert_eq!(r, a.remoteness);
        }
    }
}

#[test]
fn moves_are_read_by_number_or_position() {
    let m = games::build("subtraction:1,3,4", "10 7", 10_000).unwrap();
    let start = m.start();
    let by_number = m.read_move(start, "1").unwrap();
    assert_eq!(m.name(by_number), "9 7");
    assert_eq!(
        m.read_move(start, " 10, 3 ").unwrap(),
        m.find("10 3").unwrap()
    );
    assert!(matches!(
        m.read_move(start, "10 5"),
        Err(PlayError::Move(_))
    ));
    assert!(matches!(m.read_move(start, "99"), Err(PlayError::Move(_))));
    let a = m.analyse(start);
    assert_eq!(a.moves[0].text, "pile 1: 10 -> 9");
}

#[test]
fn cycles_are_draws_and_the_engine_keeps_them() {
    let graph = parse_str("a b\nb a\na d\nd e\n").unwrap();
    let m = Match::from_graph("loop", graph, Some("a")).unwrap();
    let a = m.analyse(m.start());
    assert_eq!(a.outcome, Outcome::Draw);
    assert_eq!(a.remoteness, None);
    let best = &a.moves[a.best.unwrap()];
    assert_eq!((best.to.as_str(), best.result), ("b", Outcome::Draw));
    let d = a.moves.iter().find(|c| c.to == "d").unwrap();
    assert_eq!(d.result, Outcome::Loss);
    assert!(d.mistake);
    assert!(matches!(
        Match::from_graph("loop", parse_str("a b\n").unwrap(), Some("zz")),
        Err(PlayError::Game(_))
    ));
}

#[test]
fn sessions_review_the_moves_that_threw_a_win_away() {
    let m = games::build("nim", "1 2", 1000).unwrap();
    let mut s = Session::new(&m);
    let bad = m.read_move(s.position(), "0 2").unwrap();
    assert!(s.play(bad).is_mistake());
    let good = m.read_move(s.position(), "0 0").unwrap();
    assert!(!s.play(good).is_mistake());
    assert!(m.analyse(s.position()).is_over());
    let mistakes: Vec<usize> = s.mistakes().map(|(n, _)| n).collect();
    assert_eq!(mistakes, [1]);
    assert_eq!(s.undo().map(|step| step.to), Some(good));
    assert_eq!(s.side_to_move(), 1);
}

#[test]
fn too_large_games_are_refused() {
    assert_eq!(
        games::build("nim", "100 100 100", 1000).unwrap_err(),
        PlayError::TooLarge { limit: 1000 }
    );
    assert!(matches!(
        games::build("chess", "1", 10),
        Err(PlayError::Game(_))
    ));
    assert!(matches!(
        games::build("wythoff", "1 2 3", 10),
        Err(PlayError::Game(_))
    ));
}

#[test]
fn partizan_piles_say_who_moves() {
    let m = games::build("partizan:1,2", "3 left", 1000).unwrap();
    let a = m.analyse(m.start());
    assert!(a.player.is_some());
    assert_eq!(a.moves.len(), 1);
    assert_eq!(a.moves[0].to, "2 right");
    // Left takes 1 from 3 and Right 2 from 2: Left cannot move and loses.
    assert_eq!(a.outcome, Outcome::Loss);
}

#[test]
fn take_and_break_heaps_split() {
    // Kayles: from a heap of 3, take 1 from the middle to leave 1 1.
    let m = games::build("take-and-break:0.77", "3", 1000).unwrap();
    let a = m.analyse(m.start());
    let tos: Vec<&str> = a.moves.iter().map(|c| c.to.as_str()).collect();
    assert_eq!(tos, ["1", "1 1", "2"]);
    assert_eq!(a.value, Some(3));
}
