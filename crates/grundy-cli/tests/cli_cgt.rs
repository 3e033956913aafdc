//! `grundy cgt`: the properties of known games, the text and JSON forms, comparisons,
//! cooling, heating, overheating and Norton products, malformed expressions (with their column, or `file:line:column`),
//! expressions from files and standard input, thermograph pictures, and the JSON of random
//! sums checked against the library. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json, path_str, run_with_input, temp_file, temp_path};
use grundy::partizan::{Dyadic, GameStore};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// The JSON reports of `grundy cgt ARGS... --json`, one a line.
fn reports(args: &[&str]) -> Vec<Value> {
    // `--json` first: the arguments may end with `--` and expressions.
    let mut full = vec!["cgt", "--json"];
    full.extend_from_slice(args);
    grundy(&full)
        .ok()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn properties_of_known_games() {
    // (expression, [(key, expected JSON)]).
    let cases: &[(&str, &[(&str, Value)])] = &[
        (
            "{1|*}",
            &[
                ("canonical_form", Value::from("{1|*}")),
                ("outcome_class", Value::from("L")),
                ("birthday", Value::from(2)),
                ("left_stop", Value::from("1")),
                ("right_stop", Value::from("0")),
                ("mean", Value::from("1/2")),
                ("temperature", Value::from("1/2")),
                ("left_options", serde_json::json!(["1"])),
                ("right_options", serde_json::json!(["*"])),
                ("reduced", Value::from("{1|0}")),
                ("atomic_weight", Value::Null),
            ],
        ),
        (
            "^",
            &[
                ("outcome_class", Value::from("L")),
                ("temperature", Value::from("0")),
                ("infinitesimal", Value::from(true)),
                ("all_small", Value::from(true)),
                ("atomic_weight", Value::from("1")),
                ("uptimal", Value::from("0.1")),
                ("reduced", Value::from("0")),
            ],
        ),
        (
            "+-1",
            &[
                ("canonical_form", Value::from("+-1")),
                ("outcome_class", Value::from("N")),
                ("left_stop", Value::from("1")),
                ("right_stop", Value::from("-1")),
                ("mean", Value::from("0")),
                ("temperature", Value::from("1")),
            ],
        ),
        (
            "{2|-1}",
            &[
                ("outcome_class", Value::from("N")),
                ("mean", Value::from("1/2")),
                ("temperature", Value::from("3/2")),
                ("birthday", Value::from(3)),
            ],
        ),
        (
            "{3||2*|1*}",
            &[
                ("mean", Value::from("9/4")),
                ("temperature", Value::from("3/4")),
                ("reduced", Value::from("{3||2|1}")),
                (
                    "thermograph",
                    serde_json::json!({
                        "left": {"mast": "9/4", "critical_temperatures": ["3/4"], "slopes": [0, -1]},
                        "right": {
                            "mast": "9/4",
                            "critical_temperatures": ["3/4", "1/2", "0"],
                            "slopes": [0, 1, 0, 1]
                        }
                    }),
                ),
            ],
        ),
        (
            "3/4",
            &[
                ("number", Value::from(true)),
                ("temperature", Value::from("-1/4")),
                ("outcome_class", Value::from("L")),
                ("canonical_form_misere_outcome_class", Value::from("R")),
            ],
        ),
        (
            "*3",
            &[
                ("outcome_class", Value::from("N")),
                ("left_options", serde_json::json!(["0", "*", "*2"])),
                ("atomic_weight", Value::from("0")),
            ],
        ),
        (
            "v* + ^",
            &[
                ("canonical_form", Value::from("*")),
                ("expression", Value::from("v* + ^")),
            ],
        ),
        (
            "+-{4|2}",
            &[
                ("canonical_form", Value::from("+-{4|2}")),
                ("mean", Value::from("0")),
            ],
        ),
        (
            "0",
            &[
                ("outcome_class", Value::from("P")),
                ("followers", Value::from(1)),
            ],
        ),
    ];
    for (expression, expected) in cases {
        let report = json(&["cgt", expression]);
        for (key, value) in *expected {
            assert_eq!(&report[key], value, "{expression}: {key} in {report}");
        }
    }
}

#[test]
fn text_report() {
    assert_eq!(
        grundy(&["cgt", "{2|-1}"]).ok(),
        "\
expression: {2|-1}
canonical form: {2|-1}
outcome class: N (the first player wins)
birthday: 3
left stop: 2
right stop: -1
mean: 1/2
temperature: 3/2
thermograph: Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])
left options (1): 2
right options (1): -1
incentives (1): {3|0}
followers: 5
number: false
infinitesimal: false
all small: false
reduced canonical form: {2|-1}
misere outcome class of the canonical form: P (the second player wins)
"
    );
    // The atomic weight and uptimal expansion appear in text only where they exist; an
    // integer has no left options.
    let up = grundy(&["cgt", "^"]).ok().to_string();
    assert!(up.contains("\natomic weight: 1\n") && up.contains("\nuptimal expansion: 0.1\n"));
    let minus_two = grundy(&["cgt", "-2"]).ok().to_string();
    assert!(
        minus_two.contains("\nleft options (0): none\n"),
        "{minus_two}"
    );
    assert!(!minus_two.contains("atomic weight"), "{minus_two}");
}

#[test]
fn json_has_every_property_in_order() {
    let report = json(&["cgt", "{1|*}"]);
    let keys: Vec<&str> = report
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "expression",
            "canonical_form",
            "outcome_class",
            "birthday",
            "left_stop",
            "right_stop",
            "mean",
            "temperature",
            "thermograph",
            "left_options",
            "right_options",
            "incentives",
            "followers",
            "number",
            "infinitesimal",
            "all_small",
            "uptimal",
            "atomic_weight",
            "reduced",
            "canonical_form_misere_outcome_class",
        ]
    );
    // --format json is the same; tsv gives key/value rows.
    let same = grundy(&["cgt", "{1|*}", "--format", "json"]).json();
    assert_eq!(same, report);
    let tsv = grundy(&["cgt", "{1|*}", "--format", "tsv"])
        .ok()
        .to_string();
    assert!(tsv.contains("\nmean\t1/2\n"), "{tsv}");
    assert!(tsv.contains("\natomic_weight\t-\n"), "{tsv}");
}

#[test]
fn several_expressions_give_one_report_each() {
    let all = reports(&["1", "{1|0}", "^", "-1"]);
    let canonical: Vec<&str> = all
        .iter()
        .map(|r| r["canonical_form"].as_str().unwrap())
        .collect();
    assert_eq!(canonical, ["1", "{1|0}", "^", "-1"]);
    let text = grundy(&["cgt", "1", "^"]).ok().to_string();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{text}");
    assert!(blocks[0].starts_with("expression: 1\n") && blocks[1].starts_with("expression: ^\n"));
    // CSV: one header for all.
    let csv = grundy(&["cgt", "1", "^", "--csv"]).ok().to_string();
    assert_eq!(csv.matches("key,value").count(), 1, "{csv}");
    assert_eq!(csv.matches("\nexpression,").count(), 2, "{csv}");
}

#[test]
fn compare() {
    for (a, b, relation, difference, outcome) in [
        ("{1|*}", "^", ">", "{1v|v*}", "L"),
        ("^", "*", "<>", "^*", "N"),
        ("1/2", "{0|1}", "=", "0", "P"),
        ("-1", "0", "<", "-1", "R"),
        ("+-1", "0", "<>", "+-1", "N"),
    ] {
        let report = json(&["cgt", "--compare", a, b]);
        assert_eq!(report["relation"], relation, "{a} vs {b}: {report}");
        assert_eq!(report["difference"], difference, "{a} - {b}");
        assert_eq!(report["difference_outcome_class"], outcome, "{a} - {b}");
        assert_eq!(report["a_expression"], a);
    }
    assert_eq!(
        grundy(&["cgt", "--compare", "{1|*}", "^"]).ok(),
        "relation: {1|*} > ^\nA - B: {1v|v*}\noutcome class of A - B: L (Left wins)\n"
    );
    let err = grundy(&["cgt", "--compare", "1", "2", "3"])
        .failed()
        .to_string();
    assert!(
        err.contains("--compare takes two games") && err.contains("3 given"),
        "{err}"
    );
}

#[test]
fn cool_and_heat() {
    let report = json(&["cgt", "{3||2*|1*}", "--cool", "1/2"]);
    assert_eq!(
        report["cooled"],
        serde_json::json!({"by": "1/2", "result": "{5/2|2*}"})
    );
    let report = json(&["cgt", "^", "--heat", "2"]);
    assert_eq!(
        report["heated"],
        serde_json::json!({"by": "2", "result": "{2||0|-4}"})
    );
    let text = grundy(&["cgt", "{3||2*|1*}", "--cool", "3/4"])
        .ok()
        .to_string();
    assert!(text.ends_with("cooled by 3/4: 9/4*\n"), "{text}");
    let err = grundy(&["cgt", "1", "--cool", "-1"]).failed().to_string();
    assert!(err.contains("greater than -1"), "{err}");
    let err = grundy(&["cgt", "1", "--cool", "1/3"]).failed().to_string();
    assert!(
        err.contains("--cool '1/3'") && err.contains("power of two"),
        "{err}"
    );
    let err = grundy(&["cgt", "1", "--heat", "{1|"]).failed().to_string();
    assert!(err.contains("--heat '{1|': column 4"), "{err}");
}

#[test]
fn overheat_and_norton() {
    // An integer n overheats to n·S (3 copies of 1* are 3*); other games to
    // {G^L + T | G^R - T}, overheated: {1|0} from 1 to 1* is {1 + 1* | 0 - 1*}.
    let report = json(&["cgt", "3", "--overheat", "1*", "1"]);
    assert_eq!(
        report["overheated"],
        serde_json::json!({"by": "1* to 1", "result": "3*"})
    );
    let text = grundy(&["cgt", "{1|0}", "--overheat", "1", "1*"])
        .ok()
        .to_string();
    assert!(
        text.ends_with("overheated from 1 to 1*: {2*|-1*}\n"),
        "{text}"
    );
    // Norton's product: 2.^ is two copies of ^.
    let report = json(&["cgt", "2", "--norton", "^"]);
    assert_eq!(
        report["norton"],
        serde_json::json!({"by": "^", "result": "^^"})
    );
    let err = grundy(&["cgt", "1", "--norton", "{1"]).failed().to_string();
    assert!(err.contains("--norton '{1': column 3"), "{err}");
    // A usage error, reported by the argument parser.
    let run = grundy(&["cgt", "1", "--overheat", "1"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("2 values required"), "{}", run.stderr);
}

#[test]
fn malformed_expressions_name_the_column() {
    for (expression, expected) in [
        (
            "{3|2|1}",
            "expression '{3|2|1}': column 5: ambiguous slashes",
        ),
        ("{1|*", "expression '{1|*': column 5: expected"),
        (
            "{1|0} + ",
            "expression '{1|0} + ': column 9: expected a game, found end of input",
        ),
        (
            "3/5",
            "expression '3/5': column 1: the denominator 5 is not a power of two",
        ),
        (
            "{1|0} 2",
            "expression '{1|0} 2': column 7: expected an operator",
        ),
        ("", "expression '': column 1: expected"),
        ("((((", "expression '((((': column 5: expected"),
    ] {
        let err = grundy(&["cgt", "1", expression]).failed().to_string();
        assert!(err.contains(expected), "{expression}: {err}");
    }
    let err = grundy(&["cgt"]).failed().to_string();
    assert!(err.contains("no game given"), "{err}");
}

#[test]
fn expressions_from_files_and_standard_input() {
    let file = temp_file("games.txt", "# hot games\n{2|-1}\n\n  +-1\n^ + ^\n");
    let all = reports(&["--file", path_str(&file)]);
    let canonical: Vec<&str> = all
        .iter()
        .map(|r| r["canonical_form"].as_str().unwrap())
        .collect();
    assert_eq!(canonical, ["{2|-1}", "+-1", "^^"]);
    // Arguments come first, then the file's lines.
    let all = reports(&["0", "-f", path_str(&file)]);
    assert_eq!(all.len(), 4);
    assert_eq!(all[0]["canonical_form"], "0");
    // Errors say file:line:column, the column counted in the line as written.
    let bad = temp_file("bad.txt", "1\n\n# comment\n  {1|0\n");
    let err = grundy(&["cgt", "--file", path_str(&bad)])
        .failed()
        .to_string();
    assert_eq!(
        err,
        format!(
            "grundy: error: {}:4:7: expected '}}', found end of input\n",
            path_str(&bad)
        )
    );
    // `-` reads standard input, as an argument or as the file.
    for args in [
        &["cgt", "-", "--json"][..],
        &["cgt", "--file", "-", "--json"],
    ] {
        let run = run_with_input(args, Some("*\n{1|0}\n"));
        assert_eq!(run.ok().lines().count(), 2, "{args:?}");
    }
    let run = run_with_input(&["cgt", "-"], Some("*\n{1|*||\n"));
    assert!(
        run.failed().starts_with("grundy: error: <stdin>:2:"),
        "{}",
        run.stderr
    );
    let missing = grundy(&["cgt", "--file", "/nonexistent/games.txt"])
        .failed()
        .to_string();
    assert!(missing.contains("/nonexistent/games.txt"), "{missing}");
}

/// The points of the SVG polyline of class `class`, and its title.
fn polyline(svg: &str, class: &str) -> (Vec<(f64, f64)>, String) {
    let start = svg
        .find(&format!("<polyline class=\"{class}\""))
        .unwrap_or_else(|| panic!("{class} in {svg}"));
    let element = &svg[start..start + svg[start..].find("</polyline>").unwrap()];
    let points = element.split("points=\"").nth(1).unwrap();
    let points = points[..points.find('"').unwrap()]
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let title = element.split("<title>").nth(1).unwrap();
    (points, title.trim_end_matches("</title>").to_string())
}

/// Whether the document's tags nest properly and its text has no bare `<` or `&`.
fn well_formed(xml: &str) -> bool {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = xml;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        if text.split('&').skip(1).any(|t| {
            !["amp;", "lt;", "gt;", "quot;", "apos;"]
                .iter()
                .any(|e| t.starts_with(e))
        }) {
            return false;
        }
        let Some(gt) = rest[lt..].find('>') else {
            return false;
        };
        let tag = &rest[lt + 1..lt + gt];
        let name = tag
            .trim_start_matches('/')
            .split([' ', '/'])
            .next()
            .unwrap_or("");
        if tag.starts_with('/') {
            if open.pop() != Some(name) {
                return false;
            }
        } else if !tag.ends_with('/') {
            open.push(name);
        }
        rest = &rest[lt + gt + 1..];
    }
    open.is_empty() && rest.trim().is_empty()
}

#[test]
fn thermograph_svg() {
    let path = temp_path("switch.svg");
    let out = grundy(&["cgt", "{2|-1}", "--svg", path_str(&path)])
        .ok()
        .to_string();
    let svg = std::fs::read_to_string(&path).expect("the SVG file");
    assert!(svg.starts_with("<svg") && well_formed(&svg), "{svg}");
    // The plot's width, its title wrapped in two lines within it.
    let (width, height) = (472, 384);
    assert!(out.ends_with(&format!(
        "wrote {}: thermograph, {width} x {height} pixels\n",
        path_str(&path)
    )));
    // The left wall runs from 3 at temperature -1 to the mast's foot, 1/2 at 3/2, at 45
    // degrees; the right wall from -2 to the same point; the mast goes straight up. Values
    // increase to the left.
    let (left, left_title) = polyline(&svg, "left-wall");
    let (right, right_title) = polyline(&svg, "right-wall");
    let (mast, mast_title) = polyline(&svg, "mast");
    assert_eq!(
        left_title,
        "left wall: 3 at temperature -1, 1/2 at temperature 3/2"
    );
    assert_eq!(
        right_title,
        "right wall: -2 at temperature -1, 1/2 at temperature 3/2"
    );
    assert_eq!(mast_title, "mast: 1/2 from temperature 3/2 up");
    assert_eq!((left.len(), right.len(), mast.len()), (2, 2, 2));
    let scale = (left[1].0 - left[0].0) / 2.5;
    assert!(scale > 0.0);
    assert_eq!(left[0].1 - left[1].1, 2.5 * scale, "45 degrees");
    assert_eq!(right[0].0 - right[1].0, 2.5 * scale);
    assert_eq!(right[0].1, left[0].1, "both feet at -1");
    assert_eq!(right[0].0 - left[0].0, 5.0 * scale, "3 is left of -2");
    assert_eq!(right[1], left[1]);
    assert_eq!(mast[0], left[1]);
    assert_eq!(mast[1].0, mast[0].0);
    assert!(mast[1].1 < mast[0].1);
    // Ticks are labelled exactly.
    for label in [">3/2<", ">-1/2<", ">1/2<", ">-2<"] {
        assert!(svg.contains(label), "{label}");
    }
    // A thermograph with a vertical piece: {3||2*|1*}'s right wall has corners at 0 and 1/2.
    let path = temp_path("cooled.svg");
    grundy(&["cgt", "{3||2*|1*}", "--svg", path_str(&path)]).ok();
    let svg = std::fs::read_to_string(&path).expect("the SVG file");
    let (right, title) = polyline(&svg, "right-wall");
    assert_eq!(
        title,
        "right wall: 1 at temperature -1, 2 at temperature 0, 2 at temperature 1/2, \
         9/4 at temperature 3/4"
    );
    assert_eq!(right[1].0, right[2].0, "vertical from 0 to 1/2");
}

#[test]
fn thermograph_png() {
    let path = temp_path("switch.png");
    let out = grundy(&["cgt", "{3||2*|1*}", "--png", path_str(&path), "--json"]).json();
    assert_eq!(out["mean"], "9/4", "the report is printed as well");
    let file = std::fs::File::open(&path).expect("the PNG file");
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let frame = reader.next_frame(&mut pixels).expect("a frame");
    let text = grundy(&["cgt", "{3||2*|1*}", "--png", path_str(&path)])
        .ok()
        .to_string();
    assert!(
        text.ends_with(&format!("{} x {} pixels\n", frame.width, frame.height)),
        "{text}"
    );
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    let pixels = &pixels[..frame.buffer_size()];
    let count = |rgb: [u8; 3]| pixels.chunks_exact(3).filter(|p| *p == rgb).count();
    // Not blank: both walls are drawn, in their colours, and most of the page is white.
    assert!(count([31, 90, 200]) > 100, "left wall");
    assert!(count([210, 40, 40]) > 100, "right wall");
    assert!(count([255, 255, 255]) * 2 > pixels.len() / 3);
}

#[test]
fn pictures_take_one_game() {
    let path = temp_path("two.svg");
    let err = grundy(&["cgt", "1", "2", "--svg", path_str(&path)])
        .failed()
        .to_string();
    assert!(err.contains("one game; 2 given"), "{err}");
    assert!(!path.exists());
    // Every kind of game draws: integers, numbers, infinitesimals, hot games.
    for expression in ["0", "-5", "3/4", "^", "*2", "+-{4|2}", "{10|{0|-20}}"] {
        let path = temp_path("each.svg");
        grundy(&["cgt", expression, "--svg", path_str(&path)]).ok();
        let svg = std::fs::read_to_string(&path).expect("the SVG file");
        assert!(well_formed(&svg), "{expression}");
    }
}

/// Small games whose sums the random expressions are made of.
const PARTS: &[&str] = &[
    "0",
    "1",
    "-1",
    "1/2",
    "-3/4",
    "2",
    "*",
    "*2",
    "^",
    "v",
    "^*",
    "{1|0}",
    "{2|-1}",
    "+-1",
    "{1|*}",
    "{0|^}",
    "{3||2*|1*}",
    "{2||1|0}",
    "+-{1|0}",
    "{1/2|-1/4}",
];

#[test]
fn random_sums_agree_with_the_library() {
    let mut rng = StdRng::seed_from_u64(0xc67_0012);
    let mut expressions = Vec::new();
    let mut parts_of = Vec::new();
    for _ in 0..40 {
        let n = rng.random_range(1..=4);
        let mut text = String::new();
        let mut parts = Vec::new();
        for i in 0..n {
            let part = PARTS[rng.random_range(0..PARTS.len())];
            let negative = rng.random_bool(0.3);
            if i > 0 {
                text.push_str(if negative { " - " } else { " + " });
            } else if negative {
                text.push_str("0 - ");
            }
            text.push('(');
            text.push_str(part);
            text.push(')');
            parts.push((part, negative));
        }
        expressions.push(text);
        parts_of.push(parts);
    }
    let mut args: Vec<&str> = expressions.iter().map(String::as_str).collect();
    args.insert(0, "--");
    let all = reports(&args);
    assert_eq!(all.len(), expressions.len());
    let mut store = GameStore::new();
    for ((report, expression), parts) in all.iter().zip(&expressions).zip(&parts_of) {
        // The sum built part by part in the library.
        let mut sum = store.integer(0);
        let mut mean = Dyadic::ZERO;
        for &(part, negative) in parts {
            let mut g = store.parse(part).unwrap();
            if negative {
                g = store.neg(g).unwrap();
            }
            sum = store.sum(sum, g).unwrap();
            // The mean is additive.
            mean = mean.checked_add(store.mean(g).unwrap()).unwrap();
        }
        let s = |x: Dyadic| Value::from(x.to_string());
        assert_eq!(report["expression"], expression.as_str());
        assert_eq!(report["canonical_form"], store.display(sum), "{expression}");
        assert_eq!(report["mean"], s(mean), "{expression}");
        assert_eq!(report["temperature"], s(store.temperature(sum).unwrap()));
        assert_eq!(report["left_stop"], s(store.left_stop(sum)), "{expression}");
        assert_eq!(
            report["right_stop"],
            s(store.right_stop(sum)),
            "{expression}"
        );
        assert_eq!(report["birthday"], store.birthday(sum), "{expression}");
        let outcome = store.outcome(sum).unwrap();
        assert_eq!(report["outcome_class"], outcome.letter().to_string());
        let misere = store.misere_outcome(sum).unwrap();
        assert_eq!(
            report["canonical_form_misere_outcome_class"],
            misere.letter().to_string()
        );
        let reduced = store.reduced(sum).unwrap();
        assert_eq!(report["reduced"], store.display(reduced), "{expression}");
        let (left, right) = store.sorted_options(sum).unwrap();
        let shown = |store: &mut GameStore, games: &[_]| -> Vec<String> {
            games.iter().map(|&g| store.display(g)).collect()
        };
        assert_eq!(
            report["left_options"],
            serde_json::json!(shown(&mut store, &left))
        );
        assert_eq!(
            report["right_options"],
            serde_json::json!(shown(&mut store, &right))
        );
        let weight = store.atomic_weight(sum).ok().map(|w| store.display(w));
        assert_eq!(
            report["atomic_weight"],
            serde_json::json!(weight),
            "{expression}"
        );
        // The outcome class is the comparison with 0, which --compare reports too.
        let compared = grundy(&["cgt", "--json", "--compare", "--", expression, "0"]).json();
        let expected = match outcome {
            grundy::partizan::OutcomeClass::Left => ">",
            grundy::partizan::OutcomeClass::Right => "<",
            grundy::partizan::OutcomeClass::Second => "=",
            grundy::partizan::OutcomeClass::First => "<>",
        };
        assert_eq!(compared["relation"], expected, "{expression}");
    }
}
