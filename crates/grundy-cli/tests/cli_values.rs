//! The `grundy` binary's value modes, run on graph files written to a temporary directory:
//! `solve --values grundy` (with cycles too), sums of tokens with `--tokens`, `solve --values
//! payoff` with and without `--infinite-payoff`, and the flag combinations that are refused.
//! Every expected answer is worked out by hand in a comment beside it. No run may panic.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

mod catalogue_run;

use catalogue_run::{grundy, path_str, run_with_input, temp_file};
use serde_json::{json, Value};

/// The bundled loopy example: `examples/loopy-nim.game`.
fn loopy_nim() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/loopy-nim.game")
}

/// Asserts a refused run: exit code 2, nothing on stdout, and a message containing `needle`.
#[track_caller]
fn assert_refused(args: &[&str], needle: &str) {
    let run = grundy(args);
    let stderr = run.failed();
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

/// The moves `u v` of a graph text (comments, lone positions and attributes skipped), and its
/// positions in order of first mention.
fn moves_of(text: &str) -> (Vec<String>, Vec<(String, String)>) {
    let mut positions: Vec<String> = Vec::new();
    let mut moves = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        for w in &words {
            if !w.contains('=') && !positions.iter().any(|p| p == w) {
                positions.push(w.to_string());
            }
        }
        if let [u, v] = words[..] {
            if !v.contains('=') {
                moves.push((u.to_string(), v.to_string()));
            }
        }
    }
    (positions, moves)
}

// ---------------------------------------------------------------------------------------------
// --values grundy
// ---------------------------------------------------------------------------------------------

/// Take 1 or 2 counters from a pile of n (0..6), written in descending order: the value of n
/// is mex of the values of n-1 and n-2, so 0, 1, 2, 0, 1, 2, 0 (n mod 3). 1 + 2 + 4·2 = 11
/// moves.
const TAKE_1_OR_2: &str = "\
6 5
6 4
5 4
5 3
4 3
4 2
3 2
3 1
2 1
2 0
1 0
";

/// Nim heaps 0..7: n moves to every m < n, so the value of n is n.
fn nim_heaps() -> String {
    let mut text = String::new();
    for n in 1..=7 {
        for m in 0..n {
            text.push_str(&format!("{n} {m}\n"));
        }
    }
    text
}

#[test]
fn grundy_values_of_an_acyclic_graph() {
    let file = temp_file("take-1-or-2.txt", TAKE_1_OR_2);
    let path = path_str(&file);
    let run = grundy(&["solve", path, "--values", "grundy"]);
    assert_eq!(
        run.ok(),
        "\
7 positions, 11 moves: Sprague-Grundy values up to 2
position  value
0         0
1         1
2         2
3         0
4         1
5         2
6         0
"
    );
    // TSV: `node<TAB>value`, integer ids ascending although the file lists them descending.
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "tsv"]);
    assert_eq!(run.ok(), "0\t0\n1\t1\n2\t2\n3\t0\n4\t1\n5\t2\n6\t0\n");
    // JSON: finite values are numbers and have no inf_set.
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    let positions: Vec<Value> = (0..=6)
        .map(|n| json!({"position": n.to_string(), "value": n % 3}))
        .collect();
    assert_eq!(doc, json!({"loopy": false, "positions": positions}));
    // --summary keeps the first line only.
    let run = grundy(&["solve", path, "--values", "grundy", "--summary"]);
    assert_eq!(
        run.ok(),
        "7 positions, 11 moves: Sprague-Grundy values up to 2\n"
    );
    // Nim heaps: value n at n.
    let file = temp_file("nim-heaps.txt", &nim_heaps());
    let run = grundy(&[
        "solve",
        path_str(&file),
        "--values",
        "grundy",
        "--format",
        "tsv",
    ]);
    let expected: String = (0..=7).map(|n| format!("{n}\t{n}\n")).collect();
    assert_eq!(run.ok(), expected);
}

#[test]
fn grundy_values_of_an_empty_graph() {
    let file = temp_file("empty.txt", "# nothing\n");
    let path = path_str(&file);
    let run = grundy(&["solve", path, "--values", "grundy"]);
    assert_eq!(run.ok(), "0 positions, 0 moves: Sprague-Grundy values\n");
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "tsv"]);
    assert_eq!(run.ok(), "");
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(doc, json!({"loopy": false, "positions": []}));
}

#[test]
fn grundy_values_of_the_loopy_example() {
    // examples/loopy-nim.game, by hand with the generalised Sprague-Grundy function:
    // - 0 has no move: 0; 1 -> 0: 1; 2 -> 0, 1: 2; 3 -> 0, 1, 2: 3.
    // - y -> x, 1: no option is known to be 0, and both x (-> 0) and 1 (-> 0) can be answered
    //   by a move to 0, so y = 0. Then x -> y (0), 0 (0): x = mex{0} = 1.
    // - z -> x (1), 2 (2): 0 is missing, and both options reverse to 0 (x -> y, 2 -> 0): 0.
    // - u <-> v only: no finite value at all, inf() (a draw).
    // - w -> u, 0: it cannot be 0 (option 0), and 1 would need u to reverse to a 1: inf(0).
    // Positions are names here (x, y, ...), so in file order; 16 moves.
    let file = loopy_nim();
    let path = path_str(&file);
    let run = grundy(&["solve", path, "--values", "grundy"]);
    assert_eq!(
        run.ok(),
        "\
10 positions, 16 moves: Sprague-Grundy values up to 3 (the graph has cycles; 3 positions of value inf)
position  value
0         0
1         1
2         2
3         3
x         1
y         0
z         0
u         inf()
v         inf()
w         inf(0)
"
    );
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "tsv"]);
    assert_eq!(
        run.ok(),
        "0\t0\n1\t1\n2\t2\n3\t3\nx\t1\ny\t0\nz\t0\nu\tinf()\nv\tinf()\nw\tinf(0)\n"
    );
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(
        doc,
        json!({"loopy": true, "positions": [
            {"position": "0", "value": 0},
            {"position": "1", "value": 1},
            {"position": "2", "value": 2},
            {"position": "3", "value": 3},
            {"position": "x", "value": 1},
            {"position": "y", "value": 0},
            {"position": "z", "value": 0},
            {"position": "u", "value": "inf", "inf_set": []},
            {"position": "v", "value": "inf", "inf_set": []},
            {"position": "w", "value": "inf", "inf_set": [0]},
        ]})
    );
    // The summary counts the infinite positions.
    let run = grundy(&["solve", path, "--values", "grundy", "--summary"]);
    assert_eq!(
        run.ok(),
        "10 positions, 16 moves: Sprague-Grundy values up to 3 (the graph has cycles; 3 \
         positions of value inf)\n"
    );
}

/// Integer ids out of order with a cycle: 0, 1 -> 0, 2 -> 0, 1 (values 0, 1, 2); 7 <-> 8 only
/// (inf()); 9 -> 7, 0, 2. 9 is not 0 (option 0); 1 is missing among its options so it cannot
/// be 2 or more; 1 would need 7 to reverse to a 1, and 7 only moves to 8: 9 = inf(0,2).
const INTEGER_LOOP: &str = "9 7\n9 0\n9 2\n8 7\n7 8\n2 1\n2 0\n1 0\n";

#[test]
fn grundy_values_with_cycles_and_integer_ids() {
    let file = temp_file("integer-loop.txt", INTEGER_LOOP);
    let path = path_str(&file);
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "tsv"]);
    assert_eq!(
        run.ok(),
        "0\t0\n1\t1\n2\t2\n7\tinf()\n8\tinf()\n9\tinf(0,2)\n"
    );
    for line in run.stdout.lines() {
        assert_eq!(line.split('\t').count(), 2, "{line}");
    }
    let run = grundy(&["solve", path, "--values", "grundy", "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(doc["loopy"], true);
    assert_eq!(
        doc["positions"][5],
        json!({"position": "9", "value": "inf", "inf_set": [0, 2]})
    );
    assert_eq!(
        doc["positions"][3],
        json!({"position": "7", "value": "inf", "inf_set": []})
    );
    assert_eq!(doc["positions"][2], json!({"position": "2", "value": 2}));
    let run = grundy(&["solve", path, "--values", "grundy"]);
    assert_eq!(
        run.ok(),
        "\
6 positions, 8 moves: Sprague-Grundy values up to 2 (the graph has cycles; 3 positions of value inf)
position  value
0         0
1         1
2         2
7         inf()
8         inf()
9         inf(0,2)
"
    );
}

// ---------------------------------------------------------------------------------------------
// --tokens
// ---------------------------------------------------------------------------------------------

/// Runs `--tokens` in the three formats; returns (text, tsv, json).
fn tokens(path: &str, tokens: &str) -> (String, String, Value) {
    let text = grundy(&["solve", path, "--tokens", tokens])
        .ok()
        .to_string();
    let tsv = grundy(&["solve", path, "--tokens", tokens, "--format", "tsv"])
        .ok()
        .to_string();
    let json = grundy(&["solve", path, "--tokens", tokens, "--format", "json"]);
    let json: Value = serde_json::from_str(json.ok()).expect("valid JSON");
    (text, tsv, json)
}

/// Checks a winning move of a sum of tokens of finite values: it moves a token whose value has
/// the top bit of the XOR x, along a move of the graph, to a position of value v ^ x, and the
/// sum afterwards has XOR 0.
#[track_caller]
fn check_winning_move(
    values: &HashMap<String, u32>,
    moves: &[(String, String)],
    tokens: &[&str],
    from: &str,
    to: &str,
) {
    let x = tokens.iter().fold(0, |a, t| a ^ values[*t]);
    assert_ne!(x, 0, "a winning sum");
    let top = 1u32 << (31 - x.leading_zeros());
    assert!(
        tokens.contains(&from),
        "{from} is not a token of {tokens:?}"
    );
    let v = values[from];
    assert_ne!(v & top, 0, "{from} (value {v}) lacks the top bit of {x}");
    assert!(
        moves.iter().any(|(u, w)| u == from && w == to),
        "{from} -> {to} is not a move"
    );
    assert_eq!(values[to], v ^ x, "value of {to}");
    let mut after: Vec<&str> = tokens.to_vec();
    let i = after.iter().position(|t| *t == from).expect("token");
    after[i] = to;
    assert_eq!(after.iter().fold(0, |a, t| a ^ values[*t]), 0, "{after:?}");
}

#[test]
fn tokens_whose_xor_is_zero_lose() {
    // Nim heaps 3, 5, 6: 3 ^ 5 ^ 6 = 0, a loss with no winning move.
    let file = temp_file("tokens-zero.txt", &nim_heaps());
    let (text, tsv, json) = tokens(path_str(&file), "3,5,6");
    assert_eq!(
        text,
        "\
tokens at 3 (3), 5 (5), 6 (6)
sum: value 0, loss
every move leaves the opponent a winning sum
"
    );
    assert_eq!(tsv, "loss\t-\t-\n");
    assert_eq!(
        json,
        json!({
            "tokens": [
                {"position": "3", "value": 3},
                {"position": "5", "value": 5},
                {"position": "6", "value": 6},
            ],
            "outcome": "loss",
            "value": 0,
            "winning_move": null,
        })
    );
    // Take 1 or 2: 3 and 6 are both 0, and 1 ^ 4 = 1 ^ 1 = 0.
    let file = temp_file("tokens-zero-take.txt", TAKE_1_OR_2);
    for t in ["3,6", "1,4", "0", "2,5,3"] {
        let (_, tsv, json) = tokens(path_str(&file), t);
        assert_eq!(tsv, "loss\t-\t-\n", "{t}");
        assert_eq!(json["value"], 0, "{t}");
    }
}

#[test]
fn tokens_whose_xor_is_nonzero_win() {
    // Nim heaps 3, 5: x = 6, top bit 4; only 5 has it, and 5 ^ 6 = 3: move the 5 to 3.
    let text = nim_heaps();
    let file = temp_file("tokens-win.txt", &text);
    let path = path_str(&file);
    let (out, tsv, json) = tokens(path, "3,5");
    assert_eq!(
        out,
        "\
tokens at 3 (3), 5 (5)
sum: value 6, win
winning move: the token at 5 to 3
"
    );
    assert_eq!(tsv, "win\t5\t3\n");
    assert_eq!(
        json,
        json!({
            "tokens": [{"position": "3", "value": 3}, {"position": "5", "value": 5}],
            "outcome": "win",
            "value": 6,
            "winning_move": {"from": "5", "to": "3"},
        })
    );

    // Any winning move passes the check, on three graphs and several sums.
    let nim: HashMap<String, u32> = (0..=7).map(|n| (n.to_string(), n)).collect();
    let take: HashMap<String, u32> = (0..=6).map(|n| (n.to_string(), n % 3)).collect();
    // Take 1, 3 or 4 (examples/take-1-3-4.game, piles 0..30): values repeat 0 1 0 1 2 3 2.
    let take134: HashMap<String, u32> = (0..=30u32)
        .map(|n| (n.to_string(), [0, 1, 0, 1, 2, 3, 2][(n % 7) as usize]))
        .collect();
    let take134_text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/take-1-3-4.game"),
    )
    .expect("the take-1-3-4 example");
    let take_file = temp_file("tokens-win-take.txt", TAKE_1_OR_2);
    let take134_file = temp_file("tokens-win-take134.txt", &take134_text);
    let graphs = [
        (
            &file,
            text.as_str(),
            &nim,
            &[&["7"][..], &["1", "2", "4"], &["6", "7", "3"]][..],
        ),
        (
            &take_file,
            TAKE_1_OR_2,
            &take,
            &[&["4", "6"][..], &["5", "6", "1"]],
        ),
        (
            &take134_file,
            take134_text.as_str(),
            &take134,
            &[
                &["5", "30"][..],
                &["12", "26", "10"],
                &["4", "11", "18", "19"],
                &["29"],
            ],
        ),
    ];
    let cases = graphs
        .into_iter()
        .flat_map(|(file, graph_text, values, sums)| {
            sums.iter()
                .map(move |&toks| (file, graph_text, values, toks))
        });
    for (file, graph_text, values, toks) in cases {
        let (_, moves) = moves_of(graph_text);
        let (_, tsv, json) = tokens(path_str(file), &toks.join(","));
        let fields: Vec<&str> = tsv.trim_end_matches('\n').split('\t').collect();
        let [outcome, from, to] = fields[..] else {
            panic!("three fields: {tsv:?}")
        };
        assert_eq!(outcome, "win", "{toks:?}");
        check_winning_move(values, &moves, toks, from, to);
        let x = toks.iter().fold(0, |a, t| a ^ values[*t]);
        assert_eq!(json["outcome"], "win", "{toks:?}");
        assert_eq!(json["value"], x, "{toks:?}");
        assert_eq!(json["winning_move"], json!({"from": from, "to": to}));
        let nodes: Vec<&str> = json["tokens"]
            .as_array()
            .expect("tokens array")
            .iter()
            .map(|t| t["position"].as_str().expect("position"))
            .collect();
        assert_eq!(nodes, toks);
    }

    // On a graph with cycles, finite tokens add by XOR too: x (1), y (0), 0 (0) has x = 1;
    // only x has the bit, and it may move to y or to 0 (both value 0).
    let loopy: HashMap<String, u32> = [("0", 0), ("1", 1), ("2", 2), ("3", 3), ("x", 1)]
        .into_iter()
        .chain([("y", 0), ("z", 0)])
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let loopy_text = std::fs::read_to_string(loopy_nim()).expect("the loopy example");
    let (_, moves) = moves_of(&loopy_text);
    let example = loopy_nim();
    for toks in [&["x", "y", "0"][..], &["z", "3", "x"][..], &["2", "x"][..]] {
        let (out, tsv, _) = tokens(path_str(&example), &toks.join(","));
        let fields: Vec<&str> = tsv.trim_end_matches('\n').split('\t').collect();
        assert_eq!(fields[0], "win", "{toks:?}");
        check_winning_move(&loopy, &moves, toks, fields[1], fields[2]);
        assert!(
            out.contains(&format!(
                "winning move: the token at {} to {}\n",
                fields[1], fields[2]
            )),
            "{out}"
        );
    }
}

#[test]
fn tokens_with_infinite_values() {
    let file = loopy_nim();
    let path = path_str(&file);
    // w = inf(0) and 0: the finite part 0 is in w's set: moving w to 0 leaves 0 + 0, a loss.
    let (text, tsv, json) = tokens(path, "w,0");
    assert_eq!(
        text,
        "\
tokens at w (inf(0)), 0 (0)
sum: win
winning move: the token at w to 0
"
    );
    assert_eq!(tsv, "win\tw\t0\n");
    assert_eq!(
        json,
        json!({
            "tokens": [
                {"position": "w", "value": "inf", "inf_set": [0]},
                {"position": "0", "value": 0},
            ],
            "outcome": "win",
            "value": null,
            "winning_move": {"from": "w", "to": "0"},
        })
    );
    // w + x + y: finite part 1 ^ 0 = 1, not in {0}: a draw.
    // w + 1: 1 not in {0}: a draw. u = inf() + 0: 0 not in {}: a draw.
    let draw_text = "neither player can force a win: more than one token has value inf, or \
                     the finite part is not in the inf token's set\n";
    for t in ["w,1", "w,x,y", "u,0", "u"] {
        let (text, tsv, json) = tokens(path, t);
        assert_eq!(tsv, "draw\t-\t-\n", "{t}");
        assert!(text.ends_with(&format!("sum: draw\n{draw_text}")), "{text}");
        assert_eq!(json["outcome"], "draw", "{t}");
        assert_eq!(json["value"], Value::Null, "{t}");
        assert_eq!(json["winning_move"], Value::Null, "{t}");
    }
    let (text, _, json) = tokens(path, "w,1");
    assert_eq!(
        text,
        format!("tokens at w (inf(0)), 1 (1)\nsum: draw\n{draw_text}")
    );
    assert_eq!(
        json["tokens"],
        json!([
            {"position": "w", "value": "inf", "inf_set": [0]},
            {"position": "1", "value": 1},
        ])
    );
    // w + y + 0: the finite part 0 ^ 0 = 0 is in {0}: w moves to 0.
    let (_, tsv, _) = tokens(path, "w,y,0");
    assert_eq!(tsv, "win\tw\t0\n");
    // Two infinite tokens: a draw, whatever their sets (even both w, even with finite ones).
    for t in ["u,w", "w,w", "u,v", "w,w,0", "v,1,w"] {
        let (text, tsv, json) = tokens(path, t);
        assert_eq!(tsv, "draw\t-\t-\n", "{t}");
        assert!(text.contains(draw_text), "{text}");
        assert_eq!(json["value"], Value::Null, "{t}");
    }
    // Integer ids: 9 = inf(0,2) with 2 (value 2): 2 is in the set, 9 moves to 2.
    let file = temp_file("tokens-integer-loop.txt", INTEGER_LOOP);
    let path = path_str(&file);
    let (text, tsv, _) = tokens(path, "9,2");
    assert_eq!(tsv, "win\t9\t2\n");
    assert_eq!(
        text,
        "tokens at 9 (inf(0,2)), 2 (2)\nsum: win\nwinning move: the token at 9 to 2\n"
    );
    // 9 with 1 (value 1): 1 is not in {0, 2}: a draw; with 1 and 2: 1 ^ 2 = 3, a draw.
    for t in ["9,1", "9,1,2", "9,7"] {
        let (_, tsv, _) = tokens(path, t);
        assert_eq!(tsv, "draw\t-\t-\n", "{t}");
    }
    // 9 with 1 and 1: 0 is in the set, 9 moves to 0.
    let (_, tsv, _) = tokens(path, "9,1,1");
    assert_eq!(tsv, "win\t9\t0\n");
}

#[test]
fn tokens_on_the_same_position_cancel() {
    let file = temp_file("tokens-twice.txt", &nim_heaps());
    let path = path_str(&file);
    // 5 ^ 5 = 0: a loss (the second player copies every move).
    let (text, tsv, json) = tokens(path, "5,5");
    assert_eq!(
        text,
        "\
tokens at 5 (5), 5 (5)
sum: value 0, loss
every move leaves the opponent a winning sum
"
    );
    assert_eq!(tsv, "loss\t-\t-\n");
    assert_eq!(json["value"], 0);
    assert_eq!(json["tokens"].as_array().expect("tokens").len(), 2);
    // 5 ^ 5 ^ 3 = 3: the pair cancels, and the 3 moves to 0.
    let (text, tsv, _) = tokens(path, "5,5,3");
    assert_eq!(tsv, "win\t3\t0\n");
    assert!(
        text.starts_with("tokens at 5 (5), 5 (5), 3 (3)\nsum: value 3, win\n"),
        "{text}"
    );
    // 7 four times: 0.
    let (_, tsv, _) = tokens(path, "7,7,7,7");
    assert_eq!(tsv, "loss\t-\t-\n");
    // An integer id is matched by value: 05 is 5, and the rows name it 5.
    let (text, tsv, json) = tokens(path, "05,3");
    assert_eq!(tsv, "win\t5\t3\n");
    assert!(text.starts_with("tokens at 5 (5), 3 (3)\n"), "{text}");
    assert_eq!(json["tokens"][0]["position"], "5");
    let (_, tsv, _) = tokens(path, "5,005");
    assert_eq!(tsv, "loss\t-\t-\n");
    // On the loopy example, x and 1 are different positions of value 1: 1 ^ 1 = 0.
    let example = loopy_nim();
    for t in ["x,1", "1,1", "y,y", "z,0"] {
        let (_, tsv, json) = tokens(path_str(&example), t);
        assert_eq!(tsv, "loss\t-\t-\n", "{t}");
        assert_eq!(json["value"], 0, "{t}");
    }
}

#[test]
fn tokens_at_an_unknown_position() {
    let file = temp_file("tokens-unknown.txt", &nim_heaps());
    let path = path_str(&file);
    for format in ["text", "tsv", "json"] {
        assert_refused(
            &["solve", path, "--tokens", "5,zzz", "--format", format],
            "--tokens zzz: no such position in the graph",
        );
    }
    // 8 is not a pile of this graph; 4294967295 is not an id at all.
    assert_refused(
        &["solve", path, "--tokens", "3,8"],
        "--tokens 8: no such position",
    );
    assert_refused(
        &["solve", path, "--tokens", "4294967295"],
        "--tokens 4294967295: no such position",
    );
    let example = loopy_nim();
    assert_refused(
        &["solve", path_str(&example), "--tokens", "x,nowhere,y"],
        "--tokens nowhere: no such position",
    );
}

#[test]
fn tokens_need_no_values_flag() {
    let file = temp_file("tokens-flag.txt", &nim_heaps());
    let path = path_str(&file);
    for format in ["text", "tsv", "json"] {
        let alone = grundy(&["solve", path, "--tokens", "1,2,4", "--format", format]);
        let with = grundy(&[
            "solve", path, "--values", "grundy", "--tokens", "1,2,4", "--format", format,
        ]);
        assert_eq!(alone.ok(), with.ok(), "{format}");
    }
    // Standard input works as well.
    let run = run_with_input(
        &["solve", "-", "--tokens", "1,2", "--format", "tsv"],
        Some(&nim_heaps()),
    );
    assert_eq!(run.ok(), "win\t2\t1\n");
}

/// Outcomes of the sum of two tokens by brute force: the product graph (a position is a pair,
/// a move moves one of the two), solved by the outcome solver, must agree with `--tokens`, and
/// a winning move must lead to a loss.
fn check_pairs_against_the_product(name: &str, text: &str) {
    let (positions, moves) = moves_of(text);
    let pair = |p: &str, q: &str| format!("{p}:{q}");
    let mut product = String::new();
    for p in &positions {
        for q in &positions {
            product.push_str(&pair(p, q));
            product.push('\n');
        }
    }
    for (u, v) in &moves {
        for o in &positions {
            product.push_str(&format!("{} {}\n", pair(u, o), pair(v, o)));
            product.push_str(&format!("{} {}\n", pair(o, u), pair(o, v)));
        }
    }
    let file = temp_file(&format!("{name}-product.txt"), &product);
    let run = grundy(&["solve", path_str(&file), "--format", "tsv"]);
    let outcome: HashMap<String, String> = run
        .ok()
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0].to_string(), fields[1].to_string())
        })
        .collect();
    assert_eq!(outcome.len(), positions.len() * positions.len());
    let file = temp_file(&format!("{name}.txt"), text);
    let path = path_str(&file);
    for p in &positions {
        for q in &positions {
            let run = grundy(&[
                "solve",
                path,
                "--tokens",
                &format!("{p},{q}"),
                "--format",
                "tsv",
            ]);
            let fields: Vec<String> = run.ok().trim_end().split('\t').map(String::from).collect();
            assert_eq!(fields.len(), 3, "{fields:?}");
            let expected = &outcome[&pair(p, q)];
            assert_eq!(&fields[0], expected, "tokens {p},{q}");
            if fields[0] == "win" {
                let (from, to) = (&fields[1], &fields[2]);
                assert!(
                    moves.iter().any(|(u, v)| u == from && v == to),
                    "{from} -> {to} is not a move"
                );
                let mut after = Vec::new();
                if from == p {
                    after.push(pair(to, q));
                }
                if from == q {
                    after.push(pair(p, to));
                }
                assert!(
                    after.iter().any(|a| outcome[a] == "loss"),
                    "tokens {p},{q}: moving {from} to {to} leaves {after:?}, not a loss"
                );
            } else {
                assert_eq!(fields[1..], ["-", "-"], "tokens {p},{q}");
            }
        }
    }
}

#[test]
fn sums_of_two_tokens_agree_with_the_product_graph() {
    let loopy = std::fs::read_to_string(loopy_nim()).expect("the loopy example");
    check_pairs_against_the_product("pairs-loopy", &loopy);
    check_pairs_against_the_product("pairs-integer-loop", INTEGER_LOOP);
    // A three-cycle with exits, a pass (a move to itself) and a lone position.
    check_pairs_against_the_product(
        "pairs-mixed",
        "a b\nb c\nc a\na e\nb f\nf e\nf f\nc g\ng e\nh\n",
    );
}

// ---------------------------------------------------------------------------------------------
// --values payoff
// ---------------------------------------------------------------------------------------------

/// A small acyclic game, no player attributes: each position is taken with each player to move
/// (rows `ID@1`, `ID@2`, in file order), player 1 maximises. Ends: d 3, e -1, f 5, g 0.
/// - b@1 = max(d 3, e -1) = 3 by d, 1 move; b@2 = min = -1 by e, 1 move.
/// - h@1, h@2: the only move is to g: 0 in 1 move.
/// - c@1 = max(f 5, g 0, h 0) = 5 by f, 1 move.
/// - c@2 = min(5, 0, 0) = 0, by g (0 moves) or by h (1 move): player 2 delays a value player 1
///   hurries to, so h, 2 moves.
/// - a@1 = max(b@2 -1, c@2 0) = 0 by c, 3 moves; a@2 = min(b@1 3, c@1 5) = 3 by b, 2 moves.
const PAYOFF_TREE: &str = "\
a b
a c
b d
b e
c f
c g
c h
h g
d payoff=3
e payoff=-1
f payoff=5
g payoff=0
";

#[test]
fn payoff_values_of_an_acyclic_game() {
    let file = temp_file("payoff-tree.txt", PAYOFF_TREE);
    let path = path_str(&file);
    let run = grundy(&["solve", path, "--values", "payoff", "--format", "tsv"]);
    assert_eq!(
        run.ok(),
        "\
a@1\t0\t3\tc@2
a@2\t3\t2\tb@1
b@1\t3\t1\td@2
b@2\t-1\t1\te@1
c@1\t5\t1\tf@2
c@2\t0\t2\th@1
d@1\t3\t0\t-
d@2\t3\t0\t-
e@1\t-1\t0\t-
e@2\t-1\t0\t-
f@1\t5\t0\t-
f@2\t5\t0\t-
g@1\t0\t0\t-
g@2\t0\t0\t-
h@1\t0\t1\tg@2
h@2\t0\t1\tg@1
"
    );
    let tsv = run.stdout.clone();
    let run = grundy(&["solve", path, "--values", "payoff"]);
    let text = run.ok();
    assert!(
        text.starts_with(
            "16 positions, 16 moves: payoffs (player 1 maximises, player 2 minimises)\n\
             position         value  remoteness  best\n\
             a@1                  0           3  c@2\n\
             a@2                  3           2  b@1\n"
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 18, "{text}");
    assert!(
        text.contains("\ne@1                 -1           0  -\n"),
        "{text}"
    );
    let run = grundy(&["solve", path, "--values", "payoff", "--summary"]);
    assert_eq!(
        run.ok(),
        "16 positions, 16 moves: payoffs (player 1 maximises, player 2 minimises)\n"
    );
    // JSON: the same rows.
    let run = grundy(&["solve", path, "--values", "payoff", "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    let rows = doc.as_array().expect("an array of rows");
    assert_eq!(rows.len(), 16);
    assert_eq!(
        rows[0],
        json!({"position": "a@1", "value": 0, "remoteness": 3, "best": "c@2"})
    );
    assert_eq!(
        rows[8],
        json!({"position": "e@1", "value": -1, "remoteness": 0, "best": null})
    );
    for (row, line) in rows.iter().zip(tsv.lines()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(row["position"], fields[0]);
        assert_eq!(row["value"].to_string(), fields[1]);
        assert_eq!(row["remoteness"].to_string(), fields[2]);
        assert_eq!(row["best"].as_str().unwrap_or("-"), fields[3]);
    }
}

#[test]
fn payoff_start_shows_the_principal_line() {
    let file = temp_file("payoff-start.txt", PAYOFF_TREE);
    let path = path_str(&file);
    // A plain id is player 1 to move.
    let run = grundy(&["solve", path, "--values", "payoff", "--start", "a"]);
    assert_eq!(
        run.ok(),
        "\
a@1: payoff 0
principal line: a@1 -> c@2 -> h@1 -> g@2
  (the game ends)
"
    );
    let plain = run.stdout.clone();
    let run = grundy(&["solve", path, "--values", "payoff", "--start", "a@1"]);
    assert_eq!(run.ok(), plain);
    let run = grundy(&["solve", path, "--values", "payoff", "--start", "a@2"]);
    assert_eq!(
        run.ok(),
        "\
a@2: payoff 3
principal line: a@2 -> b@1 -> d@2
  (the game ends)
"
    );
    let run = grundy(&["solve", path, "--values", "payoff", "--start", "e@2"]);
    assert_eq!(
        run.ok(),
        "e@2: payoff -1\nprincipal line: e@2\n  (the game ends)\n"
    );
    // TSV and JSON: the rows of the line.
    let run = grundy(&[
        "solve", path, "--values", "payoff", "--start", "a", "--format", "tsv",
    ]);
    assert_eq!(
        run.ok(),
        "a@1\t0\t3\tc@2\nc@2\t0\t2\th@1\nh@1\t0\t1\tg@2\ng@2\t0\t0\t-\n"
    );
    let run = grundy(&[
        "solve", path, "--values", "payoff", "--start", "a@2", "--format", "json",
    ]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(
        doc,
        json!([
            {"position": "a@2", "value": 3, "remoteness": 2, "best": "b@1"},
            {"position": "b@1", "value": 3, "remoteness": 1, "best": "d@2"},
            {"position": "d@2", "value": 3, "remoteness": 0, "best": null},
        ])
    );
    for start in ["zz", "a@3"] {
        assert_refused(
            &["solve", path, "--values", "payoff", "--start", start],
            &format!("--start {start}: no such position in the graph"),
        );
    }
}

#[test]
fn payoff_with_player_attributes_keeps_the_positions() {
    // s (player 1) -> t, u (player 2); t -> x 2, y -3; u -> z 1.
    // t = min(2, -3) = -3; u = 1; s = max(-3, 1) = 1 by u, 2 moves.
    let file = temp_file(
        "payoff-players.txt",
        "s player=1\nt player=2\nu player=2\ns t\ns u\nt x\nt y\nu z\n\
         x player=1\ny player=1\nz player=1\nx payoff=2\ny payoff=-3\nz payoff=1\n",
    );
    let path = path_str(&file);
    let run = grundy(&["solve", path, "--values", "payoff", "--format", "tsv"]);
    assert_eq!(
        run.ok(),
        "s\t1\t2\tu\nt\t-3\t1\ty\nu\t1\t1\tz\nx\t2\t0\t-\ny\t-3\t0\t-\nz\t1\t0\t-\n"
    );
    let run = grundy(&["solve", path, "--values", "payoff", "--start", "s"]);
    assert_eq!(
        run.ok(),
        "s: payoff 1\nprincipal line: s -> u -> z\n  (the game ends)\n"
    );
}

/// a <-> b with exits a -> w (4) and b -> l (-2), and a loop p <-> q without exits.
const PAYOFF_CYCLE: &str = "\
a b
b a
a w
b l
p q
q p
w payoff=4
l payoff=-2
";

/// The cycles of the alternating game of [`PAYOFF_CYCLE`] among positions that do not end it.
fn is_cycle_of_payoff_cycle(cycle: &[&str]) -> bool {
    let moves: HashSet<(&str, &str)> = [
        ("a@1", "b@2"),
        ("b@2", "a@1"),
        ("a@2", "b@1"),
        ("b@1", "a@2"),
        ("p@1", "q@2"),
        ("q@2", "p@1"),
        ("p@2", "q@1"),
        ("q@1", "p@2"),
    ]
    .into_iter()
    .collect();
    !cycle.is_empty()
        && (0..cycle.len()).all(|i| moves.contains(&(cycle[i], cycle[(i + 1) % cycle.len()])))
}

#[test]
fn payoff_on_a_cycle_needs_the_payoff_of_endless_play() {
    let file = temp_file("payoff-cycle.txt", PAYOFF_CYCLE);
    let path = path_str(&file);
    for format in ["text", "tsv", "json"] {
        let run = grundy(&["solve", path, "--values", "payoff", "--format", format]);
        let stderr = run.failed();
        assert!(stderr.contains("--infinite-payoff"), "{stderr}");
        let (_, rest) = stderr
            .split_once("around the cycle ")
            .unwrap_or_else(|| panic!("names the cycle: {stderr}"));
        let (cycle, _) = rest.split_once(':').expect("the cycle ends at ':'");
        let cycle: Vec<&str> = cycle.split(" -> ").collect();
        assert!(is_cycle_of_payoff_cycle(&cycle), "{cycle:?} in {stderr}");
    }
    // --start does not get around it.
    let stderr = grundy(&["solve", path, "--values", "payoff", "--start", "w"])
        .failed()
        .to_string();
    assert!(stderr.contains("--infinite-payoff"), "{stderr}");
}

#[test]
fn payoff_of_endless_play_below_every_end() {
    // Endless play worth -5, less than both ends: player 2 would like to go around forever.
    // - a@1: player 1 takes w (4) at once: 4 in 1 move. b@2: player 2 takes l: -2 in 1 move
    //   (going back to a@1 gives 4).
    // - b@1: player 1 takes l (-2), better than letting player 2 circle (-5): -2 in 1 move.
    // - a@2: player 2 goes to b@1 (-2) rather than to w (4): -2 in 2 moves.
    // - p, q: only endless play: -5, no remoteness, the move keeps the value.
    let file = temp_file("payoff-minus-five.txt", PAYOFF_CYCLE);
    let path = path_str(&file);
    let expected = "\
a@1\t4\t1\tw@2
a@2\t-2\t2\tb@1
b@1\t-2\t1\tl@2
b@2\t-2\t1\tl@1
w@1\t4\t0\t-
w@2\t4\t0\t-
l@1\t-2\t0\t-
l@2\t-2\t0\t-
p@1\t-5\t-\tq@2
p@2\t-5\t-\tq@1
q@1\t-5\t-\tp@2
q@2\t-5\t-\tp@1
";
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "-5",
        "--format",
        "tsv",
    ]);
    assert_eq!(run.ok(), expected);
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff=-5",
        "--format",
        "tsv",
    ]);
    assert_eq!(run.ok(), expected);
    // The option may come before --values too.
    let run = grundy(&[
        "solve",
        "--infinite-payoff",
        "-5",
        path,
        "--values",
        "payoff",
        "--format",
        "tsv",
    ]);
    assert_eq!(run.ok(), expected);
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "-5",
    ]);
    let text = run.ok();
    assert!(
        text.starts_with(
            "12 positions, 12 moves: payoffs (player 1 maximises, player 2 minimises; endless \
             play is worth -5)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\np@1                 -5           -  q@2\n"),
        "{text}"
    );
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "-5",
        "--start",
        "a@2",
    ]);
    assert_eq!(
        run.ok(),
        "a@2: payoff -2\nprincipal line: a@2 -> b@1 -> l@2\n  (the game ends)\n"
    );
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "-5",
        "--format",
        "json",
    ]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(
        doc[8],
        json!({"position": "p@1", "value": -5, "remoteness": null, "best": "q@2"})
    );
}

#[test]
fn payoff_of_endless_play_above_every_end() {
    // Endless play worth 7, more than both ends: player 1 would like to go around forever.
    // - b@2: player 2 takes l: -2 in 1 move. a@1: going to b@2 gives -2, so w: 4 in 1 move.
    // - a@2: player 2 takes w (4) rather than circle (7): 4 in 1 move.
    // - b@1: player 1 goes to a@2 (4) rather than to l (-2): 4 in 2 moves.
    // - p, q: 7, no remoteness.
    // Different from -5 at a@2 (-2 there) and b@1 (-2 there).
    let file = temp_file("payoff-seven.txt", PAYOFF_CYCLE);
    let path = path_str(&file);
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "7",
        "--format",
        "tsv",
    ]);
    assert_eq!(
        run.ok(),
        "\
a@1\t4\t1\tw@2
a@2\t4\t1\tw@1
b@1\t4\t2\ta@2
b@2\t-2\t1\tl@1
w@1\t4\t0\t-
w@2\t4\t0\t-
l@1\t-2\t0\t-
l@2\t-2\t0\t-
p@1\t7\t-\tq@2
p@2\t7\t-\tq@1
q@1\t7\t-\tp@2
q@2\t7\t-\tp@1
"
    );
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "7",
        "--start",
        "b",
    ]);
    assert_eq!(
        run.ok(),
        "b@1: payoff 4\nprincipal line: b@1 -> a@2 -> w@1\n  (the game ends)\n"
    );
    // Around the loop for ever: the line shows the repeat.
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "7",
        "--start",
        "p",
    ]);
    assert_eq!(
        run.ok(),
        "p@1: payoff 7\nprincipal line: p@1 -> q@2 -> p@1\n  (play goes on forever)\n"
    );
    let run = grundy(&[
        "solve",
        path,
        "--values",
        "payoff",
        "--infinite-payoff",
        "7",
    ]);
    assert!(
        run.ok().contains("; endless play is worth 7)\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn payoff_of_a_terminal_position_is_required() {
    // c has a payoff, b has no move and none.
    let file = temp_file("payoff-missing.txt", "a b\na c\nc payoff=1\n");
    let path = path_str(&file);
    for format in ["text", "tsv", "json"] {
        let run = grundy(&["solve", path, "--values", "payoff", "--format", format]);
        let stderr = run.failed();
        assert!(stderr.contains("position b"), "{stderr}");
        assert!(stderr.contains("no move and no payoff"), "{stderr}");
        assert!(stderr.contains("payoff=N"), "{stderr}");
    }
    // Also with --infinite-payoff, and on a graph with players.
    assert_refused(
        &[
            "solve",
            path,
            "--values",
            "payoff",
            "--infinite-payoff",
            "0",
        ],
        "no move and no payoff",
    );
    let file = temp_file(
        "payoff-missing-players.txt",
        "a player=1\nb player=2\nc player=2\na b\na c\nc payoff=1\n",
    );
    assert_refused(
        &["solve", path_str(&file), "--values", "payoff"],
        "position b has no move and no payoff",
    );
}

#[test]
fn payoff_attribute_must_be_an_integer() {
    // `b payoff=abc`: the value starts at column 10 of line 2.
    let file = temp_file("payoff-abc.txt", "a b\nb payoff=abc\n");
    let path = path_str(&file);
    for args in [
        &["solve", path, "--values", "payoff"][..],
        &["solve", path, "--values", "payoff", "--format", "json"][..],
        &["solve", path][..],
    ] {
        let run = grundy(args);
        let stderr = run.failed();
        assert!(stderr.contains(&format!("{path}:2:10: ")), "{stderr}");
        assert!(stderr.contains("bad payoff 'abc'"), "{stderr}");
    }
    // Too large for 64 bits.
    let file = temp_file("payoff-huge.txt", "a b\nb payoff=99999999999999999999\n");
    let path = path_str(&file);
    assert_refused(
        &["solve", path, "--values", "payoff"],
        &format!("{path}:2:10: bad payoff '99999999999999999999'"),
    );
    // Negative payoffs in the file are fine: the single end decides.
    let file = temp_file(
        "payoff-negative.txt",
        "a b\nb payoff=-9223372036854775808\n",
    );
    let run = grundy(&[
        "solve",
        path_str(&file),
        "--values",
        "payoff",
        "--format",
        "tsv",
    ]);
    assert_eq!(
        run.ok(),
        "\
a@1\t-9223372036854775808\t1\tb@2
a@2\t-9223372036854775808\t1\tb@1
b@1\t-9223372036854775808\t0\t-
b@2\t-9223372036854775808\t0\t-
"
    );
}

#[test]
fn infinite_payoff_must_be_an_integer() {
    let file = temp_file("infinite-payoff-bad.txt", PAYOFF_CYCLE);
    let path = path_str(&file);
    for value in ["abc", "1.5", "99999999999999999999"] {
        let run = grundy(&[
            "solve",
            path,
            "--values",
            "payoff",
            "--infinite-payoff",
            value,
        ]);
        assert_eq!(run.code, 2, "{value}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{value}");
        assert!(run.stderr.contains("--infinite-payoff"), "{}", run.stderr);
        assert!(run.stderr.contains(value), "{}", run.stderr);
    }
}

// ---------------------------------------------------------------------------------------------
// Refused flag combinations
// ---------------------------------------------------------------------------------------------

#[test]
fn flag_combinations_that_mean_nothing_are_refused() {
    let take = temp_file("refused-take.txt", TAKE_1_OR_2);
    let take = path_str(&take);
    let payoff = temp_file("refused-payoff.txt", PAYOFF_TREE);
    let payoff = path_str(&payoff);
    let cases: [(&[&str], &str); 14] = [
        (
            &["solve", take, "--values", "grundy", "--misere"],
            "--values grundy is for normal play",
        ),
        (
            &["solve", take, "--tokens", "1,2", "--misere"],
            "--values grundy is for normal play",
        ),
        (
            &[
                "solve",
                take,
                "--values",
                "grundy",
                "--prefer",
                "win,draw,loss",
            ],
            "--prefer applies to outcomes",
        ),
        (
            &[
                "solve",
                take,
                "--values",
                "grundy",
                "--prefer2",
                "loss,draw,win",
            ],
            "--prefer applies to outcomes",
        ),
        (
            &["solve", take, "--tokens", "1", "--prefer", "draw,win,loss"],
            "--prefer applies to outcomes",
        ),
        (
            &["solve", payoff, "--values", "payoff", "--misere"],
            "--misere does not apply to payoffs",
        ),
        (
            &[
                "solve",
                payoff,
                "--values",
                "payoff",
                "--prefer",
                "win,draw,loss",
            ],
            "--prefer applies to outcomes",
        ),
        (
            &["solve", take, "--infinite-payoff", "3"],
            "--infinite-payoff goes with --values payoff",
        ),
        (
            &[
                "solve",
                take,
                "--values",
                "outcome",
                "--infinite-payoff",
                "3",
            ],
            "--infinite-payoff goes with --values payoff",
        ),
        (
            &[
                "solve",
                take,
                "--values",
                "grundy",
                "--infinite-payoff",
                "3",
            ],
            "--infinite-payoff goes with --values payoff",
        ),
        (
            &["solve", take, "--tokens", "1", "--infinite-payoff", "-3"],
            "--infinite-payoff goes with --values payoff",
        ),
        (
            &["solve", take, "--values", "grundy", "--start", "x"],
            "--start applies to outcomes and payoffs",
        ),
        (
            &["solve", take, "--values", "grundy", "--start", "3"],
            "--start applies to outcomes and payoffs",
        ),
        (
            &["solve", take, "--tokens", "3", "--start", "3"],
            "--start applies to outcomes and payoffs",
        ),
    ];
    for (args, needle) in cases {
        for format in ["text", "tsv", "json"] {
            let mut args = args.to_vec();
            args.extend(["--format", format]);
            assert_refused(&args, needle);
        }
    }
}

#[test]
fn grundy_values_are_refused_on_graphs_with_results_or_players() {
    let results = temp_file("refused-results.txt", "a b\nb c\nc result=win\n");
    let players = temp_file("refused-players.txt", "a player=1\nb player=2\na b\n");
    let message = "Sprague–Grundy values are defined for impartial games in normal play";
    for file in [&results, &players] {
        let path = path_str(file);
        for format in ["text", "tsv", "json"] {
            assert_refused(
                &["solve", path, "--values", "grundy", "--format", format],
                message,
            );
            assert_refused(
                &["solve", path, "--tokens", "a", "--format", format],
                message,
            );
        }
        let stderr = grundy(&["solve", path, "--values", "grundy"])
            .failed()
            .to_string();
        assert!(
            stderr.contains("result, player or payoff attributes"),
            "{stderr}"
        );
    }
    // The same graphs still solve for outcomes.
    let run = grundy(&["solve", path_str(&results), "--format", "tsv"]);
    assert_eq!(run.ok(), "a\twin\t2\tb\nb\tloss\t1\tc\nc\twin\t0\t-\n");
}

#[test]
fn attributes_of_the_other_mode_and_tokens_with_other_values_are_refused() {
    let pay = temp_file("pay-attrs.txt", "a b\na payoff=1\nb payoff=2\n");
    assert_refused(
        &["solve", path_str(&pay), "--values", "grundy"],
        "result, player or payoff attributes",
    );
    let res = temp_file("res-attrs.txt", "a b\na result=win\nb payoff=1\n");
    assert_refused(
        &["solve", path_str(&res), "--values", "payoff"],
        "has a result attribute",
    );
    let plain = temp_file("plain-tokens.txt", "a b\n");
    for values in ["payoff", "outcome"] {
        assert_refused(
            &[
                "solve",
                path_str(&plain),
                "--values",
                values,
                "--tokens",
                "a",
            ],
            "--tokens goes with --values grundy",
        );
    }
}

#[test]
fn tokens_with_an_ending_rule() {
    // Take 1, 3 or 4. With last-mover-wins, a pile from which 0 can be reached in one move
    // (1, 3, 4) is poisoned; 5 and 7 are not. The sum answers are checked by the library's
    // brute-force tests; here the command's shape and errors.
    let take = "examples/take-1-3-4.game";
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(take);
    let path = path.to_str().unwrap();
    let run = grundy(&[
        "solve",
        path,
        "--tokens",
        "3,7",
        "--ending",
        "last-mover-wins",
        "--format",
        "tsv",
    ]);
    assert_eq!(
        run.ok(),
        "win\t3\t0\n",
        "a poisoned token ends the game at once"
    );
    let run = grundy(&[
        "solve",
        path,
        "--tokens",
        "5,7",
        "--ending",
        "last-mover-loses",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(run.ok()).unwrap();
    assert!(v["outcome"] == "win" || v["outcome"] == "loss");
    assert_eq!(v["tokens"].as_array().unwrap().len(), 2);
    assert_refused(
        &[
            "solve",
            path,
            "--tokens",
            "0,7",
            "--ending",
            "last-mover-loses",
        ],
        "the game is already over",
    );
    assert_refused(
        &[
            "solve",
            path,
            "--tokens",
            "5",
            "--ending",
            "last-mover-wins",
            "--misere",
        ],
        "--misere does not apply",
    );
}
