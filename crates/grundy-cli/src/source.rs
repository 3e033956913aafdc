//! The one reader of "a file, or `-` for standard input".

use std::io::{self, Read};

use grundy::input::InputError;
use grundy_catalogue::games::family::Source;

/// The name of an input in messages: the path, or `<stdin>` for `-`.
pub fn origin(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// Reads a whole file as text, or standard input for `-`.
pub fn read_source(path: &str) -> Result<Source, InputError> {
    let origin = origin(path).to_string();
    let text = if path == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .map(|_| text)
            .map_err(|e| InputError::invalid(&origin, e))
    } else {
        std::fs::read_to_string(path).map_err(|e| InputError::invalid(&origin, e))
    }?;
    Ok(Source { origin, text })
}
