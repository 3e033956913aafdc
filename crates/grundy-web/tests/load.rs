//! A bounded load test on loopback: 50 concurrent clients send 2,000 requests in all, every
//! answer is checked, and the latencies' percentiles are printed. Ignored by default (it
//! measures, and the figures depend on the machine): run it with
//! `cargo test --release -p grundy-web --test load -- --ignored --nocapture`.

use std::time::{Duration, Instant};

use grundy_web::{serve_on, Limits};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const CLIENTS: usize = 50;
const REQUESTS: usize = 2000;

/// One HTTP/1.1 request on a new connection: the status and the JSON body.
async fn request(addr: std::net::SocketAddr, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let text = match body {
        Some(body) => {
            let body = body.to_string();
            format!(
                "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
        }
        None => format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    };
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap())
}

/// The `i`-th request of the mix, and a check of its answer.
async fn one(addr: std::net::SocketAddr, i: usize) {
    let game = json!({"game": "nim", "start": "3 4 5"});
    match i % 4 {
        0 => {
            let (status, a) = request(addr, "/api/position", Some(&game)).await;
            assert_eq!(
                (status, a["moves"].as_array().map(Vec::len)),
                (200, Some(12))
            );
        }
        1 => {
            let (status, a) = request(addr, "/api/engine", Some(&game)).await;
            assert_eq!(
                (status, a["after"]["value"].as_u64()),
                (200, Some(0)),
                "{a}"
            );
        }
        2 => {
            let mut body = game.clone();
            body["move"] = json!("3 4 1");
            let (status, a) = request(addr, "/api/move", Some(&body)).await;
            assert_eq!(
                (status, a["move"]["mistake"].as_bool()),
                (200, Some(true)),
                "{a}"
            );
        }
        _ => {
            let (status, a) = request(addr, "/api/position", Some(&json!({"game": "nim"}))).await;
            assert_eq!(status, 400, "{a}");
            assert!(a["error"].is_string());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run with --ignored --nocapture"]
async fn fifty_clients_two_thousand_requests() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_on(listener, Limits::default()));
    let start = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for i in (c..REQUESTS).step_by(CLIENTS) {
                    let sent = Instant::now();
                    one(addr, i).await;
                    latencies.push(sent.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = Vec::new();
    for client in clients {
        latencies.extend(client.await.unwrap());
    }
    let total = start.elapsed();
    assert_eq!(latencies.len(), REQUESTS);
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    println!(
        "{REQUESTS} requests from {CLIENTS} clients in {:.2?} ({:.0} requests/s): \
         p50 {:.2?}, p99 {:.2?}, max {:.2?}",
        total,
        REQUESTS as f64 / total.as_secs_f64(),
        at(0.5),
        at(0.99),
        latencies[latencies.len() - 1]
    );
}
