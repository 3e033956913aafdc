//! Helpers shared by the integration tests, each used as `mod common;` (the catalogue's tests,
//! in `crates/grundy-catalogue/tests`, name this file by its `#[path]`).

// Every file under tests/ is its own crate and uses only some of these helpers: the rest
// would be reported as dead code in that crate.
#![allow(dead_code)]

/// Every sequence of `len` entries in `0..=max`, in lexicographic order: (max + 1)^len
/// sequences, built in O(len · (max + 1)^len) time.
pub fn all_sequences(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..len {
        all = all
            .into_iter()
            .flat_map(|s| {
                (0..=max).map(move |a| {
                    let mut t = s.clone();
                    t.push(a);
                    t
                })
            })
            .collect();
    }
    all
}

/// The repository's `testdata/` folder: external data copied in with its provenance (see its
/// README), so that the tests need nothing beside the checkout.
pub fn testdata_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata")
}

/// The positions `id` moves to that are lost for their player to move, as the solver finds
/// them: where the winning moves lead, to compare with a formula's winning moves.
/// O(options).
pub fn winning_options<P: Clone + Eq + std::hash::Hash + Ord>(
    explored: &grundy::rules::Explored<P>,
    solution: &grundy::solve::Solution,
    id: u32,
) -> std::collections::BTreeSet<P> {
    explored
        .graph
        .options(id)
        .iter()
        .filter(|&&q| solution.outcome(q) == grundy::Outcome::Loss)
        .map(|&q| explored.position(q).clone())
        .collect()
}

pub mod domineering;
pub mod loopy;
pub mod raw;
pub mod rulesets;
