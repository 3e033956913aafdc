//! CGSuite's names of the catalogue's games (`games::cgsuite`, `games::worksheet`): every
//! name a family declares finds it, with its package or without, in any case, and no two
//! families share one; a position written CGSuite's way has the value of the same position
//! written grundy's way (letters mapped, coordinates, empty grids, Mem's heaps); an unknown
//! name is met with the nearest, a bad position with its column in the expression.

use std::collections::BTreeMap;

use grundy::budget::Budget;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::GameStore;
use grundy_catalogue::games::mem::Mem;
use grundy_catalogue::games::registry::FAMILIES;
use grundy_catalogue::games::toppling_dominoes::TopplingDominoes;
use grundy_catalogue::games::worksheet::{class, names, Worksheet};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The value of a worksheet line, written, or its error.
fn line(text: &str) -> Result<String, String> {
    let mut store = GameStore::new();
    let g = (store.parse_with(text, &mut Worksheet)).map_err(|e| e.to_string())?;
    Ok(store.display(g))
}

#[test]
fn every_declared_name_finds_its_family_and_no_two_share_one() {
    let mut seen = BTreeMap::new();
    let mut declared = 0;
    for family in FAMILIES {
        let Some(c) = family.cgsuite() else { continue };
        for full in c.cgsuite().names {
            declared += 1;
            assert!(full.starts_with("game."), "{full}: CGSuite's package first");
            let short = full.rsplit('.').next().unwrap();
            let before = seen.insert(short.to_ascii_lowercase(), family.name());
            assert!(
                before.is_none(),
                "{short}: {before:?} and {}",
                family.name()
            );
            for name in [
                full.to_string(),
                short.to_string(),
                short.to_ascii_lowercase(),
            ] {
                let found = class(&name).expect("found");
                assert!(std::ptr::eq(
                    found.cgsuite() as *const _,
                    c.cgsuite() as *const _
                ));
            }
            // Another package does not name it.
            assert!(class(&format!("game.nowhere.{short}")).is_none());
        }
    }
    // The rulesets of the catalogue and Mem, Cutcake and Toppling Dominoes among them.
    assert!(declared >= 13, "{declared}");
    // The schemas' names follow the families'.
    let schemas = grundy_catalogue::games::schemas::SCHEMAS;
    assert_eq!(names().count(), declared + schemas.len());
}

#[test]
fn toppling_dominoes_are_written_with_cgsuite_letters() {
    let mut rng = StdRng::seed_from_u64(45);
    let mut eval = Evaluator::new(TopplingDominoes);
    let mut store = GameStore::new();
    for _ in 0..200 {
        let length = rng.random_range(1..9);
        let cgsuite: String = (0..length)
            .map(|_| ['l', 'r', 'e'][rng.random_range(0..3)])
            .collect();
        let ours: String = cgsuite
            .chars()
            .map(|c| match c {
                'l' => 'x',
                'r' => 'o',
                _ => 'g',
            })
            .collect();
        let p = TopplingDominoes.parse(&ours).unwrap();
        let v = eval.value(&mut store, &p).unwrap();
        let written = format!("game.strip.TopplingDominoes(\"{cgsuite}\")");
        assert_eq!(line(&written).unwrap(), store.display(v), "{written}");
    }
}

#[test]
fn mem_heaps_are_their_nimbers() {
    let mem = Mem::up_to(40, &Budget::default()).unwrap();
    for n in 0..=40u64 {
        for k in 0..=n {
            let written = format!("game.heap.Mem(({n},{k})).NimValue");
            assert_eq!(
                line(&written).unwrap(),
                mem.value(n, k).to_string(),
                "{written}"
            );
        }
        assert_eq!(line(&format!("Mem({n}) - Mem(({n},0))")).unwrap(), "0");
    }
    assert!(line("Mem((5000,0))")
        .unwrap_err()
        .contains("from 0 to 4096"));
}

#[test]
fn coordinates_and_empty_grids() {
    assert_eq!(line("Cutcake((8,3))").unwrap(), "-3");
    assert_eq!(line("Cutcake((3,8))").unwrap(), "3");
    assert_eq!(
        line("Domineering(Grid.Empty(3,2))").unwrap(),
        line(r#"Domineering("..|..|..")"#).unwrap()
    );
    assert_eq!(line("Cram(Grid.Empty(1,3))").unwrap(), "*");
    let e = line("Domineering(Grid.Empty(100000,100000))").unwrap_err();
    assert_eq!(
        e,
        "column 13: Grid.Empty(100000,100000) has more than 4096 cells"
    );
}

#[test]
fn errors_point_into_the_expression() {
    let cases = [
        (
            r#"Clobbr("xo")"#,
            "column 1: unknown game 'Clobbr': did you mean 'Clobber'?",
        ),
        (
            r#"1 + game.graph.Clobber("xo")"#,
            "column 5: unknown game 'game.graph.Clobber': did you mean 'Clobber'?",
        ),
        // Row 2, column 2 of the board: the `z`.
        (r#"1 + Clobber("xox|oz.")"#, "column 19: "),
        (
            "Clobber(3)",
            "column 9: Clobber takes the position in quotes",
        ),
        (
            r#"Clobber("xo", "ox")"#,
            "column 1: Clobber takes one argument",
        ),
        (
            "Cutcake((8,-3))",
            "column 12: expected a whole number, found -3",
        ),
        (
            "Cutcake(8)",
            "column 9: Cutcake takes coordinates: Cutcake((a,b))",
        ),
        (
            "Domineering(Grid.Full(2,2))",
            "column 13: expected the board in quotes",
        ),
        (
            "Domineering(Grid.Empty(2))",
            "column 13: Grid.Empty takes two numbers",
        ),
        (
            r#"Amazons("x...|o...").OutcomeClass"#,
            "column 22: OutcomeClass is not a game",
        ),
    ];
    for (text, wanted) in cases {
        let e = line(text).unwrap_err();
        assert!(e.starts_with(wanted), "{text}: {e}");
    }
}
