//! `grundy fibonacci-nim` and `grundy misere-fibonacci-nim` (with `--count` and `--batch`):
//! text and JSON output, huge piles, and exit code 2 with a `grundy: error:` message on bad
//! input. No run may panic.

use grundy_catalogue::games::fibonacci::misere_losses_up_to;
use serde_json::json;

mod catalogue_run;
use catalogue_run::*;

#[test]
fn fibonacci_nim_text() {
    assert_eq!(
        grundy(&["fibonacci-nim", "10"]).ok(),
        "win\n\
         pile: 10\n\
         limit: 9\n\
         zeckendorf: 8, 2\n\
         fibonacci: false\n\
         winning moves (1):\n  \
         take 2 (leaves 8, the opponent takes at most 4)\n"
    );
    assert_eq!(
        grundy(&["fibonacci-nim", "13"]).ok(),
        "loss\npile: 13\nlimit: 12\nzeckendorf: 13\nfibonacci: true\n"
    );
    assert_eq!(
        grundy(&["fibonacci-nim", "12", "--limit", "100"]).ok(),
        "win\n\
         pile: 12\n\
         limit: 100\n\
         zeckendorf: 8, 3, 1\n\
         fibonacci: false\n\
         winning moves (2):\n  \
         take 1 (leaves 11, the opponent takes at most 2)\n  \
         take 12 (leaves 0)\n"
    );
}

#[test]
fn fibonacci_nim_json() {
    assert_eq!(
        json(&["fibonacci-nim", "12", "--limit", "4"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"take": 1, "pile": 11, "limit": 2}],
            "pile": 12,
            "limit": 4,
            "zeckendorf": [8, 3, 1],
            "fibonacci": false
        })
    );
    assert_eq!(
        json(&["fibonacci-nim", "12", "--limit", "3"])["winning_moves"],
        json!([{"take": 1, "pile": 11, "limit": 2}])
    );
    // 11 = 8 + 3: the smallest term 3 is above the limit 2.
    assert_eq!(
        json(&["fibonacci-nim", "11", "--limit", "2"])["outcome"],
        "loss"
    );
    let start = json(&["fibonacci-nim", "0"]);
    assert_eq!(start["outcome"], "loss");
    assert_eq!(start["zeckendorf"], json!([]));
    assert_eq!(json(&["fibonacci-nim", "1"])["outcome"], "loss");
    assert_eq!(json(&["fibonacci-nim", "4"])["winning_moves"][0]["take"], 1);
}

#[test]
fn fibonacci_nim_huge_piles() {
    let top = json(&["fibonacci-nim", "12200160415121876738"]);
    assert_eq!(top["outcome"], "loss");
    assert_eq!(top["fibonacci"], true);
    let max = json(&[
        "fibonacci-nim",
        "18446744073709551615",
        "--limit",
        "18446744073709551615",
    ]);
    assert_eq!(max["outcome"], "win");
    let moves = max["winning_moves"].as_array().unwrap();
    let last = moves.last().unwrap();
    assert_eq!(last["take"], json!(u64::MAX));
    assert_eq!(last["pile"], 0);
    assert_eq!(last["limit"], json!(u64::MAX));
    let big = json(&["fibonacci-nim", "1000000000000000000"]);
    assert_eq!(
        big["winning_moves"][0],
        json!({"take": 2, "pile": 999_999_999_999_999_998u64, "limit": 4})
    );
}

#[test]
fn misere_fibonacci_nim_positions() {
    assert_eq!(
        grundy(&["misere-fibonacci-nim", "5", "--k", "1"]).ok(),
        "win\n\
         pile: 5\n\
         limit: 1\n\
         zeckendorf of pile minus one: 3, 1\n\
         winning moves (1):\n  \
         take 1 (leaves 4, the opponent takes at most 2)\n"
    );
    assert_eq!(
        json(&["misere-fibonacci-nim", "9", "--k", "2"]),
        json!({
            "outcome": "loss",
            "value": null,
            "winning_moves": [],
            "pile": 9,
            "limit": 2,
            "zeckendorf_of_pile_minus_one": [8]
        })
    );
    // One counter: the player to move must take it, and loses.
    assert_eq!(
        json(&["misere-fibonacci-nim", "1", "--k", "5"])["outcome"],
        "loss"
    );
    // Taking all but one counter wins when allowed.
    assert_eq!(
        json(&["misere-fibonacci-nim", "9", "--k", "8"])["winning_moves"],
        json!([{"take": 8, "pile": 1, "limit": 16}])
    );
}

#[test]
fn misere_fibonacci_nim_counts() {
    // k = 1: the P-positions up to 10 are 1, 3, 4, 6, 8, 9.
    assert_eq!(
        grundy(&["misere-fibonacci-nim", "--k", "1", "--count", "10"]).ok(),
        "6\n"
    );
    assert_eq!(
        json(&["misere-fibonacci-nim", "--k", "2", "--count", "10"]),
        json!({"k": 2, "m": 10, "losses": 4})
    );
    assert_eq!(
        grundy(&["misere-fibonacci-nim", "--k", "1", "--count", "0"]).ok(),
        "0\n"
    );
    let huge = [
        "misere-fibonacci-nim",
        "--k",
        "1000000000000000000",
        "--count",
        "1000000000000000000",
    ];
    assert_eq!(grundy(&huge).ok(), "1\n");
}

#[test]
fn misere_fibonacci_nim_batch() {
    let input = "3\n1 10\n2 10\n1000000000000000000 1000000000000000000\n";
    assert_eq!(
        run_with_input(&["misere-fibonacci-nim", "--batch"], Some(input)).ok(),
        "6\n4\n1\n"
    );
    // Blank lines and surrounding spaces are fine.
    let input = "\n2\n  1 10 \n\n2 10\n\n";
    assert_eq!(
        run_with_input(&["misere-fibonacci-nim", "--batch"], Some(input)).ok(),
        "6\n4\n"
    );
    assert_eq!(
        run_with_input(&["misere-fibonacci-nim", "--batch"], Some("0\n")).ok(),
        ""
    );
}

/// 10^5 queries with k, m below 10^18: one count each, equal to the library's.
#[test]
fn misere_fibonacci_nim_batch_of_a_hundred_thousand_queries() {
    let mut input = String::from("100000\n");
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..100_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let k = x % 1_000_000_000_000_000_000 + 1;
        let m = (x >> 3) % 1_000_000_000_000_000_000;
        input.push_str(&format!("{} {}\n", k % (1 << (x % 60)) + 1, m));
    }
    let run = run_with_input(&["misere-fibonacci-nim", "--batch"], Some(&input));
    let counts: Vec<u64> = run.ok().lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(counts.len(), 100_000);
    let queries: Vec<(u64, u64)> = input
        .lines()
        .skip(1)
        .map(|l| {
            let (k, m) = l.split_once(' ').unwrap();
            (k.parse().unwrap(), m.parse().unwrap())
        })
        .collect();
    for (&(k, m), &count) in queries.iter().zip(&counts).step_by(997) {
        assert_eq!(count, misere_losses_up_to(k, m), "k = {k}, m = {m}");
    }
}

#[test]
fn bad_input_fails_cleanly() {
    let e = grundy(&["fibonacci-nim", "x"]).failed().to_string();
    assert!(e.contains("N: 'x' is not a pile size"), "{e}");
    grundy(&["fibonacci-nim", "-1"]).failed();
    grundy(&["fibonacci-nim", "18446744073709551616"]).failed();
    let e = grundy(&["fibonacci-nim", "5", "--limit", "0"])
        .failed()
        .to_string();
    assert!(e.contains("from 1"), "{e}");
    grundy(&["fibonacci-nim", "5", "--limit", "1.5"]).failed();
    let e = grundy(&["misere-fibonacci-nim", "5", "--k", "0"])
        .failed()
        .to_string();
    assert!(e.contains("--k: '0' is not a first take"), "{e}");
    grundy(&["misere-fibonacci-nim", "5"]).failed();
    assert_eq!(
        grundy(&["misere-fibonacci-nim", "5", "--batch"]).failed(),
        "grundy: error: N and --batch exclude each other: give one\n"
    );
    grundy(&["misere-fibonacci-nim", "--k", "2"]).failed();
    grundy(&["misere-fibonacci-nim", "5", "--k", "2", "--count", "9"]).failed();
    grundy(&["misere-fibonacci-nim", "--k", "2", "--count", "-3"]).failed();
    let batch = |input: &str| {
        run_with_input(&["misere-fibonacci-nim", "--batch"], Some(input))
            .failed()
            .to_string()
    };
    assert!(batch("").contains("<stdin>: expected the number of queries T, found the end"));
    assert!(batch("2\n1 10\n").contains("<stdin>: expected a first take k, found the end"));
    assert!(batch("1\n1 10\n2 10\n").contains("<stdin>:3: unexpected '2'"));
    assert!(batch("2\n1 10\n0 5\n").contains("<stdin>:3: '0' is not a first take k"));
    assert!(batch("1\n1 x\n").contains("<stdin>:2: 'x' is not a count m"));
    assert!(batch("1\n1 2 3\n").contains("<stdin>:2: unexpected '3'"));
    assert!(batch("x\n").contains("<stdin>:1: 'x' is not the number of queries T"));
}
