//! The notation: special forms read and printed back, values of the juxtaposed and signed
//! forms, error messages with their columns, and inputs nested or grown far deeper than any
//! stack would take by plain recursion.

use grundy::partizan::{GameId, GameStore, ParseErrorKind, ValueError};

fn show(s: &mut GameStore, text: &str) -> String {
    let g = s.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    s.display(g)
}

#[test]
fn special_forms_print_back() {
    let mut s = GameStore::new();
    for text in [
        "^<3>",
        "v<2>*",
        "^[3]",
        "v[4]*",
        "3/4v[3]*",
        "1/2^*",
        "^3*2",
        "-1^^",
        "2Tiny(2)",
        "Miny(1/32)",
        "-2Tiny(2)",
        "+-{2|1}",
        "+-(1*)",
        "+-{1,{2|0}}",
        "v5",
        "*16384",
        "10v10",
        "{0|^<2>}",
        "^<2>*",
        "{2||1|0}",
        "-5",
        "3/4",
        "*3",
        "^",
        "v*",
        "+-1",
    ] {
        assert_eq!(show(&mut s, text), text);
    }
    assert_eq!(show(&mut s, "vvvvv"), "v5");
    assert_eq!(show(&mut s, "+-1*"), "+-(1*)");
}

#[test]
fn juxtaposed_and_signed_forms_mean_sums() {
    let mut s = GameStore::new();
    let same = |s: &mut GameStore, a: &str, b: &str| {
        let (g, h) = (s.parse(a).unwrap(), s.parse(b).unwrap());
        assert_eq!(g, h, "{a} and {b}");
    };
    same(&mut s, "^[3]", "^ + ^<2> + ^<3>");
    same(&mut s, "Tiny(2)", "{0||0|-2}");
    same(&mut s, "Miny(2)", "{2|0||0}");
    same(&mut s, "2Tiny(2)", "2 + Tiny(2)");
    same(&mut s, "-1^^", "(-1) + ^^");
    same(&mut s, "3-1^^", "3 - (1 + ^^)");
    same(&mut s, "1/2^*", "1/2 + ^ + *");
    same(&mut s, "^19*3", "^19 + *3");
    same(&mut s, "3 +- 1", "3 + +-1");
    same(&mut s, "+-{1,1*}", "{1,1*|-1,-1*}");
    same(&mut s, "- -5", "5");
    same(&mut s, "+-{1|0}", "0");
    same(&mut s, "{1,*|-1}", "+-1");
    same(&mut s, "{1,2|}", "3");
    same(&mut s, "{ 1 , * | -1 }", "{1,*|-1}");
}

#[test]
fn errors_name_the_column_and_what_was_expected() {
    let mut s = GameStore::new();
    let cases = [
        ("{1|2", "column 5: expected '}', found end of input"),
        (
            "{3|2|1}",
            "column 5: ambiguous slashes: a run of 1 '|' appears twice at one level (use braces)",
        ),
        (
            "1|0",
            "column 2: expected an operator ('+', '-', '+-') or the end, found '|'",
        ),
        (
            "{1,|0}",
            "column 3: expected a game after ',', found nothing",
        ),
        (
            "{1 2|0}",
            "column 4: expected ',' or '|', found another game",
        ),
        ("", "column 1: expected a game, found end of input"),
        ("(1", "column 3: expected ')', found end of input"),
        ("^<x>", "column 3: expected a number, found 'x'"),
        ("3/5", "column 1: the denominator 5 is not a power of two"),
        ("{1|0} + ?", "column 9: expected a game, found '?'"),
        (
            "{1,2}",
            "column 1: expected a game: options separated by '|', found a list without '|'",
        ),
        (
            "99999999999999999999",
            "column 1: number out of range: numbers are kept as m/2^k with |m| < 2^63 and k <= 62",
        ),
        (
            "1/8589934592/2",
            "column 13: expected an operator ('+', '-', '+-') or the end, found '/'",
        ),
        ("éé{", "column 1: expected a game, found 'é'"),
        ("{é|0}", "column 2: expected a game, found 'é'"),
    ];
    for (text, message) in cases {
        let e = s.parse(text).unwrap_err();
        assert_eq!(e.to_string(), message, "{text:?}");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let mut s = GameStore::new();
    for open in ["{", "(", "Tiny(", "+-{"] {
        let text = open.repeat(100_000);
        let e = s.parse(&text).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooDeep, "{open}");
    }
    // Deep but allowed: read on a thread with a stack to match.
    let text = format!("{}1{}", "(".repeat(30_000), ")".repeat(30_000));
    assert_eq!(s.parse(&text).unwrap(), s.integer(1));
    let text = format!("{}{}", "{".repeat(30_000), "|}".repeat(30_000));
    assert_eq!(s.parse(&text).unwrap(), s.integer(29_999));
    // Long runs of signs are read in a loop.
    let text = format!("{}1", "-".repeat(100_000));
    assert_eq!(s.parse(&text).unwrap(), s.integer(1));
    let text = format!("{}*", "+".repeat(100_000));
    assert_eq!(show(&mut s, &text), "*");
}

#[test]
fn deep_games_run_on_a_big_enough_stack() {
    let mut s = GameStore::new();
    // A chain {{{0|-1}|-1}|-1}… built in a loop, 2000 deep (a few MiB of stack).
    let minus_one = s.integer(-1);
    let mut g = GameId::ZERO;
    for _ in 0..2000 {
        g = s.game(&[g], &[minus_one]).unwrap();
    }
    assert_eq!(s.birthday(g), 2001);
    let switch = s.parse("{1|0}").unwrap();
    let moved = s.sum(g, switch).unwrap();
    assert!(!s.leq(moved, g).unwrap());
    let minus = s.neg(g).unwrap();
    assert_eq!(s.neg(minus).unwrap(), g);
    let c = s.compare(g, minus).unwrap();
    assert_eq!(
        s.compare(minus, g).unwrap().to_ordering(),
        c.to_ordering().map(|o| o.reverse())
    );
    let frozen = s.freeze(g).unwrap();
    assert!(s.is_numberish(frozen));
    let text = s.display(g);
    assert_eq!(s.parse(&text).unwrap(), g);
    // Thousands of ups and nimbers against a game with moves.
    let g = s.parse("^3000 + {1|0}").unwrap();
    // ↑^n + {1|0} = {1↑^n | ↑^n} (the other options are dominated: for n = 1, {1|0} ≤ 1↑
    // and ↑ ≤ {1|0}*).
    assert_eq!(s.display(g), "{1^3000|^3000}");
    // Beyond the limit: an error.
    let e = s.parse("*100000").unwrap_err();
    assert!(
        matches!(e.kind, ParseErrorKind::Value(ValueError::TooDeep { .. })),
        "{e}"
    );
    let e = s.parse("*40000 + {1|0}").unwrap_err();
    assert!(
        matches!(e.kind, ParseErrorKind::Value(ValueError::TooDeep { .. })),
        "{e}"
    );
}
