//! CGSuite's general take-and-break codes (`4!.0`, `0.[3]`, `{2+}=.0`, `0.{1,2}`): random
//! codes written in the grammar, read by `Rule::parse`, valued by `values_plain`, checked
//! against a game tree built from the code's definition (every removal, every multiset of
//! heaps), and against CGSuite's values.

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::impartial::octal::{values_plain, Rule};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A digit as the test reads the grammar: listed heap counts with their modifier (' ' for
/// none) and the tail (every count from the first up).
#[derive(Debug, Clone)]
struct Digit {
    counts: Vec<(usize, char)>,
    more: Option<(usize, char)>,
}

/// Whether heaps of these sizes meet a modifier: only two heaps or more are constrained.
fn admits(modifier: char, parts: &[u64]) -> bool {
    if parts.len() < 2 {
        return true;
    }
    let distinct: BTreeSet<u64> = parts.iter().copied().collect();
    match modifier {
        '!' => distinct.len() == parts.len(),
        '?' => distinct.len() > 1,
        '=' => distinct.len() == 1,
        _ => true,
    }
}

impl Digit {
    fn allows(&self, parts: &[u64]) -> bool {
        let r = parts.len();
        self.counts.iter().any(|&(k, m)| k == r && admits(m, parts))
            || matches!(self.more, Some((from, m)) if r >= from && admits(m, parts))
    }
}

/// Every multiset of positive parts summing to `m` (parts non-decreasing).
fn multisets(m: u64) -> Vec<Vec<u64>> {
    fn go(rest: u64, least: u64, parts: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if rest == 0 {
            out.push(parts.clone());
            return;
        }
        for a in least..=rest {
            parts.push(a);
            go(rest - a, a, parts, out);
            parts.pop();
        }
    }
    let mut out = Vec::new();
    go(m, 1, &mut Vec::new(), &mut out);
    out
}

/// A code: digit j for removing j tokens; the last `period` repeat.
struct Code {
    digits: Vec<Digit>,
    period: usize,
}

impl Code {
    fn digit(&self, j: usize) -> Option<&Digit> {
        if j < self.digits.len() {
            Some(&self.digits[j])
        } else if self.period > 0 {
            let pre = self.digits.len() - self.period;
            Some(&self.digits[pre + (j - pre) % self.period])
        } else {
            None
        }
    }

    /// Each option of heap n once: the heaps left, increasing.
    fn options(&self, n: u64) -> BTreeSet<Vec<u64>> {
        let mut out = BTreeSet::new();
        for j in 0..=n {
            if let Some(d) = self.digit(j as usize) {
                for parts in multisets(n - j) {
                    if d.allows(&parts) {
                        out.insert(parts);
                    }
                }
            }
        }
        out
    }

    fn values(&self, upto: u64) -> Vec<u16> {
        let mut g: Vec<u16> = vec![0];
        for n in 1..=upto {
            let reached: BTreeSet<u16> = (self.options(n).iter())
                .map(|parts| parts.iter().fold(0, |x, &p| x ^ g[p as usize]))
                .collect();
            g.push((0..).find(|v| !reached.contains(v)).unwrap());
        }
        g
    }
}

/// A random digit and how it is written; `split_only` for d0 (two heaps or more).
fn random_digit(rng: &mut StdRng, split_only: bool) -> (String, Digit) {
    let modifiers = [' ', ' ', '!', '?', '='];
    let modifier = modifiers[rng.random_range(0..modifiers.len())];
    let suffix = |m: char| {
        if m == ' ' {
            String::new()
        } else {
            m.to_string()
        }
    };
    let low = if split_only { 2 } else { 0 };
    match rng.random_range(0..5) {
        0 | 1 => {
            // A plain digit 0-Z (or &N; for bits up to 6).
            let mut mask: u64 = rng.random_range(0..64);
            if split_only {
                mask &= !3;
            }
            let text = if mask < 36 {
                std::char::from_digit(mask as u32, 36).unwrap().to_string()
            } else {
                format!("&{mask};")
            };
            let counts = (0..6)
                .filter(|i| mask >> i & 1 != 0)
                .map(|i| (i, modifier))
                .collect();
            let text = if mask == 0 {
                text
            } else {
                text + &suffix(modifier)
            };
            (text, Digit { counts, more: None })
        }
        2 | 3 => {
            // A list, with a tail or not, one modifier for all or one per count.
            let mut counts: Vec<usize> = (low..6).filter(|_| rng.random_bool(0.35)).collect();
            if counts.is_empty() {
                counts.push(rng.random_range(low.max(1)..5));
            }
            let more = rng.random_bool(0.4);
            let own = rng.random_bool(0.4);
            let mut listed: Vec<(usize, char)> = Vec::new();
            let mut words = Vec::new();
            for &r in &counts {
                let m = if own {
                    modifiers[rng.random_range(0..modifiers.len())]
                } else {
                    modifier
                };
                listed.push((r, m));
                words.push(if own {
                    format!("{r}{}", suffix(m))
                } else {
                    r.to_string()
                });
            }
            let text = format!(
                "{{{}{}}}{}",
                words.join(","),
                if more { "+" } else { "" },
                if own { String::new() } else { suffix(modifier) }
            );
            let tail = if more { listed.pop() } else { None };
            (
                text,
                Digit {
                    counts: listed,
                    more: tail,
                },
            )
        }
        _ => {
            if split_only {
                (
                    "0".into(),
                    Digit {
                        counts: vec![],
                        more: None,
                    },
                )
            } else {
                // `*`: any number of heaps, none included.
                let text = format!("*{}", suffix(modifier));
                (
                    text,
                    Digit {
                        counts: vec![],
                        more: Some((0, modifier)),
                    },
                )
            }
        }
    }
}

fn random_code(rng: &mut StdRng) -> (String, Code) {
    let (mut text, d0) = random_digit(rng, true);
    text.push('.');
    let mut digits = vec![d0];
    let len = rng.random_range(1..4);
    let period = if rng.random_bool(0.35) {
        rng.random_range(1..=len)
    } else {
        0
    };
    for i in 0..len {
        if i == len - period {
            text.push('[');
        }
        let (t, d) = random_digit(rng, false);
        text.push_str(&t);
        digits.push(d);
    }
    if period > 0 {
        text.push(']');
    }
    (text, Code { digits, period })
}

#[test]
fn random_codes_against_the_game_tree() {
    let mut rng = StdRng::seed_from_u64(45);
    let budget = Budget::default();
    let mut checked = 0;
    for _ in 0..400 {
        let (text, code) = random_code(&mut rng);
        let rule = match Rule::parse(&text) {
            Ok(rule) => rule,
            Err(e) if e.message.contains("no move") => continue,
            Err(e) => panic!("{text}: {e}"),
        };
        let expected = code.values(14);
        let values = values_plain(&rule, 14, &budget).unwrap();
        assert_eq!(values, expected, "{text} read as {rule}");
        // Printed back, the code reads as the same rule.
        let printed = rule.to_string();
        assert_eq!(
            Rule::parse(&printed).unwrap(),
            rule,
            "{text} printed {printed}"
        );
        for n in [5, 9] {
            let mut options = BTreeSet::new();
            rule.options(n, &mut |heaps| {
                assert!(options.insert(heaps.to_vec()), "{text}: {heaps:?} twice");
                true
            });
            assert_eq!(options, code.options(n), "{text}: options of {n}");
        }
        checked += 1;
    }
    assert!(checked > 300, "only {checked} codes checked");
}

#[test]
fn codes_print_as_they_read_and_the_rest_in_cgsuites_form() {
    for (code, printed) in [
        ("4!.0", "Grundy's game"),
        ("Grundy's game", "Grundy's game"),
        ("4?.0", "Grundy's game"),
        ("0.[3]", "0.[3]"),
        ("0.3[33]", "0.[3]"),
        ("0.[37]", "0.[37]"),
        ("{2+}=.0", "{2+}=.0"),
        ("{2+}!.0", "{2+}!.0"),
        ("0.{1,2}", "0.6"),
        ("0.{2,3}", "0.c"),
        ("0.f", "0.f"),
        ("4", "4"),
        (".77", "0.77"),
        ("0.[{0+}=]", "0.[{0+}=]"),
        ("0.{1,2,3,4,5,6}{6}", "0.&126;&64;"),
        ("0.{2!,3=}", "0.{2!,3=}"),
        ("8?.0", "8?.0"),
        ("0.z", "0.&35;"),
        ("00.77", "0.77"),
    ] {
        let rule = Rule::parse(code).unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(rule.to_string(), printed, "{code}");
    }
    assert_eq!(Rule::parse("4!.0").unwrap(), Rule::Grundy);
    assert_eq!(
        Rule::parse("4!.0").unwrap().known_name(),
        Some("Grundy's game")
    );
    assert_eq!(
        Rule::parse("0.{0,1,2}{0,1,2}").unwrap(),
        Rule::parse("kayles").unwrap()
    );
}

#[test]
fn bad_codes_are_refused_with_their_column() {
    for (code, column, words) in [
        ("20.017", 1, "add tokens"),
        ("0.[3", 5, "']'"),
        ("0.3]", 4, "without its '['"),
        ("[3].0", 1, "after the point"),
        ("0.{2,3", 3, "'}'"),
        ("0.{64}", 4, "0 to 63"),
        ("0.{2!,3}=", 4, "own modifier"),
        ("6.0", 1, "remove nothing"),
        ("0.7$", 4, "not a digit"),
        ("0.[3]7", 6, "nothing may follow"),
        ("0.[]", 4, "between"),
        ("0.&x;", 3, "2^63"),
        ("0.00", 3, "no move"),
    ] {
        let e = Rule::parse(code).unwrap_err();
        assert_eq!(e.column, column, "{code}: {e}");
        assert!(e.message.contains(words), "{code}: {e}");
    }
}

/// CGSuite's values: Nim is `0.[3]`, Grundy's game `4!.0` (GameHeapTest: heap 92679 has 46339
/// options, one per smaller heap of an unequal split).
#[test]
fn cgsuite_values() {
    let budget = Budget::default();
    let nim = values_plain(&Rule::parse("0.[3]").unwrap(), 200, &budget).unwrap();
    assert!(nim.iter().enumerate().all(|(n, &v)| v as usize == n));
    let mut count = 0;
    Rule::parse("4!.0").unwrap().options(92679, &mut |_| {
        count += 1;
        true
    });
    assert_eq!(count, 46339);
}
