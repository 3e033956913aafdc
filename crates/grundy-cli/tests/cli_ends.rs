//! `grundy fox-cards`, `carrots`, `ends-sum` and `two-queues`: text and JSON output, lists
//! from arguments or a file, values up to 2^64 - 1, and exit code 2 with a `grundy: error:`
//! message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, run_with_input};
use serde_json::{json, Value};

#[test]
fn fox_cards() {
    // Codeforces 388C, first sample.
    assert_eq!(
        grundy(&["fox-cards", "100", "1,10"]).ok(),
        "first player (takes from the tops): 101\nsecond player (takes from the bottoms): 10\n"
    );
    assert_eq!(
        grundy(&["fox-cards", "2,8,6,5,9,4,7,1,3", "--json"]).json(),
        json!({"first": 30, "second": 15})
    );
    // The same deal from the contest's input format.
    let input = "2\n1 100\n2 1 10\n";
    let run = run_with_input(&["fox-cards", "--file", "-", "--json"], Some(input));
    assert_eq!(
        serde_json::from_str::<Value>(run.ok()).unwrap(),
        json!({"first": 101, "second": 10})
    );
    // Sums beyond 64 bits stay exact: each player gets one end card of each pile and one
    // middle card.
    let max = u64::MAX.to_string();
    let pile = [max.as_str(); 3].join(",");
    assert_eq!(
        grundy(&["fox-cards", &pile, &pile, "--json"]).ok(),
        // Beyond 2^64 - 1, as everywhere in JSON: decimal strings.
        "{\"first\":\"55340232221128654845\",\"second\":\"55340232221128654845\"}\n"
    );
    let stderr = grundy(&["fox-cards", "1,,2"]).failed().to_string();
    assert!(stderr.contains("pile 1: ''"), "{stderr}");
    let stderr = grundy(&["fox-cards", "1", ""]).failed().to_string();
    assert!(
        stderr.contains("pile 2: a pile needs at least one card"),
        "{stderr}"
    );
    grundy(&["fox-cards"]).failed();
    let run = run_with_input(&["fox-cards", "--file", "-"], Some("2\n1 100\n2 1\n"));
    assert!(
        run.failed().contains("expected a card value"),
        "{}",
        run.stderr
    );
}

#[test]
fn carrots() {
    // Codeforces 794E, samples.
    assert_eq!(
        grundy(&["carrots", "1", "2", "3", "5"]).ok(),
        "value left after k = 0, 1, ..., 3 extra moves of the first player:\n3 3 5 5\n"
    );
    assert_eq!(
        grundy(&[
            "carrots",
            "--json",
            "1000000000",
            "1000000000",
            "1000000000",
            "1000000000",
            "1"
        ])
        .json(),
        json!({ "values": vec![1_000_000_000u64; 5] })
    );
    let run = run_with_input(&["carrots", "--file", "-", "--json"], Some("3\n0 1 0\n"));
    assert_eq!(
        serde_json::from_str::<Value>(run.ok()).unwrap(),
        json!({"values": [0, 1, 1]})
    );
    assert_eq!(
        grundy(&["carrots", "18446744073709551615", "--json"]).json(),
        json!({"values": [18446744073709551615u64]})
    );
    let stderr = grundy(&["carrots", "1.5"]).failed().to_string();
    assert!(stderr.contains("value 1: '1.5'"), "{stderr}");
    grundy(&["carrots"]).failed();
    let run = run_with_input(&["carrots", "--file", "-"], Some("0\n"));
    assert!(
        run.failed().contains("give at least one VALUE"),
        "{}",
        run.stderr
    );
}

#[test]
fn ends_sum() {
    assert_eq!(
        grundy(&["ends-sum", "1", "2", "3", "5", "4", "6"]).ok(),
        "win\nodd sum: 8\neven sum: 13\nwinning moves (1):\n  take the last value, then always \
         take from the end the opponent took from (you get the values at even indices: a2, a4, \
         ...)\n"
    );
    assert_eq!(
        grundy(&["ends-sum", "7", "2", "1", "1", "--json"]).json(),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"take": "first", "parity": "odd"}],
            "odd_sum": 8,
            "even_sum": 3
        })
    );
    // Sums beyond 64 bits are given as decimal strings.
    let max = u64::MAX.to_string();
    let less = (u64::MAX - 1).to_string();
    let v = grundy(&["ends-sum", &less, &max, &max, &max, "--json"]).json();
    assert_eq!(v["odd_sum"], json!("36893488147419103229"));
    assert_eq!(v["even_sum"], json!("36893488147419103230"));
    assert_eq!(v["winning_moves"][0]["take"], "last");
    let stderr = grundy(&["ends-sum", "1", "2", "3"]).failed().to_string();
    assert!(
        stderr.contains("even number of values, and there are 3"),
        "{stderr}"
    );
    let stderr = grundy(&["ends-sum", "1", "3"]).failed().to_string();
    assert!(stderr.contains("odd total"), "{stderr}");
    grundy(&["ends-sum", "1", "two"]).failed();
}

#[test]
fn two_queues() {
    assert_eq!(
        grundy(&["two-queues", "3", "1", "2"]).ok(),
        "win\nwinning moves (2):\n  pop 1 from queue 1\n  pop 2 from queue 2\n"
    );
    assert_eq!(grundy(&["two-queues", "3", "1", "1,1"]).ok(), "loss\n");
    assert_eq!(
        grundy(&["two-queues", "--json", "2", "", "1,1,1"]).json(),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"queue": 2, "value": 1}]
        })
    );
    // Thresholds beyond 64 bits: either pop leaves the opponent to reach 2^65 - 2.
    let max = u64::MAX.to_string();
    let v = grundy(&["two-queues", "--json", "36893488147419103230", &max, &max]).json();
    assert_eq!(v["outcome"], "win");
    assert_eq!(
        v["winning_moves"],
        json!([
            {"queue": 1, "value": u64::MAX},
            {"queue": 2, "value": u64::MAX}
        ])
    );
    let v = grundy(&[
        "two-queues",
        "--json",
        "36893488147419103230",
        &max,
        &format!("{max},0"),
    ])
    .json();
    assert_eq!(v["outcome"], "win");
    // Popping queue 2 would let the opponent pop its 0 and leave the last pop to us.
    assert_eq!(v["winning_moves"], json!([{"queue": 1, "value": u64::MAX}]));
    let stderr = grundy(&["two-queues", "0", "1", "2"]).failed().to_string();
    assert!(stderr.contains("from 1"), "{stderr}");
    let stderr = grundy(&["two-queues", "4", "1", "2"]).failed().to_string();
    assert!(stderr.contains("more than the sum 3"), "{stderr}");
    let stderr = grundy(&["two-queues", "x", "1", "2"]).failed().to_string();
    assert!(stderr.contains("THRESHOLD: 'x'"), "{stderr}");
    let stderr = grundy(&["two-queues", "3", "1,a", "2"])
        .failed()
        .to_string();
    assert!(stderr.contains("QUEUE1: 'a'"), "{stderr}");
    grundy(&["two-queues", "-1", "1", "2"]).failed();
}
