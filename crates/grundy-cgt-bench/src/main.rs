//! Canonical forms of ruleset positions by grundy and by the `cgt` crate (cgt-tools), side by
//! side in one run: for each ruleset both have, a standard position's canonical form from
//! nothing (a new store or transposition table each run), the median time of each, their
//! ratio, and whether the two forms are the same game (cgt's form is read by grundy's notation
//! reader into grundy's store and compared).
//!
//! ```text
//! cargo run --release --manifest-path crates/grundy-cgt-bench/Cargo.toml
//! cargo run --release --manifest-path crates/grundy-cgt-bench/Cargo.toml -- --reps 3 --only domineering
//! ```
//!
//! The crate is outside the workspace: cgt (AGPL-3.0) is a dependency of this comparison only.

use std::hint::black_box;
use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::Parser;
use grundy::partizan::rulesets::digraph_placement::DigraphPlacement;
use grundy::partizan::rulesets::fission::Fission;
use grundy::partizan::rulesets::ski_jumps::SkiJumps;
use grundy::partizan::rulesets::{Ruleset, Valued};
use grundy::prelude::*;

use cgt::graph::adjacency_matrix::directed::DirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::short::partizan::games::digraph_placement::{self as placement, VertexColor};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;

/// grundy and cgt, canonical forms side by side.
#[derive(Parser)]
struct Options {
    /// Runs of each measurement (the median is shown).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    reps: u64,
    /// Only the cases whose ruleset's name contains this.
    #[arg(long)]
    only: Option<String>,
}

/// One position of one ruleset: how grundy and cgt each value it.
struct Case {
    /// The ruleset, as grundy names it.
    ruleset: &'static str,
    /// The position in grundy's notation.
    position: &'static str,
    /// grundy's canonical form, as text, from nothing.
    grundy: fn(&str) -> String,
    /// cgt's canonical form, as text, from nothing.
    cgt: fn(&str) -> String,
    /// The position in cgt's notation.
    cgt_position: &'static str,
}

/// The standard Digraph Placement position: 20 vertices, Left's and Right's in turn, each
/// pointing to the next and the third on, round a circle.
const DIGRAPH: &str = "LRLRLRLRLRLRLRLRLRLR 0>1 0>3 1>2 1>4 2>3 2>5 3>4 3>6 4>5 4>7 5>6 5>8 6>7 \
                       6>9 7>8 7>10 8>9 8>11 9>10 9>12 10>11 10>13 11>12 11>14 12>13 12>15 13>14 \
                       13>16 14>15 14>17 15>16 15>18 16>17 16>19 17>18 17>0 18>19 18>1 19>0 19>2";

/// grundy's canonical form of `text` in `rules`, within the default budget.
fn ours<R: Ruleset + Clone>(rules: R, text: &str) -> String {
    let mut v = Valued::new(rules, text, &Budget::default()).expect("grundy values the position");
    v.canonical_form()
}

/// cgt's canonical form of a game read by its `FromStr`, with a new transposition table.
fn theirs<G>(text: &str) -> String
where
    G: PartizanGame + FromStr,
{
    let Ok(g) = G::from_str(text) else {
        panic!("cgt reads {text:?}")
    };
    let table = ParallelTranspositionTable::new();
    g.canonical_form(&table).to_string()
}

/// cgt's canonical form of a Digraph Placement position written as grundy's list form (the
/// colours, then arcs `u>v`), built with cgt's `DirectedGraph::from_edges`, which has no
/// text form.
fn theirs_digraph(text: &str) -> String {
    let mut words = text.split_whitespace();
    let colours: Vec<VertexColor> = (words.next().unwrap_or_default().chars())
        .map(|c| match c {
            'L' => VertexColor::Left,
            _ => VertexColor::Right,
        })
        .collect();
    let arcs: Vec<(VertexIndex, VertexIndex)> = words
        .map(|w| {
            let (u, v) = w.split_once('>').expect("an arc u>v");
            let index = |t: &str| VertexIndex {
                index: t.parse().expect("a vertex"),
            };
            (index(u), index(v))
        })
        .collect();
    let g = placement::DigraphPlacement::new(DirectedGraph::from_edges(&arcs, &colours));
    let table = ParallelTranspositionTable::new();
    g.canonical_form(&table).to_string()
}

fn cases() -> Vec<Case> {
    use cgt::short::partizan::games as c;
    vec![
        Case {
            ruleset: "domineering",
            position: "......|......|......|......",
            grundy: |t| ours(Domineering, t),
            cgt: theirs::<c::domineering::Domineering>,
            cgt_position: "......|......|......|......",
        },
        Case {
            ruleset: "domineering",
            position: ".....|.....|.....|.....|.....",
            grundy: |t| ours(Domineering, t),
            cgt: theirs::<c::domineering::Domineering>,
            cgt_position: ".....|.....|.....|.....|.....",
        },
        Case {
            ruleset: "toads-and-frogs",
            position: "tttt....ffff",
            grundy: |t| ours(ToadsAndFrogs, t),
            cgt: theirs::<c::toads_and_frogs::ToadsAndFrogs>,
            cgt_position: "TTTT....FFFF",
        },
        Case {
            ruleset: "amazons",
            position: "x...|....|...o",
            grundy: |t| ours(Amazons, t),
            cgt: theirs::<c::amazons::Amazons>,
            cgt_position: "x...|....|...o",
        },
        Case {
            ruleset: "konane",
            position: "xoxox|o.oxo|x.xox|oxoxo",
            grundy: |t| ours(Konane, t),
            cgt: theirs::<c::konane::Konane>,
            cgt_position: "xoxox|o.oxo|x.xox|oxoxo",
        },
        Case {
            ruleset: "fission",
            position: ".....|..x..|...x.|.....|.....",
            grundy: |t| ours(Fission, t),
            cgt: theirs::<c::fission::Fission>,
            cgt_position: ".....|..x..|...x.|.....|.....",
        },
        // Left's skiers on the first row, Right's on the second: no row ever holds both, where
        // cgt counts the cells left to slide for a board no one can jump on.
        Case {
            ruleset: "ski-jumps",
            position: "L.L.L...|...R.R.R|........",
            grundy: |t| ours(SkiJumps, t),
            cgt: theirs::<c::ski_jumps::SkiJumps>,
            cgt_position: "L.L.L...|...R.R.R|........",
        },
        Case {
            ruleset: "digraph-placement",
            position: DIGRAPH,
            grundy: |t| ours(DigraphPlacement, t),
            cgt: theirs_digraph,
            cgt_position: DIGRAPH,
        },
    ]
}

/// The median of `reps` runs of `f`, with its last result.
fn timed(reps: u64, f: impl Fn() -> String) -> (Duration, String) {
    let mut times = Vec::new();
    let mut out = String::new();
    for _ in 0..reps {
        let start = Instant::now();
        out = black_box(f());
        times.push(start.elapsed());
    }
    times.sort();
    (times[times.len() / 2], out)
}

/// Whether two forms, read by grundy's notation reader, are the same game; `None` when grundy
/// cannot read cgt's text.
fn same(ours: &str, theirs: &str) -> Option<bool> {
    let mut store = GameStore::new();
    let a = store.parse(ours).ok()?;
    let b = store.parse(theirs).ok()?;
    Some(a == b)
}

fn main() {
    let options = Options::parse();
    println!(
        "{:<18} {:<42} {:>11} {:>11} {:>7}  same",
        "ruleset", "position", "grundy", "cgt", "cgt/us"
    );
    for case in cases() {
        if let Some(only) = &options.only {
            if !case.ruleset.contains(only.as_str()) {
                continue;
            }
        }
        let (ours, form) = timed(options.reps, || (case.grundy)(case.position));
        let (theirs, cgt_form) = timed(options.reps, || (case.cgt)(case.cgt_position));
        let agree = match same(&form, &cgt_form) {
            Some(true) => "yes".to_string(),
            Some(false) => format!("NO: grundy {form}, cgt {cgt_form}"),
            None => format!("cgt's form not read: {cgt_form}"),
        };
        println!(
            "{:<18} {:<42} {:>9.3}ms {:>9.3}ms {:>7.1}  {agree}",
            case.ruleset,
            case.position,
            ours.as_secs_f64() * 1e3,
            theirs.as_secs_f64() * 1e3,
            theirs.as_secs_f64() / ours.as_secs_f64(),
        );
    }
}
