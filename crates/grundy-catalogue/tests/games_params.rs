//! Parameters declared with their kinds and constraints: every declaration of the registry is
//! consistent (it names parameters that exist, its defaults and examples pass its own checks),
//! and [`Inputs::check`] agrees with the definition of the constraints on random inputs.

use grundy::input::InputError;
use grundy::progress::NoProgress;
use grundy_catalogue::games::family::{ParamKind, Source, ValueKind};
use grundy_catalogue::games::registry::{self, FAMILIES};
use grundy_catalogue::games::{Inputs, Param};

/// Every parameter list of the registry, with its owner's name: each family's, and each
/// strong solution's.
fn declarations() -> Vec<(String, &'static [Param])> {
    let mut all: Vec<(String, &'static [Param])> = FAMILIES
        .iter()
        .map(|f| (f.name().to_string(), f.params()))
        .collect();
    for (family, strong) in registry::strong_families() {
        all.push((format!("strong {}", family.name()), strong.params));
    }
    all
}

fn no_file(path: &str) -> Result<Source, InputError> {
    Err(InputError::invalid(path, "no files in this test"))
}

#[test]
fn every_declaration_names_parameters_that_exist() {
    for (owner, params) in declarations() {
        for param in params {
            let related = param.excludes.iter().chain(param.needs).chain(param.or);
            for name in related {
                assert!(
                    params
                        .iter()
                        .any(|p| p.name == *name && p.name != param.name),
                    "{owner}: {} names {name}, which is not another of its parameters",
                    param.name
                );
            }
            if let ValueKind::Whole { min, max, .. } = param.value {
                assert!(min <= max, "{owner}: {} allows no value", param.name);
            }
            if let Some(default) = param.default {
                let mut inputs = Inputs::new(params, &no_file, &NoProgress);
                inputs.set(param.name, vec![default.to_string()]);
                match param.value {
                    ValueKind::Whole { .. } => assert!(
                        inputs.whole(param.name).is_ok(),
                        "{owner}: the default of {} is refused",
                        param.name
                    ),
                    ValueKind::List { .. } => assert!(inputs.list(param.name).is_ok()),
                    ValueKind::Text => {}
                }
            }
        }
    }
}

#[test]
fn every_example_passes_the_checks() {
    let strongs = registry::strong_families()
        .map(|(f, s)| (format!("strong {}", f.name()), s.params, s.example));
    let families = FAMILIES
        .iter()
        .map(|f| (f.name().to_string(), f.params(), f.example()));
    for (owner, params, example) in families.chain(strongs) {
        let mut inputs = Inputs::new(params, &no_file, &NoProgress);
        let mut given: Vec<(&'static str, Vec<String>)> = Vec::new();
        for &(name, value) in example {
            match given.iter_mut().find(|(n, _)| *n == name) {
                Some((_, values)) => values.push(value.to_string()),
                None => given.push((name, vec![value.to_string()])),
            }
        }
        for (name, values) in given {
            inputs.set(name, values);
        }
        assert_eq!(inputs.check(), Ok(()), "{owner}'s example");
    }
}

/// A family's worth of parameters with every kind of constraint.
static PARAMS: [Param; 6] = [
    Param::arg("pile", "N", "a pile")
        .optional()
        .whole("a pile size", 0)
        .or(&["count", "batch"])
        .excludes(&["count"]),
    Param::option("k", "K", "a take")
        .whole("a take", 1)
        .at_most(9)
        .or(&["batch"]),
    Param::option("count", "L R", "a range")
        .values(2)
        .whole("a bound", 0),
    Param::option("set", "S", "a set").list("an amount", 1),
    Param::flag("batch", "a batch").excludes(&["pile", "k", "count"]),
    Param::option("last", "L", "a length")
        .whole("a length", 0)
        .needs(&["pile"]),
];

/// Which rule a set of inputs breaks first, by the definition: parameters that exclude each
/// other, then a parameter without what it needs, then one missing, then a value out of its
/// kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Broken {
    Excluded,
    Needs,
    Missing,
    Value,
}

fn definition(given: &[(usize, Vec<String>)]) -> Option<Broken> {
    let is_given = |name: &str| given.iter().any(|(i, _)| PARAMS[*i].name == name);
    for (i, _) in given {
        for (j, _) in given {
            let (a, b) = (&PARAMS[*i], &PARAMS[*j]);
            if i != j && (a.excludes.contains(&b.name) || b.excludes.contains(&a.name)) {
                return Some(Broken::Excluded);
            }
        }
    }
    if (given.iter()).any(|(i, _)| PARAMS[*i].needs.iter().any(|n| !is_given(n))) {
        return Some(Broken::Needs);
    }
    for param in &PARAMS {
        let required = matches!(
            param.kind,
            ParamKind::Positional { required: true, .. } | ParamKind::Option { required: true, .. }
        );
        let must = (required && param.default.is_none()) || !param.or.is_empty();
        if !is_given(param.name) && must && !param.or.iter().any(|o| is_given(o)) {
            return Some(Broken::Missing);
        }
    }
    for (i, values) in given {
        let ok = match PARAMS[*i].value {
            ValueKind::Whole { min, max, .. } => values
                .iter()
                .all(|v| v.parse::<u64>().is_ok_and(|n| (min..=max).contains(&n))),
            ValueKind::List { min, .. } => values.iter().all(|v| {
                v.is_empty()
                    || v.split(',')
                        .all(|t| t.parse::<u64>().is_ok_and(|n| n >= min))
            }),
            ValueKind::Text => true,
        };
        if !ok {
            return Some(Broken::Value);
        }
    }
    None
}

/// The rule the error of [`Inputs::check`] reports.
fn reported(error: &InputError) -> Broken {
    let text = error.to_string();
    if text.contains("exclude each other") {
        Broken::Excluded
    } else if text.contains(" needs ") {
        Broken::Needs
    } else if text.starts_with("give ") {
        Broken::Missing
    } else {
        assert!(text.contains(" is not "), "{text}");
        Broken::Value
    }
}

#[test]
fn check_agrees_with_the_definition() {
    const VALUES: [&str; 11] = [
        "0",
        "1",
        "5",
        "9",
        "10",
        "x",
        "-1",
        "18446744073709551616",
        "",
        "1,2",
        "3,x",
    ];
    // A small linear congruential generator: the same cases on every run.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let mut seen = [0usize; 5];
    for _ in 0..20_000 {
        let mut given: Vec<(usize, Vec<String>)> = Vec::new();
        for (i, param) in PARAMS.iter().enumerate() {
            if next(2) == 0 {
                continue;
            }
            let count = match param.kind {
                ParamKind::Flag => 0,
                ParamKind::Option { values, .. } => values,
                ParamKind::Positional { .. } => 1,
            };
            let values = (0..count)
                .map(|_| VALUES[next(VALUES.len())].to_string())
                .collect();
            given.push((
                i,
                if count == 0 {
                    vec!["true".to_string()]
                } else {
                    values
                },
            ));
        }
        let mut inputs = Inputs::new(&PARAMS, &no_file, &NoProgress);
        for (i, values) in &given {
            inputs.set(PARAMS[*i].name, values.clone());
        }
        let want = definition(&given);
        let got = inputs.check().err().map(|e| reported(&e));
        assert_eq!(got, want, "{given:?}");
        seen[want.map_or(0, |b| b as usize + 1)] += 1;
    }
    // Every outcome was met, so the loop tests each rule.
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

#[test]
fn values_are_placed_and_read_by_their_declarations() {
    let mut inputs = Inputs::new(&PARAMS, &no_file, &NoProgress);
    inputs.set("k", vec!["10".to_string()]);
    inputs.set("count", vec!["3".to_string(), "x".to_string()]);
    assert_eq!(
        inputs.whole("k").unwrap_err().to_string(),
        "k: '10' is not a take (expected a whole number from 1 to 9)"
    );
    assert_eq!(
        inputs.wholes("count").unwrap_err().to_string(),
        "count R: 'x' is not a bound (expected a whole number from 0 to 18446744073709551615)"
    );
    assert_eq!(inputs.optional_whole("pile"), Ok(None));
    assert_eq!(inputs.whole("pile").unwrap_err().to_string(), "give pile");
    inputs.set("set", vec!["1, 3,4".to_string()]);
    assert_eq!(inputs.list("set"), Ok(vec![1, 3, 4]));
    assert_eq!(inputs.list("missing-name"), Ok(vec![]));
}
