//! The examples of CGSuite's documentation on loopy games, reproduced: the tutorial "Loopy
//! Games" of CGSuite's help (`help/docs/tutorials/advanced-topics/loopy-games.cgsh`), the
//! canonical stoppers of its test suite with their degrees and varieties
//! (`CanonicalStopperTestCase.scala`) and its sided values (`SidedValueTestCase.scala`), all
//! in github.com/aaron-siegel/cgsuite. CGSuite prints some stoppers by shorthand names, which
//! are written out here by their definitions: `^<on>` is uponth `{0||0|0,pass}`, `^[on]` is
//! upon `{pass|*}`, `Tiny(G)` is `{0||0|-G}`, `Miny(G)` is `{G|0||0}`, `10over` is `{10|pass}`.

use grundy::budget::Budget;
use grundy::partizan::loopy::{
    is_stopper, LoopyError, LoopyGame, Outcomes, Sides, Stopper, Winner,
};
use grundy::partizan::{Comparison, Side};

fn game(text: &str) -> LoopyGame {
    LoopyGame::parse(text, &Budget::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn stopper(text: &str) -> Stopper {
    Stopper::new(&game(text), &Budget::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// CGSuite's outcome class of a stopper: L, R, N or P.
fn class(s: &Stopper) -> &'static str {
    let outcomes = Outcomes::of(s.game());
    let left = outcomes.play(0, Side::Left).winner;
    let right = outcomes.play(0, Side::Right).winner;
    match (left, right) {
        (Winner::Left, Winner::Left) => "L",
        (Winner::Right, Winner::Right) => "R",
        (Winner::Left, Winner::Right) => "N",
        (Winner::Right, Winner::Left) => "P",
        other => panic!("a stopper has no draw: {other:?}"),
    }
}

#[test]
fn canonical_stoppers_of_the_test_suite() {
    // (game, its followers in canonical form, outcome class, left stop, right stop)
    let uponth = "{0||0|0,pass}";
    let with_uponth = format!("{{0|{uponth}||-{uponth}}}");
    let cases: &[(&str, usize, &str, &str, &str)] = &[
        ("on", 1, "L", "on", "on"),
        ("off", 1, "R", "off", "off"),
        ("over", 2, "L", "over", "over"),
        ("{pass|3/2}", 5, "L", "3/2under", "3/2under"),
        ("{-1/4+*|pass}", 6, "R", "-1/4", "-1/4"),
        (&with_uponth, 7, "N", "0", "0"),
        ("{0|||0||0|off}", 5, "L", "0", "0"),
        ("{on|0||0}", 4, "R", "0", "0"),
        ("{0||0|under}", 4, "L", "0", "0"),
        ("+-{0|pass}", 4, "N", "over", "under"),
        ("+-{5|pass}", 14, "N", "5over", "-5under"),
        ("a{0||||0|||a|*||*}", 6, "L", "0", "0"),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            17,
            "L",
            "0",
            "0",
        ),
        ("a{0|{0||||0,*2|||a|0||0}||0}", 9, "N", "0", "0"),
    ];
    for &(text, followers, outcome, left, right) in cases {
        let s = stopper(text);
        assert_eq!(s.game().len(), followers, "{text}: {s}");
        assert_eq!(class(&s), outcome, "{text}: {s}");
        let (l, r) = s.stops(&Budget::default()).unwrap();
        assert_eq!(
            (l.to_string(), r.to_string()),
            (left.into(), right.into()),
            "{text}: {s}"
        );
    }
}

#[test]
fn printed_forms() {
    for (text, printed) in [
        ("on", "on"),
        ("off", "off"),
        ("{0|pass}", "over"),
        ("a{0|a}", "over"),
        ("{pass|0}", "under"),
        ("{pass|*}", "^[on]"),
        ("{pass|3/2}", "3/2under"),
        ("{0||0|0,pass}", "^<on>"),
        ("{0||0|off}", "Tiny(on)"),
        ("2 + {over|0||0}", "2Miny(over)"),
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("+-{0|pass}", "+-over"),
        ("+-{5|pass}", "+-(5over)"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
    ] {
        assert_eq!(stopper(text).to_string(), printed, "{text}");
    }
}

#[test]
fn values_of_the_tutorial() {
    let b = Budget::default();
    let eq = |x: &str, y: &str| stopper(x).compare(&stopper(y), &b).unwrap();
    // `a{0|a}` is another name for `over`; `{pass|3/2}` is 3/2 under.
    assert_eq!(eq("a{0|a}", "over"), Comparison::Equal);
    assert_eq!(eq("{pass|3/2}", "3/2 + under"), Comparison::Equal);
    assert_eq!(eq("+-{5|pass}", "+-(5 + over)"), Comparison::Equal);
    assert_eq!(eq("over", "0"), Comparison::Greater);
    assert_eq!(eq("on", "over"), Comparison::Greater);
    // on + off and dud: not stoppers, drawn whoever starts.
    for text in ["on + off", "dud", "over - over", "upon - upon"] {
        let g = game(text);
        assert!(!is_stopper(&g) || text.contains("over"), "{text}");
        let outcomes = Outcomes::of(&g);
        if text.contains("on") && !text.contains("upon") {
            assert_eq!(outcomes.play(0, Side::Left).winner, Winner::Draw, "{text}");
            assert_eq!(outcomes.play(0, Side::Right).winner, Winner::Draw, "{text}");
        }
    }
}

/// How CGSuite answers `G.Variety`: a stopper, or an error.
enum Variety {
    Is(&'static str),
    DegreeNotIdempotent,
    Unstable,
}

#[test]
fn degrees_and_varieties_of_the_test_suite() {
    let b = Budget::default();
    let uponth = "{0||0|0,pass}";
    let upon_uponth = "{0|{0||0|0,pass}||-{0||0|0,pass}}";
    let big = "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}";
    // (game, degree, whether the game is an idempotent, variety)
    let cases: &[(&str, &str, bool, Variety)] = &[
        ("on", "on", true, Variety::Is("on")),
        ("off", "on", true, Variety::Is("off")),
        ("over", "over", true, Variety::Is("over")),
        ("{pass|3/2}", "over", false, Variety::Is("under")),
        ("{-1/4+*|pass}", uponth, false, Variety::Is(uponth)),
        (
            upon_uponth,
            uponth,
            false,
            Variety::Is("{{pass|*}+*,{0||0|0,pass}|{-{0||0|0,pass}|0}}"),
        ),
        (
            "{0|||0||0|off}",
            "{0||||0|||{{on|0}|0}|0||off}",
            false,
            Variety::DegreeNotIdempotent,
        ),
        ("{on|0||0}", "{0||0|off}", true, Variety::Is("{on|0||0}")),
        (
            "{0||0|under}",
            "{0||0|under}",
            true,
            Variety::Is("{0||0|under}"),
        ),
        ("+-{0|pass}", "over", false, Variety::Is("+-over")),
        (
            "+-{5|pass}",
            "over",
            false,
            Variety::Is("+-{{10|pass}|over}"),
        ),
        (
            "a{0||||0|||a|*||*}",
            "{0|a{0|0,{0|||a|0||0}}}",
            false,
            Variety::Is("{a{0,{0||0|a|||0}|0}|0}"),
        ),
        (
            "a{0|{0||||0,*2|||a|0||0}||0}",
            "a{0||0|{0|a||0,*2|||0||||0}}",
            false,
            Variety::Unstable,
        ),
        // A short game: degree and variety 0.
        ("{1|*}", "0", false, Variety::Is("0")),
    ];
    // CGSuite gives `big` as its own degree and variety. Here sidling G − G does not settle:
    // its approximations grow by four positions a round, reaching the onside only in the
    // limit, so the degree is refused rather than guessed.
    let g = stopper(big);
    assert!(
        matches!(g.degree(&b), Err(LoopyError::NotStopperSided { .. })),
        "{big}"
    );
    for (text, degree, idempotent, variety) in cases {
        let g = stopper(text);
        let got = g.degree(&b).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(got, stopper(degree), "{text}: {got}");
        assert_eq!(g.is_idempotent(&b).unwrap(), *idempotent, "{text}");
        match (variety, g.variety(&b)) {
            (Variety::Is(v), Ok(got)) => assert_eq!(got, stopper(v), "{text}"),
            (Variety::DegreeNotIdempotent, Err(LoopyError::NotIdempotent(_)))
            | (Variety::Unstable, Err(LoopyError::Unstable { .. })) => {}
            (_, got) => panic!("{text}: variety {got:?}"),
        }
        // A stopper is its own onside and offside.
        let sides = Sides::of(g.game(), &b).unwrap();
        assert_eq!((sides.onside(), sides.offside()), (&g, &g), "{text}");
    }
}

#[test]
fn sided_values_of_the_test_suite_and_the_tutorial() {
    let b = Budget::default();
    // (game, value as CGSuite prints it, onside, offside)
    for (text, value, onside, offside) in [
        ("dud", "dud", "on", "off"),
        ("on + off", "dud", "on", "off"),
        ("a{{|a}|}", "1 & 0", "1", "0"),
        ("{0|{dud|},*}", "^ & v*", "^", "v*"),
    ] {
        let sides = Sides::of(&game(text), &b).unwrap();
        assert_eq!(sides.to_string(), value, "{text}");
        assert_eq!(sides.onside(), &stopper(onside), "{text}");
        assert_eq!(sides.offside(), &stopper(offside), "{text}");
    }
    // The tutorial's sums that are not stoppers: their sides are upsums and downsums.
    for (a, b_text) in [("over", "under"), ("upon", "-upon"), ("on", "off")] {
        let (x, y) = (stopper(a), stopper(b_text));
        let sum = game(&format!("{a} + {b_text}"));
        let sides = Sides::of(&sum, &b).unwrap();
        assert_eq!(
            sides.onside(),
            &grundy::partizan::loopy::upsum(&x, &y, &b).unwrap()
        );
        assert_eq!(
            sides.offside(),
            &grundy::partizan::loopy::downsum(&x, &y, &b).unwrap()
        );
    }
    // Bach's carousel: its sides are not stoppers.
    let bach = game("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    assert!(matches!(
        Sides::of(&bach, &b),
        Err(LoopyError::NotStopperSided { .. })
    ));
}
