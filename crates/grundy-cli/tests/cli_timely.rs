//! `grundy solve --engine timely` and `grundy merge`: worker threads, two processes over
//! loopback started here, and the errors of a run whose peers are missing, vanish or are not
//! grundy at all. Every result is compared with `grundy solve --format tsv` in memory: outcome
//! and remoteness identical, each best move an optimal one (engines may choose differently
//! among equally good moves).

mod catalogue_run;

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use catalogue_run::{grundy, path_str, temp_file, temp_folder, temp_path};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Hundreds of random graphs with cycles in one file, each on its own ids (a position of graph
/// k is `k * 100 + i`, or the name `gK_I`), so that one run solves them all: components do not
/// interact. Some positions stand alone; some carry fixed results.
fn many_graphs(graphs: u64, named: bool) -> String {
    let mut rng = StdRng::seed_from_u64(graphs + u64::from(named));
    let mut text = String::new();
    for k in 0..graphs {
        let n = rng.random_range(1..30u32);
        let id = |i: u32| {
            if named {
                format!("g{k}_{i}")
            } else {
                (k as u32 * 100 + i).to_string()
            }
        };
        for i in 0..n {
            if rng.random_bool(0.15) {
                text += &format!("{}\n", id(i));
                continue;
            }
            for _ in 0..rng.random_range(0..4) {
                text += &format!("{} {}\n", id(i), id(rng.random_range(0..n)));
            }
            if rng.random_bool(0.05) {
                let result = ["win", "loss", "draw"][rng.random_range(0..3)];
                text += &format!("{} result={result}\n", id(i));
            }
        }
    }
    text
}

/// The moves of a graph file, by source label.
fn moves_of(text: &str) -> HashMap<&str, Vec<&str>> {
    let mut moves: HashMap<&str, Vec<&str>> = HashMap::new();
    for line in text.lines() {
        if let [from, to] = line.split_whitespace().collect::<Vec<_>>()[..] {
            moves.entry(from).or_default().push(to);
        }
    }
    moves
}

/// Checks a listing against the in-memory one: the same positions in the same order, the same
/// outcome and remoteness, and best moves that are moves, to the right outcome, one step nearer
/// the end.
fn assert_equivalent(graph: &str, memory: &str, dataflow: &str, what: &str) {
    let rows = |listing: &str| -> Vec<[String; 4]> {
        listing
            .lines()
            .map(|l| {
                let cells: Vec<String> = l.split('\t').map(str::to_string).collect();
                cells.try_into().expect("4 columns")
            })
            .collect()
    };
    let (memory, dataflow) = (rows(memory), rows(dataflow));
    assert_eq!(memory.len(), dataflow.len(), "{what}: rows");
    let answer: HashMap<&str, (&str, &str)> = memory
        .iter()
        .map(|r| (r[0].as_str(), (r[1].as_str(), r[2].as_str())))
        .collect();
    let moves = moves_of(graph);
    for (m, d) in memory.iter().zip(&dataflow) {
        assert_eq!(m[..3], d[..3], "{what}: node, outcome, remoteness");
        assert_eq!(m[3] == "-", d[3] == "-", "{what}: {} has a best move", m[0]);
        if d[3] == "-" {
            continue;
        }
        assert!(
            moves[d[0].as_str()].contains(&d[3].as_str()),
            "{what}: {} -> {} is a move",
            d[0],
            d[3]
        );
        let (outcome, remoteness) = answer[d[3].as_str()];
        let expected = match d[1].as_str() {
            "win" => "loss",
            "loss" => "win",
            _ => "draw",
        };
        assert_eq!(outcome, expected, "{what}: best move of {}", d[0]);
        if expected != "draw" {
            let r: u32 = d[2].parse().unwrap();
            assert_eq!(
                remoteness,
                (r - 1).to_string(),
                "{what}: best move of {}",
                d[0]
            );
        }
    }
}

#[test]
fn worker_threads_agree_with_the_in_memory_solver() {
    for named in [false, true] {
        let text = many_graphs(200, named);
        let file = temp_file(&format!("threads-{named}.game"), &text);
        for misere in [&[][..], &["--misere"][..]] {
            let mut args = vec!["solve", path_str(&file), "--format", "tsv"];
            args.extend(misere);
            let memory = grundy(&args).ok().to_string();
            for workers in ["1", "2", "4"] {
                let mut args = args.clone();
                args.extend(["--engine", "timely", "--workers", workers]);
                let what = format!("names {named}, {misere:?}, {workers} workers");
                assert_equivalent(&text, &memory, grundy(&args).ok(), &what);
            }
        }
    }
}

#[test]
fn summary_csv_and_values() {
    let file = temp_file("small.game", "a b\nb c\nc d\nx y\ny x\n");
    let summary = grundy(&["solve", path_str(&file), "--summary"]);
    let timely = ["--engine", "timely", "--workers", "2"];
    let run = grundy(&[&["solve", path_str(&file), "--summary"][..], &timely].concat());
    assert_eq!(run.ok(), summary.ok());
    let csv = grundy(&["solve", path_str(&file), "--format", "csv"]);
    let run = grundy(&[&["solve", path_str(&file), "--format", "csv"][..], &timely].concat());
    assert_eq!(run.ok(), csv.ok());

    let dag = temp_file("dag.game", "0 1\n0 2\n1 2\n2 3\n4 3\n4 0\n");
    for extra in [&["--format", "tsv"][..], &["--summary"]] {
        let args = [&["solve", path_str(&dag), "--values", "grundy"][..], extra].concat();
        let memory = grundy(&args);
        let run = grundy(&[&args[..], &timely].concat());
        assert_eq!(run.ok(), memory.ok());
    }
}

#[test]
fn refusals_are_usage_errors() {
    let file = temp_file("refused.game", "a b\n");
    let cycle = temp_file("cycle.game", "a b\nb a\n");
    let hosts = temp_file("bad-hosts", "127.0.0.1:1\n  # a comment\n  localhost 99\n");
    let timely = ["--engine", "timely"];
    let cases: [(Vec<&str>, &str); 9] = [
        (vec!["--format", "json"], "use --format tsv"),
        (vec![], "use --format tsv or csv, or --summary"),
        (
            vec!["--summary", "--prefer", "draw,win,loss"],
            "--prefer does not go",
        ),
        (vec!["--summary", "--processes", "2"], "need --hostfile"),
        (
            vec![
                "--summary",
                "--hostfile",
                path_str(&hosts),
                "--process",
                "0",
            ],
            "bad-hosts:3:12: expected one host:port",
        ),
        (vec!["--summary", "--values", "payoff"], "not payoffs"),
        (
            vec!["--summary", "--workers", "0"],
            "--workers must be from 1 to 256",
        ),
        (
            vec!["--summary", "--workers", "18446744073709551615"],
            "--workers must be from 1 to 256",
        ),
        (
            vec!["--summary", "--workers", "1024"],
            "--workers must be from 1 to 256",
        ),
    ];
    for (extra, expected) in cases {
        let args = [&["solve", path_str(&file)][..], &timely, &extra].concat();
        let error = grundy(&args).failed().to_string();
        assert!(error.contains(expected), "{args:?}: {error}");
    }
    let args = ["solve", path_str(&cycle), "--values", "grundy", "--summary"];
    let error = grundy(&[&args[..], &timely].concat()).failed().to_string();
    assert!(error.contains("acyclic"), "{error}");
    let error = grundy(&["solve", path_str(&file), "--workers", "2"])
        .failed()
        .to_string();
    assert!(error.contains("--engine timely"), "{error}");
}

/// Ports that were free a moment ago on 127.0.0.1.
fn free_ports(count: usize) -> Vec<u16> {
    let listeners: Vec<TcpListener> = (0..count)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

/// A host file of `ports` on 127.0.0.1.
fn hostfile(name: &str, ports: &[u16]) -> PathBuf {
    let text: String = ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect();
    temp_file(name, &format!("# one process a line\n{text}"))
}

/// Starts `grundy ARGS...` with its standard output and error in files.
fn spawn(args: &[&str], out: &Path, err: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(out).unwrap())
        .stderr(std::fs::File::create(err).unwrap())
        .spawn()
        .expect("the grundy binary runs")
}

/// Waits for a child at most `limit`, killing it and failing past that; returns its exit code.
fn wait(child: &mut Child, limit: Duration) -> i32 {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().expect("an exit code, not a signal");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("grundy still runs after {limit:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn two_processes_over_loopback_merge_to_the_in_memory_listing() {
    for (named, misere) in [(false, false), (true, true)] {
        let text = many_graphs(300, named);
        let file = temp_file(&format!("loopback-{named}.game"), &text);
        let hosts = hostfile(&format!("hosts-{named}"), &free_ports(2));
        let mut children = Vec::new();
        let mut parts = Vec::new();
        for process in ["0", "1"] {
            let out = temp_path(&format!("part-{named}-{process}.tsv"));
            let err = temp_path(&format!("part-{named}-{process}.err"));
            let mut args = vec!["solve", path_str(&file), "--format", "tsv"];
            args.extend(["--engine", "timely", "--workers", "2"]);
            args.extend(["--hostfile", path_str(&hosts), "--process", process]);
            if misere {
                args.push("--misere");
            }
            children.push((spawn(&args, &out, &err), err));
            parts.push(out);
        }
        for (child, err) in &mut children {
            let code = wait(child, Duration::from_secs(60));
            let stderr = std::fs::read_to_string(&*err).unwrap();
            assert_eq!((code, stderr.as_str()), (0, ""), "a process of the run");
        }
        let part_sizes: Vec<u64> = parts
            .iter()
            .map(|p| std::fs::metadata(p).unwrap().len())
            .collect();
        assert!(
            part_sizes.iter().all(|&s| s > 0),
            "each process writes rows"
        );
        let merged = grundy(&["merge", path_str(&parts[0]), path_str(&parts[1])]);
        let mut args = vec!["solve", path_str(&file), "--format", "tsv"];
        if misere {
            args.push("--misere");
        }
        let memory = grundy(&args);
        let what = format!("two processes, names {named}, misère {misere}");
        assert_equivalent(&text, memory.ok(), merged.ok(), &what);
    }
}

#[test]
fn a_missing_peer_is_an_error_within_the_timeout() {
    let file = temp_file("alone.game", "a b\n");
    let hosts = hostfile("hosts-alone", &free_ports(2));
    for process in ["0", "1"] {
        let start = Instant::now();
        let mut args = vec!["solve", path_str(&file), "--summary", "--engine", "timely"];
        args.extend(["--hostfile", path_str(&hosts), "--process", process]);
        args.extend(["--connect-timeout", "1.5"]);
        let error = grundy(&args).failed().to_string();
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        let expected = if process == "0" {
            "process 1 (127.0.0.1:"
        } else {
            "could not reach process 0 at 127.0.0.1:"
        };
        assert!(error.contains(expected), "{error}");
        assert!(error.contains("within 1.5 s"), "{error}");
    }
}

/// Starts process 1 of two, with this test in the place of process 0; returns the child and
/// the connection it made, once its greeting has arrived.
fn process_one_connected(name: &str) -> (Child, TcpStream, [u8; 24], PathBuf) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port0 = listener.local_addr().unwrap().port();
    let hosts = hostfile(&format!("hosts-{name}"), &[port0, free_ports(1)[0]]);
    let file = temp_file(&format!("{name}.game"), "a b\nb c\n");
    let err = temp_path(&format!("{name}.err"));
    let mut args = vec!["solve", path_str(&file), "--summary", "--engine", "timely"];
    args.extend(["--hostfile", path_str(&hosts), "--process", "1"]);
    args.extend(["--connect-timeout", "10"]);
    let child = spawn(&args, &temp_path(&format!("{name}.out")), &err);
    let (mut stream, _) = listener.accept().unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut greeting = [0u8; 24];
    stream.read_exact(&mut greeting).unwrap();
    (child, stream, greeting, err)
}

#[test]
fn a_peer_that_vanishes_is_an_error() {
    let (mut child, mut stream, mut greeting, err) = process_one_connected("vanish");
    // Answer as process 0 of the same job would, then go away.
    greeting[8..16].copy_from_slice(&0u64.to_le_bytes());
    stream.write_all(&greeting).unwrap();
    drop(stream);
    assert_eq!(wait(&mut child, Duration::from_secs(30)), 2);
    let stderr = std::fs::read_to_string(err).unwrap();
    assert!(
        stderr.starts_with("grundy: error: lost the connection to process 0 (127.0.0.1:")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn a_stranger_is_refused() {
    let (mut child, mut stream, _, err) = process_one_connected("stranger");
    stream.write_all(b"HTTP/1.1 400 Bad Request\r\n").unwrap();
    assert_eq!(wait(&mut child, Duration::from_secs(30)), 2);
    let stderr = std::fs::read_to_string(err).unwrap();
    assert!(
        stderr.contains("is not a grundy process of this run"),
        "{stderr}"
    );
}

#[test]
fn merge_checks_its_parts() {
    let good = temp_file("merge-good.tsv", "a\twin\t1\tb\n");
    let cut = temp_file("merge-cut.tsv", "b\tloss\t0\t-\nc\tlo");
    let other = temp_file("merge-other.tsv", "c\t3\n");
    let merged = grundy(&["merge", path_str(&good), path_str(&good)]);
    assert_eq!(merged.ok(), "a\twin\t1\tb\na\twin\t1\tb\n");
    let error = grundy(&["merge", path_str(&good), path_str(&cut)])
        .failed()
        .to_string();
    assert!(
        error.contains("merge-cut.tsv: the last line has no end"),
        "{error}"
    );
    let merged = grundy(&["merge", path_str(&good), path_str(&other)]);
    assert_eq!(merged.code, 2);
    assert!(
        merged.stderr.contains("merge-other.tsv:1:1: 2 columns"),
        "{}",
        merged.stderr
    );
    let out = temp_path("merge-out.tsv");
    grundy(&["merge", path_str(&good), "--output", path_str(&out)]).ok();
    assert_eq!(std::fs::read_to_string(out).unwrap(), "a\twin\t1\tb\n");
}

/// `grundy strong --engine timely`: Connect Four 4 × 4 solved by two processes of two
/// workers into one folder in parts; the solution answers boards, checks and counts its
/// tiers as the single-machine solve's does, and a process alone in its folder reports no
/// start rather than an error.
#[test]
fn strong_solving_by_two_processes_answers_as_one() {
    let whole = temp_folder("strong-c4-whole");
    let solved = grundy(&[
        "strong",
        "connect4",
        "--width",
        "4",
        "--height",
        "4",
        path_str(&whole),
    ]);
    assert!(solved.ok().contains("empty board: "), "{}", solved.ok());
    for shared in [true, false] {
        let dirs: Vec<PathBuf> = (0..2)
            .map(|p| {
                let name = if shared {
                    "strong-c4-parts".into()
                } else {
                    format!("strong-c4-{p}")
                };
                temp_folder(&name)
            })
            .collect();
        let hosts = hostfile(&format!("strong-hosts-{shared}"), &free_ports(2));
        let mut children = Vec::new();
        for process in 0..2 {
            let dir = if shared { &dirs[0] } else { &dirs[process] };
            let out = temp_path(&format!("strong-{shared}-{process}.out"));
            let err = temp_path(&format!("strong-{shared}-{process}.err"));
            let process = process.to_string();
            let mut args = vec!["strong", "connect4", "--width", "4", "--height", "4"];
            args.extend([path_str(dir), "--engine", "timely", "--workers", "2"]);
            args.extend([
                "--hostfile",
                path_str(&hosts),
                "--process",
                process.as_str(),
            ]);
            children.push((spawn(&args, &out, &err), out, err));
        }
        for (child, out, err) in &mut children {
            let code = wait(child, Duration::from_secs(120));
            let stderr = std::fs::read_to_string(&*err).unwrap();
            assert_eq!((code, stderr.as_str()), (0, ""), "a process of the run");
            let report = std::fs::read_to_string(&*out).unwrap();
            assert!(report.contains("exchanged: "), "{report}");
            // In a folder of its own, a process holds half the blocks: no start is valued.
            assert_eq!(report.contains("empty board: "), shared, "{report}");
        }
        if !shared {
            // The parts gathered into one folder make the whole solution.
            for entry in std::fs::read_dir(&dirs[1]).unwrap() {
                let entry = entry.unwrap();
                std::fs::copy(entry.path(), dirs[0].join(entry.file_name())).unwrap();
            }
        }
        for board in ["", "1", "2233", "12341234"] {
            let ask = |dir: &Path| {
                grundy(&["connect4", "--solved", path_str(dir), board])
                    .ok()
                    .to_string()
            };
            assert_eq!(ask(&whole), ask(&dirs[0]), "board {board:?}");
        }
        let counts = |dir: &Path| {
            let json = grundy(&["strong", "--format", "json", "check", path_str(dir)]);
            json.json()["tiers"].clone()
        };
        let (a, b) = (counts(&whole), counts(&dirs[0]));
        assert!(a.as_array().is_some_and(|t| t.len() == 17), "{a}");
        for (x, y) in a.as_array().unwrap().iter().zip(b.as_array().unwrap()) {
            for key in ["positions", "wins", "losses", "draws"] {
                assert_eq!(x[key], y[key], "{x} {y}");
            }
        }
    }
}

/// Runs two processes of one worker each on `files` (process i reads `files[i]`); returns
/// each one's exit code and standard error.
fn two_processes(name: &str, files: [&Path; 2]) -> Vec<(i32, String)> {
    let hosts = hostfile(&format!("hosts-{name}"), &free_ports(2));
    let mut children = Vec::new();
    for (process, file) in ["0", "1"].into_iter().zip(files) {
        let err = temp_path(&format!("{name}-{process}.err"));
        let mut args = vec!["solve", path_str(file), "--summary", "--engine", "timely"];
        args.extend(["--hostfile", path_str(&hosts), "--process", process]);
        let out = temp_path(&format!("{name}-{process}.out"));
        children.push((spawn(&args, &out, &err), err));
    }
    children
        .iter_mut()
        .map(|(child, err)| {
            let code = wait(child, Duration::from_secs(60));
            (code, std::fs::read_to_string(&*err).unwrap())
        })
        .collect()
}

/// Each process reads only its half of the file: a fault in the second half is found by
/// process 1 and reported by both at the file's line; processes given files of other sizes
/// are refused, since they would cut them at other places.
#[test]
fn processes_read_their_own_ranges() {
    let mut text: String = (0..200).map(|i| format!("{i} {}\n", i + 1)).collect();
    text += "7 result=sometimes\n";
    text += &(300..400)
        .map(|i| format!("{i} {}\n", i + 1))
        .collect::<String>();
    let faulty = temp_file("ranges-faulty.game", &text);
    for (code, stderr) in two_processes("ranges-faulty", [&faulty, &faulty]) {
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("ranges-faulty.game:201:10: unknown result"),
            "every process names the file's line: {stderr}"
        );
    }
    let short = temp_file("ranges-short.game", "0 1\n1 2\n");
    let long = temp_file("ranges-long.game", "0 1\n1 2\n2 3\n");
    for (code, stderr) in two_processes("ranges-sizes", [&short, &long]) {
        assert_eq!(code, 2, "{stderr}");
        assert!(
            stderr.contains("every process must read the same file"),
            "{stderr}"
        );
    }
}
