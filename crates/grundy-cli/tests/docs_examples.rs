//! Every command-line example of the guide runs, and prints what the guide says.
//!
//! The guide (`README.md`, `CONTRIBUTING.md`, `ARCHITECTURE.md`, `docs/*.md`) writes its
//! examples as ```` ```console ```` blocks, in the syntax of cram and trycmd:
//!
//! - `$ COMMAND` runs COMMAND through `sh` (pipes and redirections allowed), with the
//!   `grundy` just built first on the `PATH`;
//! - `? N` on the line after it says the exit code (0 when absent);
//! - the lines up to the next command are what it prints, standard error included; a line
//!   `...` stands for any number of lines, and `[..]` inside a line for any text.
//!
//! The commands of one page run one after the other in one scratch folder holding a copy of
//! `examples/`, so a page can write a file and read it back, as a reader at a terminal would.
//! A ```` ```sh ```` block is for set-up only (cargo, pip, git): one that calls `grundy` is an
//! example that would not be run, and fails this test. (The Rust examples are doc tests of
//! the `grundy` crate; the Python ones are run by the Python package's tests.)
//!
//! `GRUNDY_DOCS=NAME` runs only the pages whose path contains NAME (`GRUNDY_DOCS=playing`).
//!
//! Harness written here rather than taken from trycmd, which runs no pipe or redirection
//! and no command in a scratch folder of the page's own.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one example may run: every example is meant to answer at once.
const TIMEOUT: Duration = Duration::from_secs(120);

/// One `$` command of a page, where it was written and what it should do.
struct Example {
    line: usize,
    command: String,
    status: i32,
    expected: Vec<String>,
}

/// The workspace's root, where the pages are.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The pages of the guide, in a fixed order.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages: Vec<PathBuf> = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"]
        .iter()
        .map(|name| root.join(name))
        .collect();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The examples of one page, and the set-up blocks that call `grundy` (which are errors).
fn examples(text: &str) -> (Vec<Example>, Vec<usize>) {
    let mut examples: Vec<Example> = Vec::new();
    let mut unrun = Vec::new();
    let mut fence: Option<String> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(info) = line.trim_start().strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(info.trim().to_string()),
            };
            continue;
        }
        match fence.as_deref() {
            Some("console") => {
                if let Some(command) = line.strip_prefix("$ ") {
                    examples.push(Example {
                        line: number,
                        command: command.to_string(),
                        status: 0,
                        expected: Vec::new(),
                    });
                } else if let Some(example) = examples.last_mut() {
                    match line.strip_prefix("? ") {
                        Some(code) if example.expected.is_empty() => {
                            example.status = code.trim().parse().unwrap_or_else(|_| {
                                panic!("line {number}: '? {code}' is not an exit code")
                            })
                        }
                        _ => example.expected.push(line.to_string()),
                    }
                } else {
                    panic!("line {number}: a console block must start with '$ COMMAND'");
                }
            }
            Some("sh" | "bash" | "shell") => {
                let first = line.split_whitespace().next().unwrap_or("");
                if first == "grundy" {
                    unrun.push(number);
                }
            }
            _ => {}
        }
    }
    (examples, unrun)
}

/// Whether `actual` matches one expected line, where `[..]` stands for any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let mut pieces = expected.split("[..]");
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (i, piece) in pieces.iter().enumerate() {
        if i + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the printed lines match the expected ones, where a line `...` stands for any
/// number of lines (tried shortest first, backtracking: pages are short).
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, tail)| line_matches(first, line) && matches(rest, tail)),
    }
}

/// Runs one command in `dir` and returns its exit code and what it printed.
fn run(command: &str, dir: &Path, path: &str) -> (i32, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .env("COLUMNS", "100")
        // The key `grundy search --regions` signs with: made in the target folder, never
        // in the user's configuration folder.
        .env(
            "GRUNDY_CONFIG_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-config"),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        stdout.read_to_string(&mut out).map(|_| out)
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!("`{command}` ran over {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let out = reader.join().expect("reader").expect("UTF-8 output");
    (status.code().unwrap_or(-1), out)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("scratch folder");
    for entry in std::fs::read_dir(from).expect("readable") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

#[test]
fn every_example_of_the_guide_runs_and_prints_what_the_guide_says() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_grundy"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let scratch = std::env::temp_dir().join(format!("grundy-docs-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut count = 0;
    let only = std::env::var("GRUNDY_DOCS").unwrap_or_default();
    for page in pages() {
        if !page.display().to_string().contains(&only) {
            continue;
        }
        let text = std::fs::read_to_string(&page).expect("a page of the guide");
        let name = page
            .strip_prefix(root())
            .unwrap_or(&page)
            .display()
            .to_string();
        let (examples, unrun) = examples(&text);
        for line in unrun {
            failures.push(format!(
                "{name}:{line}: `grundy` in a set-up block: write it as a console example"
            ));
        }
        if examples.is_empty() {
            continue;
        }
        let dir = scratch.join(name.replace('/', "-"));
        copy_dir(&root().join("examples"), &dir.join("examples"));
        for example in examples {
            count += 1;
            let (status, out) = run(&example.command, &dir, &path);
            let actual: Vec<&str> = out.lines().collect();
            let mut expected = example.expected.clone();
            while expected.last().is_some_and(|l| l.is_empty()) {
                expected.pop();
            }
            if status != example.status || !matches(&expected, &actual) {
                failures.push(format!(
                    "{name}:{}: $ {}\n  expected (exit {}):\n{}\n  got (exit {status}):\n{}",
                    example.line,
                    example.command,
                    example.status,
                    expected.join("\n"),
                    out.trim_end()
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(count > 0, "the guide has console examples");
    assert!(
        failures.is_empty(),
        "{} of {count} examples differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_matcher_elides_lines_and_text() {
    let expected = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(
        &expected(&["a", "...", "d"]),
        &["a", "b", "c", "d"]
    ));
    assert!(matches(&expected(&["a", "...", "d"]), &["a", "d"]));
    assert!(!matches(&expected(&["a", "...", "d"]), &["a", "b"]));
    assert!(matches(&expected(&["x [..] z"]), &["x y y z"]));
    assert!(!matches(&expected(&["x [..] z"]), &["x y y"]));
    assert!(matches(&expected(&["[..]"]), &["anything"]));
    assert!(matches(&expected(&["a \"b\"[..]"]), &["a \"b\" "]));
    assert!(!matches(&expected(&["a"]), &["a", "b"]));
    let (examples, unrun) =
        examples("```console\n$ grundy x\n? 2\nout\n```\n```sh\ngrundy y\n```\n");
    assert_eq!(examples.len(), 1);
    assert_eq!(
        (examples[0].status, examples[0].expected.clone()),
        (2, vec!["out".to_string()])
    );
    assert_eq!(unrun, vec![7]);
}

/// A page nobody links is a page nobody reads, and a page left out of the doc tests keeps
/// Rust examples that no longer compile.
#[test]
fn every_page_is_linked_and_its_rust_examples_are_doc_tests() {
    let root = root();
    // The engine doc-tests the pages; a page whose examples use the catalogue is doc-tested
    // by the catalogue, which the engine cannot name.
    let libs = [
        "crates/grundy/src/lib.rs",
        "crates/grundy-catalogue/src/lib.rs",
    ];
    let lib: String = libs
        .iter()
        .map(|lib| std::fs::read_to_string(root.join(lib)).expect("lib.rs"))
        .collect();
    let texts: Vec<(PathBuf, String)> = pages()
        .into_iter()
        .map(|page| {
            let text = std::fs::read_to_string(&page).expect("a page");
            (page, text)
        })
        .collect();
    let mut missing = Vec::new();
    for (page, _) in texts
        .iter()
        .filter(|(p, _)| p.parent() == Some(&root.join("docs")))
    {
        let name = page.file_name().expect("a file").to_string_lossy();
        let linked = texts.iter().any(|(other, text)| {
            other != page
                && (text.contains(&format!("(docs/{name})")) || text.contains(&format!("({name})")))
        });
        if !linked {
            missing.push(format!("no page links docs/{name}"));
        }
        if !lib.contains(&format!("include_str!(\"../../../docs/{name}\")")) {
            missing.push(format!(
                "neither {} doc-tests docs/{name}",
                libs.join(" nor ")
            ));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
