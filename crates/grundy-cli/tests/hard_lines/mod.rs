//! Command lines of the kinds that find unbounded work, for the fuzzing of the limits suite
//! (`cli_bounded.rs`): long Hackenbush strings and trees, Backsliding Toads and Frogs and Fox
//! and Geese for `grundy loopy`, sums of `over`, `on` and stoppers, misère sums like
//! `*163 + *163 + *163`, long Clobber strips, Snort and Col on paths and grids, Toads and Frogs
//! for `grundy search`, big heaps and ranges, tables over large ranges, and readers of
//! standard input fed generated graphs, records and moves.
//!
//! Every generator is sized so that a bounded engine answers or refuses within its budget:
//! the inputs are hard, not hopeless, and most are one step beyond what answers at once.

use rand::rngs::StdRng;
use rand::Rng;

/// A command line, what its standard input holds, and the files it reads (their names in
/// the run's directory, and their contents).
pub struct Line {
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    pub files: Vec<(String, Vec<u8>)>,
}

impl Line {
    /// `words` as arguments, with empty standard input.
    fn of(words: Vec<String>) -> Line {
        Line {
            args: words,
            stdin: Vec::new(),
            files: Vec::new(),
        }
    }

    /// `words`, with `stdin` on standard input.
    fn with_input(words: Vec<String>, stdin: String) -> Line {
        Line {
            stdin: stdin.into_bytes(),
            ..Line::of(words)
        }
    }
}

/// A generator: a hard command line of one command, its name the line's first word.
type Generator = fn(&mut StdRng) -> Line;

/// The commands with a generator of their own, and the generators. The commands of the
/// catalogue not named here are fuzzed from their help's example with bigger numbers
/// ([`enlarge`]).
pub const GENERATORS: &[(&str, Generator)] = &[
    ("hackenbush", hackenbush),
    ("clobber", clobber),
    ("anticlobber", anticlobber),
    ("konane", konane),
    ("amazons", amazons),
    ("domineering", domineering),
    ("cram", cram),
    ("toads-and-frogs", toads_and_frogs),
    ("toppling-dominoes", toppling_dominoes),
    ("snort", snort),
    ("col", col),
    ("loopy", loopy),
    ("cgt", cgt),
    ("misere-form", misere_form),
    ("misere-census", misere_census),
    ("misere-quotient", misere_quotient),
    ("octal", octal),
    ("table", table),
    ("search", search),
    ("strong", strong),
    ("connect4", connect4),
    ("cards", cards),
    ("play", play),
    ("solve", solve),
    ("merge", merge),
    ("nimber", nimber),
    ("geography", geography),
    ("increasing-distance", increasing_distance),
    ("rabbit-egg", rabbit_egg),
    ("candy-piles", candy_piles),
    ("completions", completions),
    ("man", man),
];

// ---------------------------------------------------------------------------------------------
// Small pieces

/// One of `items`.
fn pick<'a>(rng: &mut StdRng, items: &[&'a str]) -> &'a str {
    items[rng.random_range(0..items.len())]
}

/// Whether an event of probability 1/`n` happens.
fn one_in(rng: &mut StdRng, n: u32) -> bool {
    rng.random_range(0..n) == 0
}

/// `n` characters, each one of `alphabet`.
fn string_of(rng: &mut StdRng, alphabet: &str, n: usize) -> String {
    let chars: Vec<char> = alphabet.chars().collect();
    (0..n)
        .map(|_| chars[rng.random_range(0..chars.len())])
        .collect()
}

/// A string of a length in `lengths`, each character one of `alphabet`.
fn string_in(rng: &mut StdRng, alphabet: &str, lengths: std::ops::Range<usize>) -> String {
    let n = rng.random_range(lengths);
    string_of(rng, alphabet, n)
}

/// A board of `rows` rows of `columns` cells from `alphabet`, rows separated by `|`.
fn board(rng: &mut StdRng, alphabet: &str, columns: usize, rows: usize) -> String {
    (0..rows)
        .map(|_| string_of(rng, alphabet, columns))
        .collect::<Vec<_>>()
        .join("|")
}

/// A whole number spread over magnitudes: 10^0 to 10^`digits`, times a digit.
fn big(rng: &mut StdRng, digits: u32) -> String {
    let magnitude = 10u128.pow(rng.random_range(0..=digits.min(37)));
    (magnitude * rng.random_range(1..10)).to_string()
}

/// The words as owned strings.
fn words(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// The edges `U-V` of a `columns` × `rows` grid graph, vertices numbered row by row.
fn grid_edges(columns: usize, rows: usize) -> Vec<String> {
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            let v = r * columns + c;
            if c + 1 < columns {
                edges.push(format!("{v}-{}", v + 1));
            }
            if r + 1 < rows {
                edges.push(format!("{v}-{}", v + columns));
            }
        }
    }
    edges
}

/// A random graph in the position-graph format: `n` positions named `p0`..., `m` moves,
/// cycles allowed; with `attributes`, a third of the graphs have results at some positions and
/// a third payoffs.
fn graph(rng: &mut StdRng, n: usize, m: usize, attributes: bool) -> String {
    let mut text = String::new();
    for _ in 0..m {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        text.push_str(&format!("p{u} p{v}\n"));
    }
    let kind = if attributes {
        rng.random_range(0..3)
    } else {
        0
    };
    for p in 0..n {
        if kind > 0 && one_in(rng, 6) {
            let attribute = if kind == 1 {
                format!("result={}", pick(rng, &["win", "loss", "draw"]))
            } else {
                format!("payoff={}", rng.random_range(-9..10))
            };
            text.push_str(&format!("p{p} {attribute}\n"));
        }
    }
    text
}

/// A random tree in the position-graph format: `n` vertices `v0`..., each joined to an
/// earlier one.
fn tree(rng: &mut StdRng, n: usize) -> String {
    (1..n)
        .map(|v| format!("v{} v{v}\n", rng.random_range(0..v)))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The partizan rulesets

/// A Hackenbush string of `lrg` repeated (`lrglrglrg...`, the string that ran past its
/// timeout), a random string, a tree in the `re(l)gb(;l)(gr)` notation, or edges `U-V:C`.
fn hackenbush(rng: &mut StdRng) -> Line {
    let graph = match rng.random_range(0..4) {
        0 => "lrg".repeat(rng.random_range(4..12)),
        1 => string_in(rng, "lrgbe", 8..40),
        2 => {
            let mut edges = 0;
            hackenbush_stalk(rng, 0, &mut edges)
        }
        _ => {
            let n = rng.random_range(8..40);
            (1..=n)
                .map(|v| {
                    let colour = pick(rng, &["b", "r", "g"]);
                    format!("{}-{v}:{colour}", rng.random_range(0..v))
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    Line::of(words(&["hackenbush", &graph]))
}

/// A stalk of a Hackenbush tree: edges, and branchings `(A;B;...)` (some of them empty) up to
/// three deep, about 40 edges at most in all.
fn hackenbush_stalk(rng: &mut StdRng, depth: usize, edges: &mut usize) -> String {
    let mut stalk = String::new();
    for _ in 0..rng.random_range(1..8) {
        if depth < 3 && *edges < 40 && one_in(rng, 3) {
            let branches: Vec<String> = (0..rng.random_range(1..4))
                .map(|_| {
                    if one_in(rng, 4) {
                        String::new()
                    } else {
                        hackenbush_stalk(rng, depth + 1, edges)
                    }
                })
                .collect();
            stalk.push_str(&format!("({})", branches.join(";")));
        } else {
            *edges += 1;
            stalk.push_str(pick(rng, &["l", "r", "g", "b", "e"]));
        }
    }
    stalk
}

/// A long Clobber strip (alternating, the 128-cell strip that ran for minutes, or random) or
/// a board.
fn clobber(rng: &mut StdRng) -> Line {
    let position = match rng.random_range(0..3) {
        0 => "xo".repeat(rng.random_range(6..70)),
        1 => string_in(rng, "xo.", 10..60),
        _ => {
            let (c, r) = (rng.random_range(2..7), rng.random_range(2..6));
            board(rng, "xoxo.", c, r)
        }
    };
    Line::of(words(&["clobber", &position]))
}

/// A ruleset's board of stones and empty cells, `columns` × `rows` at random up to `most`.
fn stones(rng: &mut StdRng, command: &str, alphabet: &str, most: usize) -> Line {
    let (c, r) = (rng.random_range(2..=most), rng.random_range(1..=most));
    Line::of(words(&[command, &board(rng, alphabet, c, r)]))
}

/// An AntiClobber board.
fn anticlobber(rng: &mut StdRng) -> Line {
    stones(rng, "anticlobber", "xo...", 6)
}

/// A Konane board.
fn konane(rng: &mut StdRng) -> Line {
    stones(rng, "konane", "xoxo.#", 7)
}

/// An Amazons board, few amazons on many empty cells.
fn amazons(rng: &mut StdRng) -> Line {
    stones(rng, "amazons", "xo......#", 5)
}

/// A Domineering board, empty or with some cells filled.
fn domineering(rng: &mut StdRng) -> Line {
    stones(rng, "domineering", "....#", 8)
}

/// A Cram board.
fn cram(rng: &mut StdRng) -> Line {
    stones(rng, "cram", "....#", 8)
}

/// A Toads and Frogs strip: toads, a gap, frogs (`TTTT....FFFF`), or random.
fn toads_and_frogs(rng: &mut StdRng) -> Line {
    let strip = if one_in(rng, 2) {
        let (t, gap, f) = (
            rng.random_range(1..9),
            rng.random_range(1..8),
            rng.random_range(1..9),
        );
        format!("{}{}{}", "T".repeat(t), ".".repeat(gap), "F".repeat(f))
    } else {
        string_in(rng, "TF..", 8..30)
    };
    Line::of(words(&["toads-and-frogs", &strip]))
}

/// Rows of Toppling Dominoes.
fn toppling_dominoes(rng: &mut StdRng) -> Line {
    let rows: Vec<String> = (0..rng.random_range(1..4))
        .map(|_| string_in(rng, "xog", 3..40))
        .collect();
    Line::of(words(&["toppling-dominoes", &rows.join("|")]))
}

/// A graph for Snort or Col: a long path (the 30-vertex path that ran for minutes), a path
/// with branches, or a grid as `U-V` words.
fn vertex_graph(rng: &mut StdRng) -> String {
    match rng.random_range(0..3) {
        0 => {
            let path: Vec<&str> = (0..rng.random_range(8..45))
                .map(|_| pick(rng, &[".", ".", ".", ".", "L", "R"]))
                .collect();
            path.join("-")
        }
        1 => {
            let arm = |rng: &mut StdRng| "-.".repeat(rng.random_range(1..8));
            format!(".{}({};{};{})", arm(rng), arm(rng), arm(rng), arm(rng))
        }
        _ => {
            let (c, r) = (rng.random_range(2..7), rng.random_range(2..6));
            grid_edges(c, r).join(" ")
        }
    }
}

/// Snort on a path, a tree or a grid.
fn snort(rng: &mut StdRng) -> Line {
    Line::of(words(&["snort", &vertex_graph(rng)]))
}

/// Col on a path, a tree or a grid.
fn col(rng: &mut StdRng) -> Line {
    Line::of(words(&["col", &vertex_graph(rng)]))
}

// ---------------------------------------------------------------------------------------------
// Values: loopy games, short games, misère play

/// A loopy game in CGSuite's notation: a stopper, a short game, a named position, or a game
/// with `pass`.
fn loopy_term(rng: &mut StdRng) -> String {
    pick(
        rng,
        &[
            "over",
            "on",
            "off",
            "under",
            "upon",
            "dud",
            "{0|pass}",
            "{pass|0}",
            "a{0|{1|a}}",
            "b{0,b|*}",
            "{1|*}",
            "^",
            "*",
            "1/2",
            "-over",
            "{over|0}",
            "{on|off}",
        ],
    )
    .to_string()
}

/// `grundy loopy`: a Backsliding Toads and Frogs strip (`...TFFFT`, `TF...T`), a Fox and
/// Geese board, a sum of up to 25 loopy games (20 `over` once sent the user to an option the
/// command lacks), several games, or a comparison.
fn loopy(rng: &mut StdRng) -> Line {
    let mut line = words(&["loopy"]);
    match rng.random_range(0..5) {
        0 => {
            line.extend(words(&["--ruleset", "backsliding"]));
            line.push(string_in(rng, "TF...", 4..12));
        }
        1 => {
            line.extend(words(&["--ruleset", "fox-and-geese"]));
            line.push(fox_and_geese(rng));
        }
        2 => {
            let terms: Vec<String> = (0..rng.random_range(2..26))
                .map(|_| {
                    if one_in(rng, 2) {
                        "over".to_string()
                    } else {
                        loopy_term(rng)
                    }
                })
                .collect();
            line.push(terms.join("+"));
        }
        3 => line.extend((0..rng.random_range(1..5)).map(|_| loopy_term(rng))),
        _ => {
            line.push("--compare".to_string());
            line.extend((0..2).map(|_| loopy_term(rng)));
        }
    }
    Line::of(line)
}

/// A Fox and Geese board, `n` × `n` (4 to 8): geese on the dark squares of the top row (those
/// of the bottom-left corner's colour), a quarter of them left out, and the fox on one of the
/// bottom row's.
fn fox_and_geese(rng: &mut StdRng) -> String {
    let n = rng.random_range(4..=8usize);
    let dark = |r: usize, c: usize| (r + c) % 2 == (n - 1) % 2;
    let mut cells = vec![vec!['.'; n]; n];
    for (c, cell) in cells[0].iter_mut().enumerate() {
        if dark(0, c) && !one_in(rng, 4) {
            *cell = 'G';
        }
    }
    let fox: Vec<usize> = (0..n).filter(|&c| dark(n - 1, c)).collect();
    cells[n - 1][fox[rng.random_range(0..fox.len())]] = 'F';
    cells
        .iter()
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// `grundy cgt`: sums of switches `+-1 + +-2 + ...` (their canonical forms grow as 2^n),
/// nested hot games, ups and nimbers, with cooling, heating, overheating, Norton products, a
/// comparison or a thermograph; or games read from standard input.
fn cgt(rng: &mut StdRng) -> Line {
    let game = |rng: &mut StdRng| match rng.random_range(0..4) {
        0 => (1..rng.random_range(2..24))
            .map(|n| format!("+-{n}"))
            .collect::<Vec<_>>()
            .join("+"),
        1 => (1..rng.random_range(2..12))
            .map(|n| format!("{{{}||{}*|{}*}}", n + 2, n + 1, n))
            .collect::<Vec<_>>()
            .join("+"),
        2 => format!(
            "{}+*{}+{}",
            "^".repeat(rng.random_range(1..200)),
            rng.random_range(0..64),
            pick(rng, &["{1|*}", "{2|{1|0}}", "+-1", "1/1024"])
        ),
        _ => pick(rng, &["{3||2*|1*}", "{1|*}", "^*", "+-{1|0}", "{0|v}"]).to_string(),
    };
    let mut line = words(&["cgt"]);
    if one_in(rng, 6) {
        let lines: String = (0..rng.random_range(1..20))
            .map(|_| game(rng) + "\n")
            .collect();
        line.push("-".to_string());
        return Line::with_input(line, lines);
    }
    line.push(game(rng));
    match rng.random_range(0..8) {
        0 => line.extend(words(&["--cool", pick(rng, &["1/2", "1", "3", "-1/2"])])),
        1 => line.extend(words(&["--heat", pick(rng, &["1", "^", "{1|*}"])])),
        2 => line.extend(words(&["--overheat", "1", pick(rng, &["2", "{1|0}", "^"])])),
        3 => line.extend(words(&["--norton", pick(rng, &["^", "1*", "{2|1}"])])),
        4 => {
            line.insert(1, "--compare".to_string());
            line.push(game(rng));
        }
        5 => line.extend(words(&[pick(rng, &["--svg", "--png"]), "thermograph"])),
        _ => {}
    }
    Line::of(line)
}

/// `grundy misere-form`: sums of big heaps (`*163 + *163 + *163`, over 120 s unbounded) and
/// small games, as one argument or several.
fn misere_form(rng: &mut StdRng) -> Line {
    let terms: Vec<String> = (0..rng.random_range(2..6))
        .map(|_| match rng.random_range(0..3) {
            0 => format!("*{}", rng.random_range(1..200)),
            1 => pick(rng, &["2#1", "*[(2#1)21]", "2#", "3", "&5;"]).to_string(),
            _ => "*163".to_string(),
        })
        .collect();
    let mut line = words(&["misere-form"]);
    if one_in(rng, 2) {
        line.push(terms.join(" + "));
    } else {
        line.extend(terms);
    }
    if one_in(rng, 4) {
        line.extend(words(&["--max-length", &big(rng, 7)]));
    }
    Line::of(line)
}

/// `grundy misere-census` to day 4, 5 or beyond, listed now and then.
fn misere_census(rng: &mut StdRng) -> Line {
    let mut line = words(&["misere-census", &rng.random_range(2..7).to_string()]);
    if one_in(rng, 3) {
        line.push("--list".to_string());
    }
    Line::of(line)
}

/// Take-and-break codes: Kayles, Dawson's, Grundy's game, and others; the first six leave
/// at most two heaps, as misère quotients need.
const CODES: &[&str] = &[
    "0.77", "0.07", "0.75", "4.07", "0.137", "grundy", "0.6", "0.f", "0.4f", "0.33",
];

/// `grundy misere-quotient` of a code whose moves leave at most two heaps, over many heaps,
/// with sums and a budget of sums.
fn misere_quotient(rng: &mut StdRng) -> Line {
    let upto = rng.random_range(10..400);
    let mut line = words(&[
        "misere-quotient",
        pick(rng, &CODES[..6]),
        "--upto",
        &upto.to_string(),
    ]);
    if one_in(rng, 2) {
        let heaps: Vec<String> = (0..rng.random_range(1..12))
            .map(|_| rng.random_range(0..=upto).to_string())
            .collect();
        line.extend(words(&["--sum", &heaps.join(",")]));
    }
    if one_in(rng, 3) {
        line.extend(words(&["--sums", &big(rng, 7)]));
    }
    if one_in(rng, 4) {
        line.push("--elements".to_string());
    }
    Line::of(line)
}

/// `grundy octal` of a code to a large heap.
fn octal(rng: &mut StdRng) -> Line {
    Line::of(words(&["octal", pick(rng, CODES), "--upto", &big(rng, 9)]))
}

// ---------------------------------------------------------------------------------------------
// Tables, searches, strong solutions

/// `grundy table` over large ranges: values of heaps to 10^8, two-pile tables of thousands of
/// rows, rulesets' boards beyond what is small, in text, patterns or pictures.
fn table(rng: &mut StdRng) -> Line {
    let one = [
        "0.77",
        "grundy",
        "squares",
        "fibonacci",
        "coins:ruler",
        "coins:mock-turtles",
        "subtraction:1..1000",
        "subtraction:except:3",
        "misere:0.77",
        "misere:0.75",
    ];
    let two = [
        "nim2",
        "wythoff",
        "domineering",
        "cram",
        "toads-and-frogs",
        "toppling-dominoes",
        "mexmat:120:201",
    ];
    let mut line = words(&["table"]);
    if one_in(rng, 2) {
        line.push(pick(rng, &one).to_string());
        line.extend(words(&["--n", &format!("0..{}", big(rng, 8))]));
        if one_in(rng, 3) {
            line.extend(words(&["--width", &big(rng, 4)]));
        }
    } else {
        let game = pick(rng, &two);
        let most = if ["nim2", "wythoff"].contains(&game) {
            5
        } else {
            1
        };
        line.push(game.to_string());
        line.extend(words(&["--a", &format!("0..{}", big(rng, most))]));
        if one_in(rng, 2) {
            line.extend(words(&["--b", &format!("0..{}", big(rng, most))]));
        }
    }
    match rng.random_range(0..6) {
        0 => line.push("--outcome".to_string()),
        1 => line.push("--patterns".to_string()),
        2 => line.extend(words(&["--png", "table.png"])),
        3 => line.extend(words(&["--svg", "table.svg"])),
        _ => {}
    }
    Line::of(line)
}

/// `grundy search`: Toads and Frogs strips like `.FT.F..T..FTTFTF..F.F.` (whose regions once
/// ran past `--max-positions`), Clobber strips, Domineering, Cram and Konane boards, Connect
/// Four move sequences; with position budgets, region sizes and sides.
fn search(rng: &mut StdRng) -> Line {
    let (game, position) = match rng.random_range(0..6) {
        0 | 1 => ("toads-and-frogs", string_in(rng, "TF...", 10..30)),
        2 => ("clobber", string_in(rng, "xo", 10..40)),
        3 => {
            let (c, r) = (rng.random_range(3..10), rng.random_range(3..10));
            (
                pick(rng, &["domineering", "cram"]),
                board(rng, "......#", c, r),
            )
        }
        4 => {
            let (c, r) = (rng.random_range(3..7), rng.random_range(3..7));
            ("konane", board(rng, "xoxo.", c, r))
        }
        _ => ("connect4", string_in(rng, "1234567", 0..12)),
    };
    let mut line = words(&["search", game, &position]);
    if one_in(rng, 2) {
        line.extend(words(&["--max-positions", &big(rng, 6)]));
    }
    if game != "connect4" && one_in(rng, 3) {
        line.extend(words(&["--small", &rng.random_range(0..25).to_string()]));
    }
    if game != "connect4" && one_in(rng, 3) {
        line.extend(words(&["--first", pick(rng, &["left", "right", "both"])]));
    }
    if one_in(rng, 4) {
        line.extend(words(&["--table", pick(rng, &["1M", "4M", "64M"])]));
    }
    if one_in(rng, 4) {
        line.extend(words(&["--threads", pick(rng, &["1", "2"])]));
    }
    Line::of(line)
}

/// `grundy strong`: Connect Four and the card game on boards and hands small enough to solve
/// in seconds, or a check of a folder that holds no solution.
fn strong(rng: &mut StdRng) -> Line {
    Line::of(match rng.random_range(0..3) {
        0 => words(&[
            "strong",
            "connect4",
            "--width",
            &rng.random_range(1..5).to_string(),
            "--height",
            &rng.random_range(1..5).to_string(),
            "solution",
        ]),
        1 => words(&[
            "strong",
            "cards",
            "--cards",
            &rng.random_range(1..4).to_string(),
            "--modulus",
            &rng.random_range(1..5).to_string(),
            "solution",
        ]),
        _ => words(&["strong", "check", "solution"]),
    })
}

/// `grundy connect4`: a move sequence, on the default board or a small one, with a budget of
/// positions.
fn connect4(rng: &mut StdRng) -> Line {
    let mut line = words(&["connect4", &string_in(rng, "1234567", 0..20)]);
    if one_in(rng, 2) {
        line.extend(words(&["--width", &rng.random_range(1..9).to_string()]));
        line.extend(words(&["--height", &rng.random_range(1..8).to_string()]));
    }
    if one_in(rng, 2) {
        line.extend(words(&["--max-positions", &big(rng, 6)]));
    }
    Line::of(line)
}

/// `grundy cards`: two hands of up to 10 cards modulo up to 9.
fn cards(rng: &mut StdRng) -> Line {
    let modulus = rng.random_range(2..10);
    let n = rng.random_range(1..11);
    let hand = |rng: &mut StdRng| {
        (0..n)
            .map(|_| rng.random_range(0..modulus).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (mover, other) = (hand(rng), hand(rng));
    let mut line = words(&["cards", &mover, &other, "--modulus", &modulus.to_string()]);
    if one_in(rng, 2) {
        line.extend(words(&["--max-positions", &big(rng, 6)]));
    }
    Line::of(line)
}

// ---------------------------------------------------------------------------------------------
// Play, and the readers of standard input

/// `grundy play`: a game from the list of its help at a start made bigger, played against
/// standard input closed at once or scripted with moves, hints, undos and nonsense.
fn play(rng: &mut StdRng) -> Line {
    let game: Vec<String> = match rng.random_range(0..8) {
        0 => {
            let piles = (0..rng.random_range(1..6)).map(|_| big(rng, 4));
            ["nim".to_string()].into_iter().chain(piles).collect()
        }
        1 => words(&["wythoff", &big(rng, 6), &big(rng, 6)]),
        2 => words(&["take-and-break:0.77", &big(rng, 2), &big(rng, 2)]),
        3 => words(&["domineering", &board(rng, "....#", 4, 4)]),
        4 => words(&["hackenbush", &"lrg".repeat(rng.random_range(2..8))]),
        5 => words(&["clobber", &"xo".repeat(rng.random_range(3..12))]),
        6 => words(&["toads-and-frogs", &string_of(rng, "TF..", 12)]),
        _ => words(&["subtraction:1,3,4", &big(rng, 5)]),
    };
    let mut line = words(&["play"]);
    line.extend(game);
    if one_in(rng, 3) {
        line.extend(words(&["--first", pick(rng, &["me", "engine"])]));
    }
    if one_in(rng, 4) {
        line.push("--hints".to_string());
    }
    if one_in(rng, 3) {
        line.extend(words(&["--limit", &big(rng, 7)]));
    }
    let script: String = (0..rng.random_range(0..30))
        .map(|_| {
            let said = match rng.random_range(0..6) {
                0 => pick(rng, &["hint", "undo", "show", "quit", "", "help"]).to_string(),
                1 => big(rng, 20),
                2 => string_in(rng, "0123456789 .|xo-", 1..20),
                _ => rng.random_range(1..6).to_string(),
            };
            said + "\n"
        })
        .collect();
    Line::with_input(line, script)
}

/// `grundy solve -`: a random graph on standard input, up to 20,000 moves, cycles and fixed
/// results included, solved for outcomes, values or payoffs.
fn solve(rng: &mut StdRng) -> Line {
    let n = rng.random_range(1..5_000);
    let m = rng.random_range(0..20_000);
    let mut line = words(&["solve", "-"]);
    match rng.random_range(0..5) {
        0 => line.extend(words(&["--values", "grundy"])),
        1 => line.extend(words(&["--values", "payoff", "--infinite-payoff", "0"])),
        2 => line.extend(words(&["--tokens", "p0,p1,p1"])),
        3 => line.push("--misere".to_string()),
        _ => {}
    }
    if one_in(rng, 2) {
        line.extend(words(&["--start", "p0"]));
    }
    if one_in(rng, 2) {
        line.push("--summary".to_string());
    }
    Line::with_input(line, graph(rng, n, m, true))
}

/// `grundy merge`: the parts a distributed solve wrote, each a listing of up to 2,000 rows.
fn merge(rng: &mut StdRng) -> Line {
    let mut line = Line::of(words(&["merge"]));
    for part in 0..rng.random_range(1..4) {
        let rows: String = (0..rng.random_range(0..2_000))
            .map(|p| format!("p{p}\t{}\n", pick(rng, &["win", "loss", "draw"])))
            .collect();
        let name = format!("part-{part}.tsv");
        line.args.push(name.clone());
        line.files.push((name, rows.into_bytes()));
    }
    line
}

/// `grundy nimber`: arithmetic on 64-bit numbers, powers with huge exponents, products in
/// bulk from standard input.
fn nimber(rng: &mut StdRng) -> Line {
    let number = |rng: &mut StdRng| rng.random_range(0..u64::MAX).to_string();
    let op = pick(rng, &["add", "mul", "div", "inv", "sqrt", "pow", "batch"]);
    let mut line = words(&["nimber", op]);
    match op {
        "batch" => {
            let t = rng.random_range(0..20_000);
            let mut input = format!("{t}\n");
            for _ in 0..t {
                input.push_str(&format!("{} {}\n", number(rng), number(rng)));
            }
            return Line::with_input(line, input);
        }
        "inv" | "sqrt" => line.push(number(rng)),
        "pow" => line.extend([number(rng), big(rng, 19)]),
        _ => line.extend([number(rng), number(rng)]),
    }
    Line::of(line)
}

/// `grundy geography -`: a random undirected graph, or a grid with blocked cells, on standard
/// input, with a start or without.
fn geography(rng: &mut StdRng) -> Line {
    if one_in(rng, 2) {
        let (c, r) = (rng.random_range(1..60), rng.random_range(1..60));
        let grid: String = (0..r).map(|_| string_of(rng, "....#", c) + "\n").collect();
        let mut line = words(&["geography", "--grid", "-"]);
        if one_in(rng, 2) {
            line.extend(words(&["--start", "1,1"]));
        }
        Line::with_input(line, grid)
    } else {
        let n = rng.random_range(1..3_000);
        let mut line = words(&["geography", "-"]);
        if one_in(rng, 2) {
            line.extend(words(&["--start", "p0"]));
        }
        let m = rng.random_range(0..3 * n);
        Line::with_input(line, graph(rng, n, m, false))
    }
}

/// `grundy increasing-distance -`: a random tree of up to 20,000 vertices on standard input.
fn increasing_distance(rng: &mut StdRng) -> Line {
    let n = rng.random_range(1..20_000);
    let mut line = words(&["increasing-distance", "-", "--start", "v0"]);
    if one_in(rng, 3) {
        line.extend(words(&["--last", &rng.random_range(0..n).to_string()]));
    }
    Line::with_input(line, tree(rng, n))
}

/// `grundy rabbit-egg -`: a board of black and white pieces with one empty cell, and a
/// record of up to 200 rounds played at random: each move a piece of the mover's colour (the
/// rabbit's white, the egg's black) next to the empty cell, until the mover has none.
fn rabbit_egg(rng: &mut StdRng) -> Line {
    let (n, m) = (rng.random_range(1..40), rng.random_range(1..40));
    let mut cells: Vec<Vec<char>> = (0..n)
        .map(|_| string_of(rng, "XO", m).chars().collect())
        .collect();
    let mut empty = (rng.random_range(0..n), rng.random_range(0..m));
    cells[empty.0][empty.1] = '.';
    let mut input = format!("{n} {m}\n");
    for row in &cells {
        input.extend(row.iter());
        input.push('\n');
    }
    let mut moves = Vec::new();
    'rounds: for _ in 0..rng.random_range(0..200) {
        for piece in ['O', 'X'] {
            let (r, c) = empty;
            let next: Vec<(usize, usize)> = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ]
            .into_iter()
            .filter(|&(r, c)| r < n && c < m && cells[r][c] == piece)
            .collect();
            if next.is_empty() {
                break 'rounds;
            }
            let (r2, c2) = next[rng.random_range(0..next.len())];
            cells[r][c] = piece;
            cells[r2][c2] = '.';
            empty = (r2, c2);
            moves.push(format!("{} {}\n", r2 + 1, c2 + 1));
        }
    }
    // A round is the rabbit's move and the egg's: a record has whole rounds.
    moves.truncate(moves.len() / 2 * 2);
    input.push_str(&format!("{}\n", moves.len() / 2));
    input.extend(moves);
    let mut line = words(&["rabbit-egg", "-"]);
    if one_in(rng, 2) {
        line.push("--noi".to_string());
    }
    Line::with_input(line, input)
}

/// `grundy candy-piles --file -`: many piles, some of them huge.
fn candy_piles(rng: &mut StdRng) -> Line {
    let n = rng.random_range(1..50_000);
    let piles: Vec<String> = (0..n)
        .map(|_| match rng.random_range(0..3) {
            0 => rng.random::<u64>().to_string(),
            _ => big(rng, 18),
        })
        .collect();
    Line::with_input(
        words(&["candy-piles", "--file", "-"]),
        format!("{n}\n{}\n", piles.join(" ")),
    )
}

/// `grundy completions SHELL`.
fn completions(rng: &mut StdRng) -> Line {
    Line::of(words(&[
        "completions",
        pick(rng, &["bash", "zsh", "fish", "elvish", "powershell"]),
    ]))
}

/// `grundy man`.
fn man(_: &mut StdRng) -> Line {
    Line::of(words(&["man"]))
}

/// A command line of the help's examples made bigger: each whole number replaced, with
/// probability 1/2, by one of up to 12 digits, and the last argument, if a number, repeated
/// up to 5,000 times (many piles, many coins).
pub fn enlarge(example: &[String], rng: &mut StdRng) -> Vec<String> {
    let mut line: Vec<String> = example
        .iter()
        .map(|arg| {
            if arg.chars().all(|c| c.is_ascii_digit()) && !arg.is_empty() && one_in(rng, 2) {
                big(rng, 12)
            } else {
                arg.clone()
            }
        })
        .collect();
    if let Some(last) = line.last().cloned() {
        if last.chars().all(|c| c.is_ascii_digit()) && !last.is_empty() && one_in(rng, 2) {
            let copies = rng.random_range(1..5_000);
            line.extend(std::iter::repeat_n(last, copies));
        }
    }
    line
}
