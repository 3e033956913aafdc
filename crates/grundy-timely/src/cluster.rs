//! Starting the workers: threads of this process, connected to the other processes of a run.
//!
//! Timely's own set-up retries a missing peer forever (printing on standard output) and its
//! network threads panic when a peer goes away, leaving the workers waiting. So the sockets are
//! made here, with a deadline and a greeting that checks both ends run the same job, and handed
//! to timely; the run happens on a thread of its own while this one waits for its answer or for
//! the first panic of a timely thread, which becomes an error naming the lost process.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::panic;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, Once};
use std::thread;
use std::time::{Duration, Instant};

use grundy::graph::text::Id;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::ProcessBuilder;
use timely::communication::{AllocatorBuilder, Hooks};
use timely::worker::Worker;
use timely::{CommunicationConfig, WorkerConfig};

use crate::share::key;
use crate::{Cluster, Error, Network};

/// The first bytes of a greeting: the program and the version of the protocol.
const MAGIC: [u8; 8] = *b"grundyT1";
/// A greeting: magic, process index, fingerprint of the job.
const GREETING: usize = 24;
/// How often the waiting thread calls its caller back while the workers run.
const TICK: Duration = Duration::from_millis(250);
/// Pause between two attempts to reach a peer that is not listening yet.
const RETRY: Duration = Duration::from_millis(50);

/// What the waiting thread hears: the workers' results, or the first panic of a timely thread.
type Report<T> = Result<Vec<Result<T, String>>, String>;

/// Where the panics of timely threads go: one sender per run in progress.
static LISTENERS: Mutex<Vec<(u64, Sender<String>)>> = Mutex::new(Vec::new());
static HOOK: Once = Once::new();

/// Runs `func` on every worker of this process with its share, and returns their results in
/// worker order, calling `tick` on this thread every [`TICK`] while they run. `job`
/// describes the computation: processes started with another are refused when they
/// connect. Network set-up fails after `connect_timeout`; a lost peer fails the run.
pub(crate) fn run<S, T, F>(
    cluster: &Cluster,
    job: &str,
    shares: Vec<S>,
    func: F,
    tick: &dyn Fn(),
) -> Result<Vec<T>, Error>
where
    S: Send + 'static,
    T: Send + 'static,
    F: Fn(&mut Worker, S) -> T + Send + Sync + 'static,
{
    let (builders, others): (Vec<AllocatorBuilder>, Box<dyn std::any::Any + Send>) =
        match &cluster.network {
            None => CommunicationConfig::Process(cluster.workers)
                .try_build()
                .map_err(Error::Cluster)?,
            Some(network) => {
                let sockets = connect(network, cluster, job)?;
                let hooks = Hooks::default();
                let local = ProcessBuilder::new_typed_vector(
                    cluster.workers,
                    hooks.refill.clone(),
                    hooks.spill.clone(),
                );
                let (builders, guard) = initialize_networking_from_sockets(
                    local,
                    sockets,
                    network.process,
                    cluster.workers,
                    hooks,
                )
                .map_err(|e| Error::Cluster(format!("cannot start the network threads: {e}")))?;
                (
                    builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
                    Box::new(guard),
                )
            }
        };
    let first = cluster.workers * cluster.process();
    let shares: Arc<Mutex<Vec<Option<S>>>> =
        Arc::new(Mutex::new(shares.into_iter().map(Some).collect()));
    let (tx, rx) = mpsc::channel::<Report<T>>();
    let (panic_tx, panic_rx) = mpsc::channel::<String>();
    let id = listen(panic_tx);
    let done = tx.clone();
    // The run's own thread: after a failure it may never return, and is left behind. Its
    // name puts its panics (joining the network threads after a peer is lost) under the
    // hook too, so that they never reach stderr beside the error.
    let run = thread::Builder::new().name("timely:run".into());
    run.spawn(move || {
        let started = timely::execute::execute_from(
            builders,
            others,
            WorkerConfig::default(),
            move |worker| {
                let share = shares.lock().expect("shares")[worker.index() - first]
                    .take()
                    .expect("each worker takes its share once");
                func(worker, share)
            },
        );
        let _ = match started {
            Ok(guards) => done.send(Ok(guards.join())),
            Err(e) => done.send(Err(e)),
        };
    })
    .map_err(|e| Error::Cluster(format!("cannot start the run's thread: {e}")))?;
    thread::spawn(move || {
        if let Ok(message) = panic_rx.recv() {
            let _ = tx.send(Err(message));
        }
    });
    // Waiting, the caller's `tick` runs every quarter of a second (a progress bar's).
    let report = loop {
        match rx.recv_timeout(TICK) {
            Ok(report) => break report,
            Err(mpsc::RecvTimeoutError::Timeout) => tick(),
            Err(mpsc::RecvTimeoutError::Disconnected) => break Err("the workers stopped".into()),
        }
    };
    unlisten(id);
    let results = report.map_err(|message| describe(&message, cluster))?;
    results
        .into_iter()
        .map(|r| r.map_err(|message| describe(&message, cluster)))
        .collect()
}

/// An error for a panic of a timely thread, naming the process it was talking to.
fn describe(message: &str, cluster: &Cluster) -> Error {
    let peer = message
        .strip_prefix("timely:recv-")
        .or_else(|| message.strip_prefix("timely:send-"))
        .and_then(|rest| rest.split(':').next())
        .and_then(|index| index.parse::<usize>().ok());
    let detail = message.split_once(": ").map_or(message, |(_, d)| d);
    match (peer, &cluster.network) {
        (Some(p), Some(network)) => Error::Cluster(format!(
            "lost the connection to process {p} ({}): it stopped or the network failed ({detail})",
            network.hosts[p]
        )),
        _ => Error::Cluster(format!("a worker failed: {detail}")),
    }
}

/// Registers a run to hear the panics of timely threads (installing the hook once); returns
/// its id.
fn listen(sender: Sender<String>) -> u64 {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let thread = thread::current();
            let name = thread.name().unwrap_or_default();
            if !name.starts_with("timely:") {
                return previous(info);
            }
            let payload = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into());
            let message = format!("{name}: {payload}");
            for (_, sender) in LISTENERS.lock().expect("listeners").iter() {
                let _ = sender.send(message.clone());
            }
        }));
    });
    static NEXT: Mutex<u64> = Mutex::new(0);
    let mut next = NEXT.lock().expect("ids");
    *next += 1;
    LISTENERS.lock().expect("listeners").push((*next, sender));
    *next
}

fn unlisten(id: u64) {
    LISTENERS
        .lock()
        .expect("listeners")
        .retain(|(i, _)| *i != id);
}

/// Connects this process to every other one, as timely expects: process `i` connects to the
/// processes before it and accepts the ones after it. Each connection starts with a greeting
/// both ways (magic, index, a fingerprint of the job and cluster shape), so that a stray
/// program or a peer started with other options is refused at once. Everything must be done
/// within `connect_timeout`.
fn connect(
    network: &Network,
    cluster: &Cluster,
    job: &str,
) -> Result<Vec<Option<TcpStream>>, Error> {
    let n = network.hosts.len();
    let me = network.process;
    if me >= n {
        return Err(Error::Cluster(format!(
            "process {me} is not in the host file, which lists {n} processes (0 to {})",
            n.saturating_sub(1)
        )));
    }
    let deadline = Instant::now() + network.connect_timeout;
    let seconds = network.connect_timeout.as_secs_f64();
    let fingerprint = key(Id::Name(&format!(
        "{job} processes={n} workers={}",
        cluster.workers
    )));
    let mut greeting = [0u8; GREETING];
    greeting[..8].copy_from_slice(&MAGIC);
    greeting[8..16].copy_from_slice(&(me as u64).to_le_bytes());
    greeting[16..].copy_from_slice(&fingerprint.to_le_bytes());
    let check = |peer: &[u8; GREETING], expected: Option<usize>, from: &str| {
        if peer[..8] != MAGIC {
            return Err(format!(
                "{from} is not a grundy process of this run (it sent no greeting)"
            ));
        }
        let index = u64::from_le_bytes(peer[8..16].try_into().expect("8 bytes")) as usize;
        if index >= n || index == me || expected.is_some_and(|e| e != index) {
            return Err(format!(
                "{from} says it is process {index}; check the host file and --process"
            ));
        }
        if peer[16..] != greeting[16..] {
            return Err(format!(
                "process {index} ({from}) runs with other options: every process needs the \
                 same values, play, number of processes and workers"
            ));
        }
        Ok(index)
    };

    let listener = TcpListener::bind(&network.hosts[me]).map_err(|e| {
        Error::Cluster(format!(
            "cannot listen on {} (process {me} of the host file): {e}",
            network.hosts[me]
        ))
    })?;
    let mut sockets: Vec<Option<TcpStream>> = (0..n).map(|_| None).collect();
    for (j, host) in network.hosts.iter().enumerate().take(me) {
        let mut stream = reach(host, deadline).map_err(|e| {
            Error::Cluster(format!(
                "could not reach process {j} at {host} within {seconds} s: {e}"
            ))
        })?;
        let peer = greet(&mut stream, &greeting, deadline)
            .map_err(|e| Error::Cluster(format!("process {j} at {host}: {e}")))?;
        check(&peer, Some(j), host).map_err(Error::Cluster)?;
        sockets[j] = Some(stream);
    }
    listener
        .set_nonblocking(true)
        .map_err(|e| Error::Cluster(format!("cannot listen on {}: {e}", network.hosts[me])))?;
    while let Some(j) = (me + 1..n).find(|&j| sockets[j].is_none()) {
        if Instant::now() >= deadline {
            return Err(Error::Cluster(format!(
                "process {j} ({}) did not connect within {seconds} s: is it running, with this \
                 host file?",
                network.hosts[j]
            )));
        }
        let (mut stream, from) = match listener.accept() {
            Ok(accepted) => accepted,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                thread::sleep(RETRY);
                continue;
            }
            Err(e) => return Err(Error::Cluster(format!("accepting a connection: {e}"))),
        };
        let from = from.to_string();
        stream
            .set_nonblocking(false)
            .map_err(|e| Error::Cluster(format!("{from}: {e}")))?;
        let peer = greet(&mut stream, &greeting, deadline)
            .map_err(|e| Error::Cluster(format!("{from}: {e}")))?;
        let index = check(&peer, None, &from).map_err(Error::Cluster)?;
        if index < me || sockets[index].is_some() {
            return Err(Error::Cluster(format!(
                "{from} says it is process {index}, which is already connected"
            )));
        }
        sockets[index] = Some(stream);
    }
    for stream in sockets.iter().flatten() {
        prepare(stream).map_err(|e| Error::Cluster(format!("configuring a connection: {e}")))?;
    }
    Ok(sockets)
}

/// Connects to `host`, retrying while it is not listening, until the deadline.
fn reach(host: &str, deadline: Instant) -> std::io::Result<TcpStream> {
    loop {
        let attempt = host.to_socket_addrs().and_then(|addrs| {
            let addrs: Vec<SocketAddr> = addrs.collect();
            let mut last = std::io::Error::other("the name resolves to no address");
            for addr in addrs {
                let left = deadline.saturating_duration_since(Instant::now());
                match TcpStream::connect_timeout(&addr, left.max(Duration::from_millis(1))) {
                    Ok(stream) => return Ok(stream),
                    Err(e) => last = e,
                }
            }
            Err(last)
        });
        match attempt {
            Ok(stream) => return Ok(stream),
            Err(e) if Instant::now() + RETRY >= deadline => return Err(e),
            Err(_) => thread::sleep(RETRY),
        }
    }
}

/// Sends our greeting and reads the peer's, both before the deadline.
fn greet(
    stream: &mut TcpStream,
    greeting: &[u8; GREETING],
    deadline: Instant,
) -> std::io::Result<[u8; GREETING]> {
    let left = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1));
    stream.set_read_timeout(Some(left))?;
    stream.set_write_timeout(Some(left))?;
    stream.write_all(greeting)?;
    let mut peer = [0u8; GREETING];
    stream
        .read_exact(&mut peer)
        .map_err(|e| std::io::Error::new(e.kind(), format!("no greeting in time ({e})")))?;
    Ok(peer)
}

/// Readies a connection for timely: blocking, no timeouts (a peer may be quiet for long while
/// it computes), no delay, and keep-alive probes so that a host that vanishes without closing
/// the connection is noticed in about half a minute.
fn prepare(stream: &TcpStream) -> std::io::Result<()> {
    stream.set_read_timeout(None)?;
    stream.set_write_timeout(None)?;
    stream.set_nodelay(true)?;
    keepalive(stream)
}

#[cfg(target_os = "linux")]
fn keepalive(stream: &TcpStream) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = stream.as_raw_fd();
    let options = [
        (libc::SOL_SOCKET, libc::SO_KEEPALIVE, 1),
        (libc::IPPROTO_TCP, libc::TCP_KEEPIDLE, 15),
        (libc::IPPROTO_TCP, libc::TCP_KEEPINTVL, 5),
        (libc::IPPROTO_TCP, libc::TCP_KEEPCNT, 3),
    ];
    for (level, name, value) in options {
        let value: libc::c_int = value;
        // SAFETY: `fd` is an open socket owned by `stream`, and the option value is a c_int
        // that lives for the call.
        let result = unsafe {
            libc::setsockopt(
                fd,
                level,
                name,
                (&value as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            )
        };
        if result != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn keepalive(stream: &TcpStream) -> std::io::Result<()> {
    let _ = stream;
    Ok(())
}
