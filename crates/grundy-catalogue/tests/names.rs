//! One name per game on every surface: a family answers to its aliases wherever it is named
//! (its command, its table, its game to play), the take-and-break games to their names in the
//! literature wherever a code is read, and a name no game answers to is met with the nearest.
//! The first values of the named games are those other projects computed (the repository's
//! `testdata/`, whose README gives their sources).

use std::collections::BTreeMap;
use std::path::Path;

use grundy::budget::Budget;
use grundy::impartial::octal::{values_plain, Rule, NAMED};
use grundy::pattern::table::Kind;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial, Moves};
use grundy::solve::grundy_values;
use grundy_catalogue::games::registry::{self, FAMILIES};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn no_two_families_share_a_name() {
    let mut seen = BTreeMap::new();
    for family in FAMILIES {
        for name in std::iter::once(family.name()).chain(family.aliases().iter().copied()) {
            let before = seen.insert(name.to_ascii_lowercase(), family.name());
            assert!(before.is_none(), "{name}: {before:?} and {}", family.name());
            assert_eq!(
                registry::family(name).map(|f| f.name()),
                Some(family.name())
            );
        }
    }
}

/// A family that plays one game: the game answers to every name of the family, and the
/// family to every name of the game, so that `squares` and `square-subtraction` are one
/// game wherever either is typed.
#[test]
fn a_family_and_its_game_answer_to_each_others_names() {
    let mut checked = 0;
    for family in FAMILIES.iter().filter(|f| f.plays().len() == 1) {
        let game = family.plays()[0];
        let argument = game.example().split_once(':').map(|(_, a)| a);
        for name in std::iter::once(family.name()).chain(family.aliases().iter().copied()) {
            let spec = match argument {
                Some(argument) => format!("{name}:{argument}"),
                None => name.to_string(),
            };
            let (found, _) = registry::playable(&spec).unwrap();
            assert_eq!(found.syntax(), game.syntax(), "{spec}");
        }
        for name in std::iter::once(game.name()).chain(game.aliases().iter().copied()) {
            let found = registry::family(name).map(|f| f.name());
            assert_eq!(found, Some(family.name()), "{name}");
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

/// Each pair names one table: the same name and the same cells.
#[test]
fn a_table_answers_to_its_familys_names_and_a_code_to_its_game_s() {
    let budget = Budget::default();
    let cells = |spec: &str| {
        let game = registry::table_game(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let n = grundy::pattern::table::Span::new(0, 12).unwrap();
        let table = game.line(n, Kind::Values, &budget, &NoProgress);
        (game.name(), format!("{:?}", table.unwrap()))
    };
    for (name, alias) in [
        ("squares", "square-subtraction"),
        ("fibonacci", "FIBONACCI-NIM"),
        ("0.77", "kayles"),
        ("0.77", "octal:0.77"),
        ("0.77", "take-and-break:Kayles"),
        ("0.07", "Dawson's Kayles"),
        ("0.137", "dawsons-chess"),
        ("grundy", "grundys-game"),
        ("grundy", "octal:grundy"),
        ("0.707", "splittles:1,3"),
        ("misere:0.77", "misere-quotient:kayles"),
    ] {
        assert_eq!(cells(name), cells(alias), "{name} and {alias}");
    }
    let two = |spec: &str| registry::table_game(spec).map(|g| g.name()).unwrap();
    assert_eq!(two("nim2"), two("nim"));
    assert_eq!(two("mexmat:012:021"), two("mex-mat:012:021"));
}

#[test]
fn a_name_no_game_answers_to_is_met_with_the_nearest() {
    let table = registry::table_game("kayls").err().unwrap().to_string();
    assert!(
        table.starts_with("unknown game 'kayls' (did you mean 'kayles'?): "),
        "{table}"
    );
    let play = registry::playable("squres").err().unwrap().to_string();
    assert!(
        play.starts_with("unknown game 'squres' (did you mean 'squares'?): "),
        "{play}"
    );
    let code = Rule::parse("dawson").unwrap_err().to_string();
    assert!(
        code.ends_with("(did you mean 'dawsons-kayles' or 'dawsons-chess'?)"),
        "{code}"
    );
    let far = registry::table_game("chess").err().unwrap().to_string();
    assert!(!far.contains("did you mean"), "{far}");
}

/// The first values of Kayles, Dawson's Kayles and Grundy's game as CGSuite computed them
/// (heaps 1 to 20), and Dawson's Chess: Dawson's Kayles one heap on (a row of n files is
/// Dawson's Kayles on n + 1 pins), so that each name reads the game the literature means.
#[test]
fn each_name_reads_the_game_the_literature_means() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/small_external_cases.json");
    let cases: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let sequences = cases["heap_sequences_n1_20"].as_array().unwrap();
    let expected = |game: &str| -> Vec<u16> {
        let case = sequences.iter().find(|c| c["game"] == game).unwrap();
        let values = case["values"].as_array().unwrap();
        values.iter().map(|v| v.as_u64().unwrap() as u16).collect()
    };
    let values = |name: &str| values_plain(&Rule::parse(name).unwrap(), 20, &Budget::default());
    assert_eq!(values("kayles").unwrap()[1..], expected("Kayles 0.77"));
    let dawson = expected("Dawson's Kayles 0.07");
    assert_eq!(values("dawsons-kayles").unwrap()[1..], dawson);
    assert_eq!(values("dawsons-chess").unwrap()[1..20], dawson[1..]);
    assert_eq!(
        values("grundys-game").unwrap()[1..],
        expected("Grundy's game (4!.0)")
    );
    assert_eq!(NAMED.len(), 3);
    for (name, code, printed) in NAMED {
        let rule = Rule::parse(name).unwrap();
        assert_eq!(rule.to_string(), *code);
        assert_eq!(rule.known_name(), Some(*printed));
        assert_eq!(Rule::parse(printed), Ok(rule));
    }
}

/// Splittles by its definition (CGSuite's `Splittles(S)`): remove j tokens of a heap, j in S,
/// and leave the rest as no heap (only when j is the whole heap), one heap or two non-empty
/// heaps. A position is its heaps, largest first.
struct Splittles(Vec<u64>);

impl Impartial for Splittles {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Moves<Vec<u64>>) {
        for (i, &n) in heaps.iter().enumerate() {
            let others = || heaps.iter().enumerate().filter(move |&(k, _)| k != i);
            for &j in self.0.iter().filter(|&&j| j <= n) {
                let rest = n - j;
                let mut leaves: Vec<Vec<u64>> = vec![if rest == 0 { vec![] } else { vec![rest] }];
                leaves.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
                for leave in leaves {
                    let mut next: Vec<u64> = others().map(|(_, &h)| h).chain(leave).collect();
                    next.sort_unstable_by(|a, b| b.cmp(a));
                    out.push(next);
                }
            }
        }
    }
}

#[test]
fn splittles_has_the_values_of_its_definition_by_the_generic_solver() {
    let mut rng = StdRng::seed_from_u64(0x5917_7135);
    for _ in 0..40 {
        let count = rng.random_range(1..=3);
        let mut set: Vec<u64> = (0..count).map(|_| rng.random_range(1..=6)).collect();
        set.sort_unstable();
        set.dedup();
        let name = format!(
            "splittles:{}",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let rule = Rule::parse(&name).unwrap();
        let values = values_plain(&rule, 18, &Budget::default()).unwrap();
        let explored = explore(
            &Splittles(set.clone()),
            (0..=18).map(|n| if n == 0 { vec![] } else { vec![n] }),
            &Budget::default(),
            &NoProgress,
        )
        .unwrap();
        let solved = grundy_values(&explored.graph).unwrap();
        for (n, &value) in values.iter().enumerate() {
            let start = if n == 0 { vec![] } else { vec![n as u64] };
            let id = explored.id(&start).unwrap();
            assert_eq!(
                solved.finite(id),
                Some(u32::from(value)),
                "{name}, heap {n}"
            );
        }
    }
    for bad in [
        "splittles:",
        "splittles:0",
        "splittles:1,x",
        "splittles:1001",
    ] {
        assert!(Rule::parse(bad).is_err(), "{bad}");
    }
}
