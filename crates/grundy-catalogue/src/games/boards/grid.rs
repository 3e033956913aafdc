//! Square boards of two players' stones written as their rows, top to bottom, then the player
//! to move (`x.o|...|... o`): the notation Quixo and Teeko share, read and written once here.

/// How a game writes its two players and their stones.
pub struct Stones {
    /// Each player's words for the player to move (the first is the one written), in lower
    /// case: `["b", "black"]`.
    pub players: [&'static [&'static str]; 2],
    /// Each player's letters on the board, in lower case (the first is the one written).
    pub letters: [&'static [char]; 2],
    /// What a cell holds, for errors: `cell`, `cube`.
    pub thing: &'static str,
    /// The letters a cell may hold, in words, for errors: `x, o or . (blank)`.
    pub expected: &'static str,
}

/// The empty `n` × `n` board with the first player to move, as written: an example for errors.
pub fn example(n: usize, stones: &Stones) -> String {
    format!(
        "{} {}",
        vec![".".repeat(n); n].join("|"),
        stones.players[0][0]
    )
}

/// Reads an `n` × `n` board (`n` ≤ 5) of `stones`: each player's stones as the bits of a
/// `u32` (bit `row · n + column`, row 0 the top), and whether the first player is to move.
/// Rows are separated by `|` (or `/`), empty cells are `.`, `-` or `_`; case does not matter.
/// An error names the row and column, or what is missing. O(n²).
pub fn read(text: &str, n: usize, stones: &Stones) -> Result<([u32; 2], bool), String> {
    let example = example(n, stones);
    let [first, second] = stones.players.map(|words| words[0]);
    let Some((board, mover)) = text.trim().rsplit_once(char::is_whitespace) else {
        return Err(format!(
            "expected the rows, top to bottom, separated by |, then the player to move \
             ({first} or {second}), like {example}"
        ));
    };
    let mover = mover.to_ascii_lowercase();
    let first_to_move = match stones.players.map(|words| words.contains(&mover.as_str())) {
        [true, _] => true,
        [_, true] => false,
        _ => {
            return Err(format!(
                "'{mover}' is not a player: the rows are followed by {first} or {second}, the \
                 player to move, like {example}"
            ))
        }
    };
    let rows: Vec<&str> = board.trim().split(['|', '/']).map(str::trim).collect();
    if rows.len() != n {
        return Err(format!(
            "expected {n} rows separated by |, like {example}; found {}",
            rows.len()
        ));
    }
    let [a, b] = stones.letters.map(|letters| letters[0]);
    let mut bits = [0u32; 2];
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().collect();
        if cells.len() != n {
            return Err(format!(
                "row {} has {} cells: expected {n} of {a}, {b} and .",
                r + 1,
                cells.len()
            ));
        }
        for (c, ch) in cells.iter().enumerate() {
            let ch = ch.to_ascii_lowercase();
            let bit = 1 << (r * n + c);
            match stones.letters.map(|letters| letters.contains(&ch)) {
                _ if matches!(ch, '.' | '-' | '_') => {}
                [true, _] => bits[0] |= bit,
                [_, true] => bits[1] |= bit,
                _ => {
                    return Err(format!(
                        "row {}, column {}: '{ch}' is not a {}: expected {}",
                        r + 1,
                        c + 1,
                        stones.thing,
                        stones.expected
                    ))
                }
            }
        }
    }
    Ok((bits, first_to_move))
}

/// The rows of an `n` × `n` board, top first, one letter a cell (`.` empty): each player's
/// stones (`bits`, as [`read`] gives them) by the first of its letters. O(n²).
pub fn rows(bits: [u32; 2], n: usize, stones: &Stones) -> Vec<String> {
    let [a, b] = stones.letters.map(|letters| letters[0]);
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let bit = 1 << (r * n + c);
                    match (bits[0] & bit != 0, bits[1] & bit != 0) {
                        (true, _) => a,
                        (_, true) => b,
                        _ => '.',
                    }
                })
                .collect()
        })
        .collect()
}

/// The board and the player to move as [`read`] reads them: the rows joined by `|`, a space,
/// then the first word of the player to move. O(n²).
pub fn write(bits: [u32; 2], first_to_move: bool, n: usize, stones: &Stones) -> String {
    let mover = stones.players[usize::from(!first_to_move)][0];
    format!("{} {mover}", rows(bits, n, stones).join("|"))
}
