//! The guide against the registry: every family of the catalogue is shown as a command in
//! the docs, every game that can be played is named in the chapter on playing, and every
//! family that solves strongly in the chapter on strong solving, so that a family added to
//! the registry without its docs row fails here.

use std::fs;
use std::path::Path;

use grundy_catalogue::games::registry::{self, FAMILIES};

/// The text of every chapter of the guide.
fn guide() -> String {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let mut text = String::new();
    for entry in fs::read_dir(docs).expect("the docs folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            text += &fs::read_to_string(&path).expect("a chapter");
        }
    }
    text
}

/// A chapter of the guide.
fn chapter(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(name);
    fs::read_to_string(path).expect("a chapter")
}

#[test]
fn every_family_is_shown_in_the_guide() {
    let guide = guide();
    for family in FAMILIES {
        let shown = format!("grundy {} ", family.name());
        assert!(guide.contains(&shown), "no `{shown}...` in docs/");
    }
}

#[test]
fn every_playable_game_is_named_in_the_chapter_on_playing() {
    let playing = chapter("playing.md");
    for game in registry::playables() {
        let named = format!("`{}", game.example());
        assert!(playing.contains(&named), "{named}` not in docs/playing.md");
    }
}

#[test]
fn every_strong_solution_is_shown_in_the_chapter_on_strong_solving() {
    let strong = chapter("strong.md");
    for (family, _) in registry::strong_families() {
        let shown = format!("grundy strong {} ", family.name());
        assert!(strong.contains(&shown), "no `{shown}...` in docs/strong.md");
    }
}
