//! What the benchmarks that run `grundy` processes share: free ports on the loopback, a
//! temporary folder, medians.

use std::fs;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process;
use std::time::Duration;

/// Two ports that were free a moment ago on 127.0.0.1.
pub fn free_ports() -> std::io::Result<[u16; 2]> {
    let listeners = [
        TcpListener::bind("127.0.0.1:0")?,
        TcpListener::bind("127.0.0.1:0")?,
    ];
    Ok([
        listeners[0].local_addr()?.port(),
        listeners[1].local_addr()?.port(),
    ])
}

/// The median of `times` (sorted in place; at least one).
pub fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// `d` in seconds.
pub fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// A benchmark's files, in the system's temporary directory, removed at the end.
pub struct TempFiles {
    dir: PathBuf,
}

impl TempFiles {
    /// A new folder named after `bench` and this process.
    pub fn new(bench: &str) -> TempFiles {
        let dir = std::env::temp_dir().join(format!("grundy-bench-{bench}-{}", process::id()));
        fs::create_dir_all(&dir).expect("a temporary directory");
        TempFiles { dir }
    }

    /// `name` in the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for TempFiles {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}
