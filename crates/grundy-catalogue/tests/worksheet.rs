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
            // CGSuite's package first; a ruleset CGSuite lacks goes by cgt-tools' name alone.
            assert!(
                full.starts_with("game.") || !full.contains('.'),
                "{full}: CGSuite's package first"
            );
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

/// The nimber of heap `n` under a subtraction set (`split`: Splittles, the rest left whole or
/// in two heaps), by the definition: the mex of the options' values, heap by heap.
fn brute_heap(removals: &[u64], allbut: bool, split: bool, n: u64) -> String {
    let allowed = |j: u64| removals.contains(&j) != allbut;
    let mut g: Vec<u64> = Vec::new();
    for h in 0..=n {
        let mut seen = Vec::new();
        for j in (1..=h).filter(|&j| allowed(j)) {
            let rest = h - j;
            if !split || rest == 0 {
                seen.push(g[rest as usize]);
                continue;
            }
            seen.push(g[rest as usize]);
            for a in 1..rest {
                seen.push(g[a as usize] ^ g[(rest - a) as usize]);
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    match g[n as usize] {
        0 => "0".to_string(),
        1 => "*".to_string(),
        v => format!("*{v}"),
    }
}

#[test]
fn subtraction_and_splittles_heaps_are_their_nimbers_with_or_without_allbut() {
    let mut rng = StdRng::seed_from_u64(45);
    for case in 0..300 {
        let size = rng.random_range(1..=4);
        let removals: Vec<u64> = (0..size).map(|_| rng.random_range(1..=7)).collect();
        let allbut = case % 2 == 1;
        let split = case % 4 >= 2;
        let n = rng.random_range(0..=24);
        let class = if split { "Splittles" } else { "Subtraction" };
        let set: Vec<String> = removals.iter().map(u64::to_string).collect();
        let flag = match (allbut, case % 3) {
            (false, _) => "",
            (true, 0) => ", allbut => true",
            (true, _) => ", true",
        };
        let text = format!("game.heap.{class}([{}]{flag})({n})", set.join(","));
        let expected = brute_heap(&removals, allbut, split, n);
        assert_eq!(line(&text), Ok(expected), "{text}");
    }
}

#[test]
fn named_heap_classes_are_their_codes() {
    // Kayles is 0.77, Dawson's Kayles 0.07, Nim 0.[3], Grundy's game 4!.0 (CGSuite's
    // heap/constants.cgs): each heap's value is its code's, and a sum adds them.
    for n in 0..=30 {
        for (class, code) in [
            ("Kayles", "0.77"),
            ("DawsonsKayles", "0.07"),
            ("Nim", "0.[3]"),
            ("GrundysGame", "4!.0"),
        ] {
            let named = line(&format!("game.heap.{class}({n})"));
            let coded = line(&format!("TakeAndBreak(\"{code}\")({n})"));
            assert_eq!(named, coded, "{class}({n})");
        }
        assert_eq!(
            line(&format!("Nim({n})")),
            Ok(brute_heap(&[], true, false, n))
        );
        let kayles = brute_heap(&[1, 2], false, true, n);
        assert_eq!(line(&format!("Kayles({n})")), Ok(kayles), "Kayles({n})");
    }
    // Kayles(3) + Dawson's Kayles(5) = *3 + 0; Grundy's game 10 is 0, 11 is *2.
    assert_eq!(line("Kayles(3) + DawsonsKayles(5)").as_deref(), Ok("*3"));
    assert_eq!(line("GrundysGame(10)").as_deref(), Ok("0"));
    assert_eq!(line("GrundysGame(11)").as_deref(), Ok("*2"));
}

#[test]
fn heap_classes_errors_point_into_the_expression() {
    let error = |text: &str| line(text).unwrap_err();
    assert!(error("TakeAndBreak(\"0.7$\")(3)").starts_with("column 18:"));
    assert!(error("Subtraction([0])(3)").starts_with("column 13: a removal is from 1"));
    assert!(error("Splittles([1,3], maybe)(10)").contains("expected allbut, true or false"));
    assert!(error("Subtraction([1,3])").contains("takes its rules, then the heap"));
    assert!(error("Kayles(99999999999)").contains("a heap is at most"));
}

#[test]
fn wythoff_positions_are_their_nimbers() {
    // The nimbers of Wythoff's game by the definition: the mex over taking from one pile or
    // the same from both.
    let side = 12;
    let mut g = vec![vec![0u32; side]; side];
    for a in 0..side {
        for b in 0..side {
            let mut seen = Vec::new();
            seen.extend((0..a).map(|x| g[x][b]));
            seen.extend((0..b).map(|y| g[a][y]));
            seen.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
            g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
            let expected = match g[a][b] {
                0 => "0".to_string(),
                1 => "*".to_string(),
                v => format!("*{v}"),
            };
            assert_eq!(line(&format!("game.heap.Wythoff(({a},{b}))")), Ok(expected));
        }
    }
    assert!(line("Wythoff((401,0))")
        .unwrap_err()
        .contains("a pile is at most 400"));
}

#[test]
fn allbut_is_read_as_cgsuite_writes_it() {
    // CGSuite's allbut alone or named, false as no allbut, for the partizan heap rulesets
    // as for Subtraction and Splittles: each the same as the name's `/allbut`.
    let named = |text: &str| line(text).unwrap();
    let with = named("PartizanSubtraction([1,3],[2,3], true)(6)");
    assert_eq!(
        named("PartizanSubtraction([1,3],[2,3], allbut => true)(6)"),
        with
    );
    assert_ne!(named("PartizanSubtraction([1,3],[2,3])(6)"), with);
    assert_eq!(
        named("PartizanSubtraction([1,3],[2,3], false)(6)"),
        named("PartizanSubtraction([1,3],[2,3])(6)")
    );
    assert_eq!(
        named("Subtraction([1,3], allbut => true)(9)"),
        named("Subtraction([1,3], true)(9)")
    );
    assert!(line("Subtraction([1,3], allbut => 2)(9)")
        .unwrap_err()
        .contains("expected allbut, true or false"));
}

#[test]
fn a_compound_refuses_positions_and_names_unknown_ones() {
    use grundy_catalogue::games::worksheet::FormsOnly;
    let mut store = GameStore::new();
    let e = store
        .parse_with("DawsonsKayles(5)", &mut FormsOnly)
        .unwrap_err();
    assert!(e.to_string().contains("is a position of a ruleset"), "{e}");
    let e = store.parse_with("Klayes(3)", &mut FormsOnly).unwrap_err();
    assert!(e.to_string().contains("unknown game 'Klayes'"), "{e}");
    assert_eq!(
        store
            .parse_with("{1|*}", &mut FormsOnly)
            .map(|g| store.display(g)),
        Ok("{1|*}".to_string())
    );
}
