//! The play model: analyses agree with the catalogue's formulas, the engine plays best,
//! draws are announced, sessions review their mistakes.

use grundy::graph::text::parse_str;
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::Side;
use grundy::Outcome;
use grundy_catalogue::games::registry;
use grundy_catalogue::play::{Match, PlayError, Session};

#[test]
fn every_game_plays_from_its_example() {
    for game in registry::playables() {
        let m = registry::play(game.example(), game.start(), 200_000)
            .unwrap_or_else(|e| panic!("{}: {e}", game.example()));
        let start = m.analyse(m.start());
        // A position's name reads back as the same position.
        let again = registry::play(game.example(), &start.position, 200_000).unwrap();
        assert_eq!(
            again.name(again.start()),
            start.position,
            "{}",
            game.example()
        );
        assert!(!start.is_over(), "{}", game.example());
        // Every move is evaluated consistently with the position's outcome.
        let wins = start
            .moves
            .iter()
            .filter(|c| c.result == Outcome::Win)
            .count();
        assert_eq!(
            start.outcome == Outcome::Win,
            wins > 0,
            "{}",
            game.example()
        );
    }
}

#[test]
fn nim_analysis_agrees_with_the_nim_sum() {
    let m = registry::play("nim", "3 4 5", 10_000).unwrap();
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
    let m = registry::play("subtraction:1,3,4", "10 7", 10_000).unwrap();
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
    let m = registry::play("nim", "1 2", 1000).unwrap();
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
fn too_large_games_are_refused_or_played_by_the_formula() {
    // Squares has no formula: a start too large to explore is refused.
    assert_eq!(
        registry::play("squares", "100 100 100", 1000).unwrap_err(),
        PlayError::TooLarge { limit: 1000 }
    );
    // A start whose moves alone would pass the budget is refused before it is explored.
    assert_eq!(
        registry::play("squares", "1000000000000000000", 200_000).unwrap_err(),
        PlayError::StartTooLarge { limit: 200_000 }
    );
    // Nim has one: the same starts are played by it, at once.
    for start in ["100 100 100", "1000000000000000000"] {
        let game = registry::play("nim", start, 1000).unwrap();
        assert!(game.is_by_formula());
        let analysis = game.analyse(game.start());
        assert_eq!(analysis.outcome, Outcome::Win);
        assert!(analysis.more_moves && analysis.remoteness.is_none());
        let best = &analysis.moves[analysis.best.unwrap()];
        assert_eq!(best.result, Outcome::Win);
    }
    // Few positions with thousands of moves each (about 8.6·10^8 moves in all) go to the
    // formula too, within the default position limit: exploring them took 20 seconds.
    let wide = registry::play("nim", "3 6000 5", 2_000_000).unwrap();
    assert!(wide.is_by_formula());
    // A start small enough is explored, which gives remoteness too.
    let small = registry::play("nim", "3 4 5", 1000).unwrap();
    assert!(!small.is_by_formula());
    assert_eq!(small.analyse(small.start()).remoteness, Some(11));
    assert!(matches!(
        registry::play("chess", "1", 10),
        Err(PlayError::Game(_))
    ));
    assert!(matches!(
        registry::play("wythoff", "1 2 3", 10),
        Err(PlayError::Game(_))
    ));
}

#[test]
fn a_rulesets_side_misnamed_is_named_as_the_side() {
    let error = |game: &str, position: &str| match registry::play(game, position, 1000) {
        Err(PlayError::Game(message)) => message,
        other => panic!("{game} {position}: {other:?}"),
    };
    let up = error("ski-jumps", "L.R up");
    assert!(up.contains("'up' is not a side"), "{up}");
    // A board that does not read is still blamed for its cell.
    let cell = error("ski-jumps", "L.X right");
    assert!(cell.contains("found 'X'"), "{cell}");
    assert!(registry::play("ski-jumps", "L.R right", 1000).is_ok());
}

#[test]
fn partizan_piles_say_who_moves() {
    let m = registry::play("partizan:1,2", "3 left", 1000).unwrap();
    let a = m.analyse(m.start());
    assert!(a.to_move.is_some());
    assert_eq!(a.moves.len(), 1);
    assert_eq!(a.moves[0].to, "2 right");
    // Left takes 1 from 3 and Right 2 from 2: Left cannot move and loses.
    assert_eq!(a.outcome, Outcome::Loss);
}

#[test]
fn take_and_break_heaps_split() {
    // Kayles: from a heap of 3, take 1 from the middle to leave 1 1.
    let m = registry::play("take-and-break:0.77", "3", 1000).unwrap();
    let a = m.analyse(m.start());
    let tos: Vec<&str> = a.moves.iter().map(|c| c.to.as_str()).collect();
    assert_eq!(tos, ["1", "1 1", "2"]);
    assert_eq!(a.value, Some(3));
}

/// Checks a ruleset's game from `start` (a small board) against the engine's values: at
/// every position, the moves the solver calls wins are the ruleset's winning moves by
/// canonical forms (with the same values), the outcome agrees with the outcome class; and
/// from every winning position the engine, playing both sides, wins.
fn check_ruleset<R: Ruleset>(rules: R, game: &str, start: &str) {
    use grundy::partizan::rulesets::{analyse, Evaluator};
    use grundy::partizan::GameStore;

    let m = registry::play(game, start, 100_000).unwrap_or_else(|e| panic!("{game}: {e}"));
    assert!(m.is_ruleset());
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(rules);
    for p in 0..m.position_count() as u32 {
        let a = m.analyse(p);
        let (board, side) = a.position.rsplit_once(' ').unwrap();
        let side = if side == "left" {
            Side::Left
        } else {
            Side::Right
        };
        let board = evaluator.rules().parse(board).unwrap();
        let expected = analyse(&mut evaluator, &mut store, &board).unwrap();
        let form = a.form.as_ref().unwrap();
        assert_eq!(
            form.canonical_form,
            store.display(expected.value),
            "{game} {}",
            a.position
        );
        assert_eq!(form.outcome_class, expected.class, "{game} {}", a.position);
        let wins_moving = expected.class.winner(side) == side;
        assert_eq!(
            a.outcome == Outcome::Win,
            wins_moving,
            "{game} {}",
            a.position
        );
        let wins = match side {
            Side::Left => &expected.left_wins,
            Side::Right => &expected.right_wins,
        };
        let hinted: Vec<(&str, &str)> = a
            .moves
            .iter()
            .filter(|c| c.result == Outcome::Win)
            .map(|c| (c.text.as_str(), c.canonical_form.as_deref().unwrap()))
            .collect();
        let valued: Vec<(&str, &str)> = wins
            .iter()
            .map(|w| (w.play.as_str(), w.canonical_form.as_str()))
            .collect();
        assert_eq!(hinted, valued, "{game} {}", a.position);
        // Each move reads back by its name.
        for c in &a.moves {
            assert_eq!(m.read_move(p, &c.text), m.read_move(p, &c.key), "{game}");
        }
        if a.outcome == Outcome::Win {
            // The engine plays both sides from here: the side to move now moves last.
            let mut at = p;
            let mut plies = 0;
            loop {
                let now = m.analyse(at);
                let Some(best) = now.best else { break };
                assert_eq!(
                    now.moves[best].result, now.outcome,
                    "{game} {}",
                    now.position
                );
                at = m.read_move(at, &now.moves[best].key).unwrap();
                plies += 1;
            }
            assert_eq!(plies % 2, 1, "{game}: from {} the engine lost", a.position);
            assert_eq!(Some(plies), a.remoteness, "{game} {}", a.position);
        }
    }
}

#[test]
fn every_ruleset_plays_against_itself_as_the_engine_values_it() {
    use grundy::partizan::rulesets::amazons::Amazons;
    use grundy::partizan::rulesets::clobber::Clobber;
    use grundy::partizan::rulesets::cram::Cram;
    use grundy::partizan::rulesets::domineering::Domineering;
    use grundy::partizan::rulesets::hackenbush::Hackenbush;
    use grundy::partizan::rulesets::konane::Konane;
    use grundy::partizan::rulesets::snort_col::SnortCol;
    use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;

    check_ruleset(Domineering, "domineering", "...|...|..# left");
    check_ruleset(Domineering, "domineering", "....|.... right");
    check_ruleset(Cram, "cram", "...|... left");
    check_ruleset(Clobber::CLOBBER, "clobber", "xox|oxo left");
    check_ruleset(Clobber::ANTI_CLOBBER, "anticlobber", "x..|.o. right");
    check_ruleset(ToadsAndFrogs, "toads-and-frogs", "TT..F.F left");
    check_ruleset(
        Hackenbush,
        "hackenbush",
        "0-1:b 1-2:r 2-0:g 0-3:g 3-4:b left",
    );
    check_ruleset(Hackenbush, "hackenbush", "l(l;rl) right");
    check_ruleset(Konane, "konane", "xo.x|.xo.|oxox left");
    check_ruleset(Konane, "konane", "xoxo.|.x.o. right");
    check_ruleset(Amazons, "amazons", "x..|..o left");
    check_ruleset(Amazons, "amazons", "x.#|.o. right");
    check_ruleset(SnortCol::SNORT, "snort", "L-.-.-.(-.;-.-R) left");
    check_ruleset(SnortCol::SNORT, "snort", "0-1 1-2 2-0 2-3 3:R right");
    check_ruleset(SnortCol::COL, "col", ".-.-.-.(-.;-.) left");
    check_ruleset(SnortCol::COL, "col", "0:L-1-2-3 3-4:R right");
}

#[test]
fn ruleset_moves_are_named_as_the_ruleset_names_them() {
    let m = registry::play("domineering", "..|..", 1000).unwrap();
    let a = m.analyse(m.start());
    assert_eq!(a.position, "..|.. left");
    let names: Vec<&str> = a.moves.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(names, ["(1,1)-(2,1)", "(1,2)-(2,2)"]);
    assert_eq!(a.form.as_ref().unwrap().canonical_form, "+-1");
    let to = m.read_move(m.start(), "(1,2)-(2,2)").unwrap();
    assert_eq!(m.name(to), ".#|.# right");
    assert!(matches!(
        m.read_move(m.start(), "(1,1)-(1,2)"),
        Err(PlayError::Move(_))
    ));
    // Hackenbush's cuts are typed as listed, or by the edge alone.
    let m = registry::play("hackenbush", "lr right", 1000).unwrap();
    let to = m.read_move(m.start(), "edge 2").unwrap();
    assert_eq!(m.name(to), "0-1:b left");
    #[cfg(feature = "pictures")]
    assert!(m.thermograph_svg(m.start()).unwrap().contains("<svg"));
    // Boards too large to solve are refused.
    assert!(matches!(
        registry::play(
            "domineering",
            "......|......|......|......|......|......",
            1000
        ),
        Err(PlayError::TooLarge { .. } | PlayError::StartTooLarge { .. })
    ));
    assert!(matches!(
        registry::play("clobber", "xoz", 1000),
        Err(PlayError::Game(_))
    ));
}
