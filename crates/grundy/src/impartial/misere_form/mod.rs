//! Misère canonical forms of impartial games, their genus, and the census of misère games.
//!
//! In misère play (the last player to move loses) impartial games do not reduce to nim heaps,
//! but each has a unique simplest form (Conway, *On Numbers and Games*, ch. 12): two games are
//! equal in misère play — interchangeable in every sum without changing its outcome — exactly
//! when their simplest forms are identical. This module computes those forms:
//!
//! - [`store`]: [`MisereStore`], the arena of canonical forms (a game is the set of its
//!   options, hash-consed; [`FormId`]s compare as games), and the simplification by
//!   reversible options with the proviso for 0.
//! - [`sum`]: sums of forms and the misère outcome of a sum.
//! - [`genus`]: genus symbols `g^γ0γ1…`, tame, restive and restless games, and outcomes of
//!   sums of tame games.
//! - [`notation`]: CGSuite's notation for misère forms (`2#`, `(2#1)21`), written and read.
//! - [`census`]: the games born by day n.
//! - [`graph`]: the forms of the positions of a position graph (any game the engine explores).
//!
//! ```
//! use grundy::impartial::misere_form::{FormId, GenusTable, MisereStore};
//! use grundy::outcome::OutcomeClass;
//!
//! let mut store = MisereStore::new();
//! // A game given by its options: {{*2}, *}, where *2 = {0, *}.
//! let star2 = store.nimber(2).unwrap();
//! let a = store.canonical(&[star2]).unwrap();
//! let g = store.canonical(&[a, FormId::STAR]).unwrap();
//! assert_eq!(store.notation(g).unwrap(), "2#1");
//! assert_eq!(store.outcome(g), OutcomeClass::First); // move to {*2}, a P-position
//! // G + G is not 0 in misère play, but its genus is that of 0.
//! let twice = store.sum(g, g).unwrap();
//! assert_ne!(twice, FormId::ZERO);
//! let mut genera = GenusTable::new();
//! assert_eq!(genera.genus(&store, g).unwrap().to_string(), "2^1420");
//! assert_eq!(genera.genus(&store, twice).unwrap().to_string(), "0^120");
//! ```

pub mod census;
pub mod genus;
pub mod graph;
pub mod notation;
pub mod store;
pub mod sum;

pub use genus::{tame_outcome, Genus, GenusKind, GenusTable, Phylum};
pub use graph::GraphFormError;
pub use notation::NotationError;
pub use store::{FormId, MisereStore};
