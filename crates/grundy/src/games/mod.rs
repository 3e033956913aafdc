//! The catalogue: families of games whose answers come from a formula, for parameters far
//! beyond brute force (up to 10^18 and more), with winning moves.
//!
//! Every module gives (1) the rules, as a [`rules`](crate::rules) game, so that the generic
//! solver can play it on small positions, (2) the closed form, with its source in the notes,
//! and (3) the winning moves. Its tests compare the formula with the solver on every small
//! position: no closed form is trusted alone.

mod answer;
pub mod candy_piles;
pub mod circle_take;
pub mod coins;
pub mod dynamic_subtraction;
pub mod ends;
pub mod fibonacci;
pub mod flip_run;
pub mod geography;
pub mod increasing_distance;
pub mod josephus;
pub mod mex_mat;
pub mod nim;
pub mod partizan_piles;
pub mod plus_k_nim;
pub mod rabbit_egg;
pub mod rectangle_cut;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;
pub mod zero_runs;

pub use answer::Answer;

/// Writes a move of the one-pile games whose next take is limited by the last
/// ([`fibonacci`], [`dynamic_subtraction`], [`plus_k_nim`]): `take 3 (leaves 5, the opponent
/// takes at most 6)`, or `take 8 (leaves 0)` when the pile is emptied (the limit then says
/// nothing). One wording for all three, so that their answers read alike. O(1).
fn write_limited_take(
    f: &mut std::fmt::Formatter<'_>,
    take: u64,
    pile: u64,
    limit: u64,
) -> std::fmt::Result {
    if pile == 0 {
        write!(f, "take {take} (leaves 0)")
    } else {
        write!(
            f,
            "take {take} (leaves {pile}, the opponent takes at most {limit})"
        )
    }
}
