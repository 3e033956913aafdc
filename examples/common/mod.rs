//! Helpers shared by the contest-problem examples, each used as `mod common;`.

/// The input text of an example: `sample` without arguments, the file named by the one
/// argument, or standard input for `-`; an error message otherwise. O(size of the input).
pub fn read_input(args: &[String], sample: &str) -> Result<String, String> {
    match args {
        [] => Ok(sample.to_string()),
        [path] if path == "-" => std::io::read_to_string(std::io::stdin())
            .map_err(|e| format!("cannot read standard input: {e}")),
        [path] => std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}")),
        _ => Err("give at most one input file".to_string()),
    }
}
