//! The examples of CGSuite's documentation on loopy games, reproduced: the tutorial "Loopy
//! Games" of CGSuite's help (`help/docs/tutorials/advanced-topics/loopy-games.cgsh`) and the
//! canonical stoppers of its test suite (`CanonicalStopperTestCase.scala`), both in
//! github.com/aaron-siegel/cgsuite.

use grundy::budget::Budget;
use grundy::partizan::loopy::{is_stopper, LoopyGame, Outcomes, Stopper, Winner};
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
        ("{pass|*}", "upon"),
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("+-{0|pass}", "{over|under}"),
        ("a{0||||0|||a|*||*}", "a{0|{0|{{a|*}|*}}}"),
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
