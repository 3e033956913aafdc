//! `grundy josephus N K`: text and JSON output, numbering from 0 or 1, circles up to
//! 2^64 - 1, the step limit, and exit code 2 with a `grundy: error:` message on bad input.
//! No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&[
            "josephus",
            "7",
            "3",
            "--dies",
            "1,7",
            "--person",
            "0,3",
            "--order",
            "--survivor"
        ])
        .ok(),
        "survivor: 3\n\
         round 1: person 2 dies\n\
         round 7: person 3 dies\n\
         person 0: dies in round 6\n\
         person 3: dies in round 7\n\
         order: 2 5 1 6 4 0 3\n"
    );
    // Josephus's own circle: 41 people, every third, numbered from 1.
    assert_eq!(
        grundy(&["josephus", "41", "3", "--one-based"]).ok(),
        "survivor: 31\n"
    );
    assert_eq!(grundy(&["josephus", "1", "5"]).ok(), "survivor: 0\n");
}

#[test]
fn json_output() {
    assert_eq!(
        json(&[
            "josephus",
            "7",
            "3",
            "--dies",
            "1",
            "--person",
            "1",
            "--one-based",
            "--order"
        ]),
        json!({
            "n": 7,
            "k": 3,
            "first_person": 1,
            "deaths": [{"round": 1, "person": 3}],
            "people": [{"person": 1, "round": 6}],
            "order": [3, 6, 2, 7, 5, 1, 4],
        })
    );
    let v = json(&["josephus", "5", "2"]);
    assert_eq!(v["survivor"], 2);
    assert_eq!(v["deaths"], json!([]));
    assert!(v.get("order").is_none());
    assert_eq!(
        grundy(&["josephus", "7", "3", "--dies", "2"]).ok(),
        "round 2: person 5 dies\n"
    );
}

#[test]
fn huge_circles() {
    // k = 2: the survivor of n = 2^m + L is 2L.
    assert_eq!(
        grundy(&["josephus", "1000000000000000000", "2"]).ok(),
        "survivor: 847078495393153024\n"
    );
    let max = u64::MAX.to_string();
    let v = json(&["josephus", &max, &max, "--dies", "1", "--person", "0"]);
    assert_eq!(v["deaths"][0]["person"], u64::MAX - 1);
    assert_eq!(v["people"][0]["round"], 2);
    // A round trip at 10^18 with k = 1000.
    let v = json(&[
        "josephus",
        "1000000000000000000",
        "1000",
        "--person",
        "123456789",
    ]);
    let round = v["people"][0]["round"].as_u64().unwrap().to_string();
    let w = json(&["josephus", "1000000000000000000", "1000", "--dies", &round]);
    assert_eq!(w["deaths"][0]["person"], 123_456_789);
}

#[test]
fn bad_input_exits_2() {
    assert_eq!(
        grundy(&["josephus", "0", "3"]).failed(),
        "grundy: error: the circle needs at least one person (n ≥ 1)\n"
    );
    assert_eq!(
        grundy(&["josephus", "7", "0"]).failed(),
        "grundy: error: the count k must be at least 1\n"
    );
    assert_eq!(
        grundy(&["josephus", "7", "3", "--dies", "8"]).failed(),
        "grundy: error: death number 8 does not exist: they are numbered from 1 to n = 7\n"
    );
    assert_eq!(
        grundy(&["josephus", "7", "3", "--person", "7"]).failed(),
        "grundy: error: person 7: no such person: people are numbered from 0 to 6\n"
    );
    assert_eq!(
        grundy(&["josephus", "7", "3", "--person", "0", "--one-based"]).failed(),
        "grundy: error: person 0: no such person: people are numbered from 1 to 7\n"
    );
    assert_eq!(
        grundy(&["josephus", "x", "3"]).failed(),
        "grundy: error: N: 'x' is not a number of people (expected a whole number from 0 to \
         18446744073709551615)\n"
    );
    assert_eq!(
        grundy(&["josephus", "7", "3", "--dies", "1,,2"]).failed(),
        "grundy: error: --dies: '' is not a round (expected a whole number from 0 to \
         18446744073709551615)\n"
    );
    assert_eq!(
        grundy(&["josephus", "100000000000", "3", "--order"]).failed(),
        "grundy: error: --order: it lists everyone: it needs n ≤ 10000000, and n = 100000000000\n"
    );
    // k above n and n huge: every step is a wrap, refused at the step limit.
    let err = grundy(&["josephus", "100000000000000", "1000000000000000"])
        .failed()
        .to_string();
    assert!(err.contains("needs more than 1000000000 steps"), "{err}");
}
