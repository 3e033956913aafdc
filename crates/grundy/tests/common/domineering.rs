//! The published outcome classes of Domineering's empty rectangles
//! (`testdata/domineering/rectangles.txt`, its header names the sources), for the tests
//! and the benchmark of the search.

use std::path::Path;

use grundy::partizan::OutcomeClass;

/// Every published board: `(rows, columns, class)`, Vertical being Left.
pub fn published_rectangles() -> Vec<(usize, usize, OutcomeClass)> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/domineering/rectangles.txt");
    let text = std::fs::read_to_string(&path).expect("the table of rectangles");
    let mut boards = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (m, row) = line.split_once(' ').expect("a row number and its classes");
        let m: usize = m.parse().expect("a row number");
        for (n, c) in row.chars().enumerate() {
            let class = match c {
                'V' => OutcomeClass::Left,
                'H' => OutcomeClass::Right,
                'N' => OutcomeClass::First,
                'P' => OutcomeClass::Second,
                _ => panic!("class '{c}' in row {m}"),
            };
            boards.push((m, n + 1, class));
        }
    }
    boards
}
