//! # grundy-catalogue
//!
//! The catalogue of the `grundy` engine: the families of games answered by a formula, their
//! tables, how each is played and solved strongly ([`games`], declared once in
//! [`games::registry::FAMILIES`]), and play against the engine ([`play`]). It sits above the
//! engine and beside no front end: the engine never names a family, and every front end (the
//! command line, the web page, the Python package) is generated from the registry.
//!
//! ```
//! use grundy_catalogue::games::registry;
//!
//! let nim = registry::family("nim").unwrap();
//! assert_eq!(nim.name(), "nim");
//! ```

#![warn(missing_docs)]

mod catalogue_game;
pub mod games;
pub mod play;

pub use catalogue_game::CatalogueGame;

/// The guide's chapter `docs/library.md`: its Rust examples (the engine's and the
/// catalogue's) compiled and run as doc tests.
#[doc = include_str!("../../../docs/library.md")]
#[cfg(doctest)]
pub struct LibraryDoctests;
