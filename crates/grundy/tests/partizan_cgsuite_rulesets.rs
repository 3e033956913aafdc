//! The reference tool's expression tests on rulesets
//! (`testdata/cgsuite/cgsuite_expression_tests.json`, every case whose input names a `game.`
//! class): each case of a ruleset played here (Domineering, Cram, Clobber, AntiClobber, Kings,
//! Rooks, Queens, Clobber with diagonal moves, Toads and Frogs, Elephants and Rhinos,
//! Toads and Frogs with jumps over two (`GenToadsAndFrogs`), Hackenbush, Snort, Col, Amazons) is evaluated with the library's ruleset and
//! must print exactly as expected (or fail to read where the reference tool fails); every
//! other case is listed below with the reason it is out of scope.

mod common;

use grundy::partizan::rulesets::amazons::Amazons;
use grundy::partizan::rulesets::clobber::{Clobber, Directions};
use grundy::partizan::rulesets::cram::Cram;
use grundy::partizan::rulesets::domineering::Domineering;
use grundy::partizan::rulesets::hackenbush::Hackenbush;
use grundy::partizan::rulesets::snort_col::SnortCol;
use grundy::partizan::rulesets::toads_frogs::{
    ElephantsAndRhinos, GenToadsAndFrogs, ToadsAndFrogs,
};
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::GameStore;
use serde_json::Value;

/// Why the cases of a `game.` class, or of a property, are not evaluated.
const OUT_OF_SCOPE: &[(&str, &str)] = &[
    ("GridString", "prints the position's text, not a game value"),
    (
        "Misere",
        "misère play: not given by the normal-play canonical form",
    ),
    (
        "Followers",
        "counts the positions reachable, not a game value",
    ),
    (
        "FoxAndGeese",
        "a loopy game (rulesets::fox_geese, and its Ceylonese variant: see partizan_loopy.rs), on boards of too many positions for a simplest form",
    ),
    (
        "BackslidingToadsAndFrogs",
        "a loopy game (rulesets::backsliding), its sides not computed for 560 positions",
    ),
    (
        "GenToadsAndFrogs(maxJump => 2).Class",
        "prints a class, not a game",
    ),
    (
        "Turning",
        "an impartial coin-turning game, not a partizan ruleset",
    ),
    (
        "TopplingDominoes",
        "Toppling Dominoes is not a ruleset here",
    ),
    (
        "ArcKayles",
        "nim values of graphs: checked in partizan_graphs.rs",
    ),
    (
        "Hackenbush(\"\")",
        "the graph with no edge: the game 0 here, an error in the reference tool",
    ),
    (
        "ChildishHackenbush",
        "checked in partizan_graphs.rs",
    ),
    (
        "game.heap",
        "heap games belong to the catalogue's impartial and partizan piles",
    ),
    (
        "PartizanArcKayles",
        "checked in partizan_graphs.rs",
    ),
    (
        "{game.grid",
        "a position inside an explicit form prints unevaluated",
    ),
];

/// The text of a position in the input: the quoted text after `Class(`, or
/// `Grid.Empty(r, c)` as an empty board.
fn position_text(input: &str, class: &str) -> Option<String> {
    let rest = input.split_once(&format!(".{class}("))?.1;
    if let Some(quoted) = rest.strip_prefix('"') {
        return Some(quoted.split_once('"')?.0.to_string());
    }
    let dims = rest.strip_prefix("Grid.Empty(")?.split_once(')')?.0;
    let (r, c) = dims.split_once(',')?;
    let (r, c): (usize, usize) = (r.trim().parse().ok()?, c.trim().parse().ok()?);
    Some(vec![".".repeat(c); r].join("|"))
}

/// A ruleset's valuation: from a position's text to its canonical form, printed.
type Valuer = fn(&str) -> Result<String, String>;

/// The canonical form of `text` under `rules`, as printed, or why it could not be read.
fn canonical<R: Ruleset>(rules: R, text: &str) -> Result<String, String> {
    let mut store = GameStore::new();
    let p = rules.parse(text).map_err(|e| e.to_string())?;
    let v = Evaluator::new(rules).value(&mut store, &p).unwrap();
    Ok(store.display(v))
}

#[test]
fn reference_ruleset_cases() {
    let path = common::testdata_dir().join("cgsuite/cgsuite_expression_tests.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut evaluated = Vec::new();
    let mut skipped = 0;
    for case in &cases {
        let field = |k: &str| case[k].as_str().unwrap();
        let (name, input, expected) = (field("name"), field("input"), field("expected"));
        if !input.contains("game.") {
            continue;
        }
        let played: Option<(&str, Valuer)> = if !input.ends_with(".CanonicalForm") {
            None
        } else if input.starts_with("game.grid.Domineering(") {
            Some(("Domineering", |t| canonical(Domineering, t)))
        } else if input.starts_with("game.grid.Cram(") {
            Some(("Cram", |t| canonical(Cram, t)))
        } else if input.starts_with("game.grid.Clobber(") {
            Some(("Clobber", |t| canonical(Clobber::CLOBBER, t)))
        } else if input.starts_with("game.grid.AntiClobber(") {
            Some(("AntiClobber", |t| canonical(Clobber::ANTI_CLOBBER, t)))
        } else if input.starts_with("game.grid.Kings(") {
            Some(("Kings", |t| canonical(Clobber::KINGS, t)))
        } else if input.starts_with("game.grid.Rooks(") {
            Some(("Rooks", |t| canonical(Clobber::ROOKS, t)))
        } else if input.starts_with("game.grid.Queens(") {
            Some(("Queens", |t| canonical(Clobber::QUEENS, t)))
        } else if input.starts_with("game.grid.GenClobber(directions => Coordinates.Diagonal)(") {
            // Named by the text just before its position, `...Diagonal)("xoxo|...")`.
            Some(("Diagonal)", |t| {
                canonical(Clobber::GEN_CLOBBER.directions(Directions::Diagonal), t)
            }))
        } else if input.starts_with("game.strip.GenToadsAndFrogs(maxJump => 2)(") {
            Some(("GenToadsAndFrogs(maxJump => 2)", |t| {
                canonical(GenToadsAndFrogs::new(1, 1, 2, false).unwrap(), t)
            }))
        } else if input.starts_with("game.strip.ElephantsAndRhinos(") {
            Some(("ElephantsAndRhinos", |t| canonical(ElephantsAndRhinos, t)))
        } else if input.starts_with("game.strip.ToadsAndFrogs(") {
            Some(("ToadsAndFrogs", |t| canonical(ToadsAndFrogs, t)))
        } else if input.starts_with("game.graph.Hackenbush(") && !input.contains("(\"\")") {
            Some(("Hackenbush", |t| canonical(Hackenbush, t)))
        } else if input.starts_with("game.grid.Amazons(") {
            Some(("Amazons", |t| canonical(Amazons, t)))
        } else if input.starts_with("game.graph.Snort(") {
            Some(("Snort", |t| canonical(SnortCol::SNORT, t)))
        } else if input.starts_with("game.graph.Col(") {
            Some(("Col", |t| canonical(SnortCol::COL, t)))
        } else {
            None
        };
        match played {
            Some((class, value)) => {
                let text = position_text(input, class).unwrap_or_else(|| panic!("{input}"));
                match (value(&text), expected.strip_prefix("!!")) {
                    (Err(_), Some(_)) => {}
                    (got, _) => assert_eq!(got.as_deref(), Ok(expected), "{name}: {input}"),
                }
                evaluated.push(class);
            }
            None => {
                let reason = OUT_OF_SCOPE
                    .iter()
                    .find(|(key, _)| input.contains(key))
                    .unwrap_or_else(|| panic!("{name}: {input} is neither played nor listed"));
                assert!(!reason.1.is_empty());
                skipped += 1;
            }
        }
    }
    evaluated.sort();
    let mut expected = [
        "Amazons",
        "AntiClobber",
        "Clobber",
        "Col",
        "Cram",
        "Diagonal)",
        "Domineering",
        "ElephantsAndRhinos",
        "GenToadsAndFrogs(maxJump => 2)",
        "Kings",
        "Queens",
        "Rooks",
        "ToadsAndFrogs",
    ]
    .to_vec();
    expected.extend(["Hackenbush"; 6]);
    expected.extend(["Snort"; 2]);
    expected.sort();
    assert_eq!(evaluated, expected);
    assert_eq!(skipped, 34);
}

/// Toads and Frogs' schema against brute force on random strips, for several of its
/// parameters, and equal to Toads and Frogs and to Elephants and Rhinos where it is them.
#[test]
fn gen_toads_and_frogs_against_brute_force() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(45);
    let strips: Vec<String> = (0..60)
        .map(|_| {
            let len = rng.random_range(1..=7);
            (0..len)
                .map(|_| ['T', 'F', '.', '.'][rng.random_range(0..4)])
                .collect()
        })
        .collect();
    for (min_slide, max_slide, max_jump, friendly) in [
        (1, 1, 1, false),
        (1, 1, 2, false),
        (1, 3, 0, false),
        (2, 3, 1, true),
        (0, 2, 3, true),
    ] {
        let rules = GenToadsAndFrogs::new(min_slide, max_slide, max_jump, friendly).unwrap();
        assert_eq!(common::rulesets::against_brute_force(rules, &strips), 60);
    }
    let schema = |max_jump| GenToadsAndFrogs::new(1, 1, max_jump, false).unwrap();
    for strip in &strips {
        let value = |r: Result<String, String>| r.unwrap();
        assert_eq!(
            value(canonical(schema(1), strip)),
            value(canonical(ToadsAndFrogs, strip)),
            "{strip}"
        );
        assert_eq!(
            value(canonical(schema(0), strip)),
            value(canonical(ElephantsAndRhinos, strip)),
            "{strip}"
        );
    }
    let e = GenToadsAndFrogs::new(-1, 1, 1, false).unwrap_err();
    assert!(e.contains("loopy"), "{e}");
}
