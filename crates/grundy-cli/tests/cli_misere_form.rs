//! `grundy misere-form` and `grundy misere-census`: the report in text and JSON, the outcome
//! and normal-play value of random sums of small games against a direct misère search of
//! their game trees (which knows nothing of canonical forms), the census's counts, and exit
//! code 2 with a one-line message naming the column on bad input. No run may panic.

mod catalogue_run;

use std::collections::HashMap;

use catalogue_run::{grundy, json};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

#[test]
fn a_sum_in_text_and_json() {
    assert_eq!(
        grundy(&["misere-form", "2+2"]).ok(),
        "expression: 2+2\n\
         canonical form: 32\n\
         misère outcome: P (the second player wins)\n\
         normal-play value: 0\n\
         birthday: 4\n\
         genus: 0^02\n\
         phylum: tame\n\
         parts (2):\n  \
           2: N, normal-play value *2, birthday 2, genus 2^20, tame\n  \
           2: N, normal-play value *2, birthday 2, genus 2^20, tame\n"
    );
    // One game: no parts in text; the one part in JSON.
    assert_eq!(
        json(&["misere-form", "*[2#1]"]),
        json!({
            "expression": "*[2#1]", "canonical_form": "2#1", "canonical_form_length": 3,
            "outcome": "N", "normal_value": 2, "birthday": 4, "genus": "2^1420",
            "phylum": "restless",
            "parts": [{"canonical_form": "2#1", "outcome": "N", "normal_value": 2,
                       "birthday": 4, "genus": "2^1420", "phylum": "restless"}]
        })
    );
    // Several words are added, as a shell splits them; `*n`, `&n;` and digits are heaps.
    let v = json(&["misere-form", "2", "2"]);
    assert_eq!(
        (v["expression"].clone(), v["outcome"].clone()),
        (json!("2 + 2"), json!("P"))
    );
    let v = json(&["misere-form", "2#1", "+", "1"]);
    assert_eq!(
        (v["expression"].clone(), v["outcome"].clone()),
        (json!("2#1 + 1"), json!("P"))
    );
    let v = json(&["misere-form", "*3", "+", "&3;", "+", "2#"]);
    assert_eq!(v["expression"], json!("*3 + &3; + 2#"));
    // *3 + *3 = *2 + *2 (On Numbers and Games, ch. 12); with {*2}, both of the firm genus
    // 0^02, the tame sum is a P-position of that genus.
    assert_eq!(v["outcome"], json!("P"));
    assert_eq!(v["genus"], json!("0^02"));
    let v = json(&["misere-form", "*3 + &3;"]);
    assert_eq!(v["canonical_form"], json!("32"));
    // A form longer than --max-length is given by its length.
    let v = json(&["misere-form", "2#1 + 3", "--max-length", "10"]);
    assert_eq!(v["canonical_form"], json!(null));
    assert_eq!(v["canonical_form_length"], json!(83));
    let out = grundy(&["misere-form", "2#1+3", "--max-length", "10"])
        .ok()
        .to_string();
    assert!(
        out.contains("canonical form: not written: 83 characters, more than --max-length 10\n"),
        "{out}"
    );
}

/// Explicit games: each node is the list of its options (node ids), with no simplification;
/// the misère outcome and normal-play value by searching every line of play.
#[derive(Default)]
struct Trees {
    nodes: Vec<Vec<usize>>,
    /// Whether a sum (sorted node ids) is a misère P-position.
    p: HashMap<Vec<usize>, bool>,
    /// The Sprague–Grundy value of a node.
    grundy: HashMap<usize, u32>,
}

impl Trees {
    fn node(&mut self, options: Vec<usize>) -> usize {
        self.nodes.push(options);
        self.nodes.len() - 1
    }

    /// The nim heap of `n`: options the heaps 0 to n − 1.
    fn heap(&mut self, n: usize) -> usize {
        let options = (0..n).map(|k| self.heap(k)).collect();
        self.node(options)
    }

    /// A random game of at most `depth` levels and `width` options a level; some nim heaps.
    fn random(&mut self, rng: &mut StdRng, depth: u32, width: usize) -> usize {
        if depth == 0 {
            return self.node(vec![]);
        }
        if rng.random_range(0..4) == 0 {
            return self.heap(rng.random_range(0..=depth as usize));
        }
        let n = rng.random_range(0..=width);
        let options = (0..n).map(|_| self.random(rng, depth - 1, width)).collect();
        self.node(options)
    }

    /// Whether the sum of `parts` is a misère P-position: it has a move, and every move
    /// leads to an N-position.
    fn is_p(&mut self, parts: &[usize]) -> bool {
        let mut key = parts.to_vec();
        key.sort_unstable();
        if let Some(&p) = self.p.get(&key) {
            return p;
        }
        let mut has_move = false;
        let mut to_p = false;
        for i in 0..key.len() {
            for o in self.nodes[key[i]].clone() {
                has_move = true;
                let mut next = key.clone();
                next[i] = o;
                if self.is_p(&next) {
                    to_p = true;
                }
            }
        }
        let p = has_move && !to_p;
        self.p.insert(key, p);
        p
    }

    /// The Sprague–Grundy value of a node, by its definition.
    fn value(&mut self, g: usize) -> u32 {
        if let Some(&v) = self.grundy.get(&g) {
            return v;
        }
        let values: Vec<u32> = (self.nodes[g].clone())
            .into_iter()
            .map(|o| self.value(o))
            .collect();
        let v = (0..).find(|v| !values.contains(v)).unwrap_or(0);
        self.grundy.insert(g, v);
        v
    }

    /// The game written in the notation, in one of its ways, chosen at random: a nim heap as
    /// a digit or `&n;` (or `*n` for a whole part, where no digit can follow it); a game of
    /// one option with `#`; of several, its options one after the other, those of two options
    /// or more between parentheses or `*[…]`.
    fn write(&self, g: usize, whole: bool, rng: &mut StdRng) -> String {
        let options = &self.nodes[g];
        if let Some(n) = self.heap_size(g) {
            return match rng.random_range(0..4) {
                0 if whole => format!("*{n}"),
                1 => format!("&{n};"),
                _ => n.to_string(),
            };
        }
        let term = |o: usize, rng: &mut StdRng| {
            let word = self.write(o, false, rng);
            if self.nodes[o].len() >= 2 && self.heap_size(o).is_none() {
                match rng.random_range(0..3) {
                    0 => format!("*[{word}]"),
                    _ => format!("({word})"),
                }
            } else {
                word
            }
        };
        match options.as_slice() {
            [one] => format!("{}#", term(*one, rng)),
            _ => options.iter().map(|&o| term(o, rng)).collect(),
        }
    }

    /// The size of the nim heap `g` is, if it is one as written (options exactly the heaps
    /// below it) and at most 9.
    fn heap_size(&self, g: usize) -> Option<usize> {
        let options = &self.nodes[g];
        let mut sizes: Vec<usize> = options
            .iter()
            .map(|&o| self.heap_size(o))
            .collect::<Option<_>>()?;
        sizes.sort_unstable();
        (sizes.iter().enumerate().all(|(i, &s)| i == s) && sizes.len() <= 9).then_some(sizes.len())
    }
}

/// Random sums of one to four small games (nim heaps and trees of depth 3), written in the
/// notation in random ways: the outcome and normal-play value printed are those of a search
/// of every line of play of the sum.
#[test]
fn outcomes_of_random_sums_agree_with_a_misere_search() {
    let mut rng = StdRng::seed_from_u64(29);
    let mut trees = Trees::default();
    let (mut p, mut n) = (0, 0);
    for case in 0..150 {
        let count = rng.random_range(1..=4);
        let parts: Vec<usize> = (0..count).map(|_| trees.random(&mut rng, 3, 3)).collect();
        let words: Vec<String> = parts
            .iter()
            .map(|&g| trees.write(g, true, &mut rng))
            .collect();
        let spaces = [" + ", "+", " +", "+ "];
        let expr = words
            .iter()
            .enumerate()
            .map(|(i, w)| match i {
                0 => w.clone(),
                _ => format!("{}{w}", spaces[rng.random_range(0..4)]),
            })
            .collect::<String>();
        let v = json(&["misere-form", &expr]);
        let expected = if trees.is_p(&parts) { "P" } else { "N" };
        assert_eq!(v["outcome"], json!(expected), "case {case}: {expr}");
        let value = parts.iter().fold(0, |x, &g| x ^ trees.value(g));
        assert_eq!(v["normal_value"], json!(value), "case {case}: {expr}");
        assert_eq!(v["parts"].as_array().map(Vec::len), Some(count), "{expr}");
        // Each part on its own, too.
        for (part, &g) in v["parts"].as_array().unwrap().iter().zip(&parts) {
            let expected = if trees.is_p(&[g]) { "P" } else { "N" };
            assert_eq!(part["outcome"], json!(expected), "case {case}: {expr}");
        }
        if expected == "P" {
            p += 1;
        } else {
            n += 1;
        }
    }
    // Both outcomes were met often enough to mean something.
    assert!(p >= 15 && n >= 15, "{p} P-positions, {n} N-positions");
}

/// Sums of nim heaps alone: misère Nim's rule (Bouton), on larger heaps.
#[test]
fn sums_of_nim_heaps_follow_the_rule_of_misere_nim() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..40 {
        let heaps: Vec<u32> = (0..rng.random_range(1..=4))
            .map(|_| rng.random_range(0..=12))
            .collect();
        let expr: Vec<String> = heaps.iter().map(|h| format!("*{h}")).collect();
        let v = json(&["misere-form", &expr.join(" + ")]);
        let xor = heaps.iter().fold(0, |x, h| x ^ h);
        let p = if heaps.iter().all(|&h| h <= 1) {
            xor == 1
        } else {
            xor == 0
        };
        assert_eq!(v["outcome"], json!(if p { "P" } else { "N" }), "{heaps:?}");
        assert_eq!(v["phylum"], json!("tame"), "{heaps:?}");
    }
}

#[test]
fn the_census_counts_and_lists() {
    let v = json(&["misere-census", "4"]);
    assert_eq!(v["count"], json!(22));
    assert_eq!(v["born_by"], json!([1, 2, 3, 5, 22]));
    assert!(v.get("games").is_none());
    assert_eq!(
        grundy(&["misere-census", "2"]).ok(),
        "games born by day 2: 3\nby day 0 to 2: 1, 2, 3\n"
    );
    let v = json(&["misere-census", "4", "--list"]);
    assert_eq!(
        v["phyla"],
        json!({"tame": 14, "restive": 4, "restless": 4, "wild": 0})
    );
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 22);
    assert!(
        games.contains(&json!({"canonical_form": "2#1", "outcome": "N",
        "normal_value": 2, "birthday": 4, "genus": "2^1420", "phylum": "restless"}))
    );
    assert_eq!(
        grundy(&["misere-census", "3", "--list", "--format", "csv"]).ok(),
        "canonical_form,outcome,normal_value,birthday,genus,phylum\n\
         0,N,0,0,0^120,tame\n1,P,*,1,1^031,tame\n2,N,*2,2,2^20,tame\n2#,P,0,3,0^02,tame\n\
         3,N,*3,3,3^31,tame\n"
    );
}

#[test]
fn bad_input_exits_2_naming_the_column() {
    for (args, message) in [
        (
            &["misere-form", "2#1 + (3"][..],
            "EXPR '2#1 + (3': column 9: expected ')' to close the '(' at column 7, found end \
             of input",
        ),
        (
            &["misere-form", "2 + + 3"],
            "EXPR '2 + + 3': column 5: expected a game (a digit, &n;, *n, '(' or '*['), found \
             '+'",
        ),
        (
            &["misere-form", "2)"],
            "EXPR '2)': column 2: expected a game (a digit, &n;, *n, '(' or '*['), '#' or '+', \
             found ')'",
        ),
        (
            &["misere-form", "(2+3)"],
            "EXPR '(2+3)': column 3: expected a game (a digit, &n;, *n, '(' or '*['), '#' or \
             ')' to close the '(' at column 1, found '+'",
        ),
        (
            &["misere-form", "*[21"],
            "EXPR '*[21': column 5: expected ']' to close the '*[' at column 1, found end of \
             input",
        ),
        (
            &["misere-form", "&12"],
            "EXPR '&12': column 4: expected ';' to end the heap &n;, found end of input",
        ),
        (
            &["misere-form", "&x;"],
            "EXPR '&x;': column 2: expected a heap size (as in &12;), found 'x'",
        ),
        (
            &["misere-form", "*99999999999"],
            "EXPR '*99999999999': column 2: expected a heap size up to 4294967295, found \
             '99999999999'",
        ),
        (
            &["misere-form", "2 + é"],
            "EXPR '2 + é': column 5: expected a game (a digit, &n;, *n, '(' or '*['), found 'é'",
        ),
        (
            &["misere-form", "#"],
            "EXPR '#': column 1: expected a game (a digit, &n;, *n, '(' or '*['), found '#'",
        ),
        (
            &["misere-form", "2", "--max-length", "x"],
            "--max-length: 'x' is not a length (expected a whole number from 0 to \
             18446744073709551615)",
        ),
        (
            &["misere-census", "6"],
            "DAY: the games born by day 6 cannot be enumerated: day 6's alone are the forms of \
             the 2^4171780 sets of the 4171780 games born by day 5 (the census goes to day 5)",
        ),
        (
            &["misere-census", "5", "--list"],
            "--list lists the games of days up to 4: day 5 has 4171780; leave it out to count \
             them",
        ),
        (
            &["misere-census", "-1"],
            "DAY: '-1' is not a day (expected a whole number from 0 to 18446744073709551615)",
        ),
    ] {
        let stderr = grundy(args).failed().to_string();
        assert_eq!(stderr, format!("grundy: error: {message}\n"), "{args:?}");
    }
    // A heap too large for the memory budget is refused before it is built.
    let stderr = grundy(&["misere-form", "&100000;", "--memory", "64M"])
        .failed()
        .to_string();
    assert!(
        stderr.contains("the memory budget of 64.0 MiB ran out") && stderr.contains("--memory"),
        "{stderr}"
    );
}
