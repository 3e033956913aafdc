//! `grundy serve` as a process, under an address-space limit of 2 GiB, on loopback: the
//! requests that once grew the server past 13 GB (huge piles, many piles, a huge board, a
//! game past its time) are each answered promptly with a JSON error, alone and many at once,
//! and the server still answers afterwards.

mod catalogue_run;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The address space the server may have.
const MEMORY: u64 = 2 << 30;

/// The longest an answer may take (the server's timeout is 3 s).
const PROMPT: Duration = Duration::from_secs(15);

/// A server process, killed when dropped (a failing test leaves none behind).
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `grundy serve` on 127.0.0.1, port 0 (`--port 0`: the port alone is on 127.0.0.1),
/// with `options`, under the address-space limit; the address it prints.
fn serve(options: &[&str]) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(["serve", "--port", "0"])
        .args(options)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    catalogue_run::limit_memory(&mut command, MEMORY, false);
    let mut child = command.spawn().expect("grundy serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "Serving the game page on http://127.0.0.1:PORT/ (Ctrl-C to stop)"
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|addr| addr.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    Server { child, addr }
}

/// One HTTP/1.1 request on a new connection, answered within [`PROMPT`]: the status and the
/// body as JSON (the body as a JSON string if it is not JSON).
fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let started = Instant::now();
    let mut stream = TcpStream::connect_timeout(&addr, PROMPT).expect("the server answers");
    stream.set_read_timeout(Some(PROMPT)).unwrap();
    stream.set_write_timeout(Some(PROMPT)).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .unwrap_or_else(|e| panic!("{method} {path}: no answer in {PROMPT:?}: {e}"));
    assert!(started.elapsed() < PROMPT, "{method} {path}: too slow");
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("{method} {path}: not an HTTP answer: {answer:?}"));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap();
    let body = serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()));
    (status, body)
}

/// The requests that once killed the server: each with the statuses it may be answered (200:
/// played by the family's formula; else refused).
fn killers() -> Vec<(&'static str, Value, &'static [u16])> {
    let huge = "100000000";
    let played: &[u16] = &[200];
    let refused: &[u16] = &[422];
    let limited: &[u16] = &[422, 503];
    let game = |game: &str, start: String| json!({"game": game, "start": start});
    vec![
        ("/api/position", game("nim", huge.into()), played),
        (
            "/api/position",
            game("nim", "1000000000000000000".into()),
            played,
        ),
        ("/api/engine", game("nim", huge.into()), played),
        ("/api/position", game("misere-nim", huge.into()), played),
        (
            "/api/position",
            game("staircase", format!("{huge} 5")),
            played,
        ),
        (
            "/api/position",
            game("nim", vec!["1"; 100_000].join(" ")),
            played,
        ),
        ("/api/position", game("squares", huge.into()), refused),
        (
            "/api/position",
            game("take-and-break:0.77", huge.into()),
            refused,
        ),
        (
            "/api/position",
            game("domineering", vec![".".repeat(300); 300].join("|")),
            refused,
        ),
        // Within the position budget, over the memory budget or the time.
        ("/api/position", game("squares", "150000".into()), limited),
        (
            "/api/position",
            game("squares", "20 20 20 20 20 20 20 20 20".into()),
            limited,
        ),
        (
            "/api/engine",
            game("squares", "9 9 9 9 9 9".into()),
            limited,
        ),
    ]
}

/// An answer with one of `statuses`: a position (200), or a JSON error naming the option that
/// raises the limit.
fn assert_answered(answer: &(u16, Value), statuses: &[u16], what: &str) {
    assert!(
        statuses.contains(&answer.0),
        "{what}: {} {}",
        answer.0,
        answer.1
    );
    if answer.0 == 200 {
        let outcome = answer.1["outcome"]
            .as_str()
            .or(answer.1["after"]["outcome"].as_str());
        assert!(outcome.is_some(), "{what}: {}", answer.1);
        return;
    }
    let message = answer.1["error"].as_str().unwrap_or_default();
    assert!(message.contains("grundy serve --"), "{what}: {}", answer.1);
}

/// The server still plays.
fn assert_serving(server: &mut Server) {
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server died"
    );
    let (status, games) = request(server.addr, "GET", "/api/games", None);
    assert_eq!(status, 200, "{games}");
    let game = json!({"game": "nim", "start": "3 4 5"});
    let (status, a) = request(server.addr, "POST", "/api/position", Some(&game));
    assert_eq!(
        (status, a["moves"].as_array().map(Vec::len)),
        (200, Some(12)),
        "{a}"
    );
}

#[test]
fn the_killer_requests_are_answered_one_by_one_and_the_server_lives() {
    let mut server = serve(&["--max-positions", "100000000", "--timeout", "3"]);
    // The position budget raised: the starts are still sized before they are explored.
    let squares = json!({"game": "squares", "start": "100000000"});
    let raised = request(server.addr, "POST", "/api/position", Some(&squares));
    assert_answered(&raised, &[422, 503], "squares 10^8 with 10^8 positions");
    let mut server_default = serve(&["--timeout", "2.5"]);
    for (path, body, statuses) in killers() {
        let answer = request(server_default.addr, "POST", path, Some(&body));
        let what = format!("{path} {}", body["game"]);
        assert_answered(&answer, statuses, &what);
        assert_serving(&mut server_default);
    }
    assert_serving(&mut server);
}

#[test]
fn the_killer_requests_all_at_once_leave_the_server_serving() {
    let mut server = serve(&["--timeout", "3"]);
    let addr = server.addr;
    let clients: Vec<_> = (0..3)
        .flat_map(|_| killers())
        .map(|(path, body, statuses)| {
            thread::spawn(move || {
                let answer = request(addr, "POST", path, Some(&body));
                // Beyond the requests let in, the answer is 503 busy.
                let mut busy = statuses.to_vec();
                busy.push(503);
                assert_answered(&answer, &busy, &format!("{path} {}", body["game"]));
            })
        })
        .collect();
    for client in clients {
        client.join().unwrap();
    }
    assert_serving(&mut server);
}

#[test]
fn every_error_is_json_over_http() {
    let mut server = serve(&[]);
    let addr = server.addr;
    let (status, body) = request(addr, "GET", "/api/position", None);
    assert_eq!(status, 405, "{body}");
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("does not answer GET"));
    let (status, body) = request(addr, "GET", "/nothing", None);
    assert_eq!((status, body["error"].is_string()), (404, true), "{body}");
    let big = json!({"graph": "a b\n".repeat(300_000)});
    let (status, body) = request(addr, "POST", "/api/position", Some(&big));
    assert_eq!((status, body["error"].is_string()), (413, true), "{body}");
    assert_serving(&mut server);
}

/// A game whose name holds `=` (`teeko:3,pieces=3`) is served from its solution: the folder
/// is after the `=` whose rest is a folder.
#[test]
fn a_solution_of_a_game_named_with_an_equals_sign_is_served() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-teeko-3-3");
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.to_str().unwrap();
    let solved = catalogue_run::grundy(&["strong", "teeko", "--size", "3", "--pieces", "3", path]);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let server = serve(&["--solved", &format!("teeko:3,pieces=3={path}")]);
    let game = json!({"game": "teeko:3,pieces=3", "start": ""});
    let (status, a) = request(server.addr, "POST", "/api/position", Some(&game));
    assert_eq!(
        (status, a["moves"].as_array().map(Vec::len)),
        (200, Some(9)),
        "{a}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
