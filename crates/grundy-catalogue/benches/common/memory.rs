//! The process's peak memory, for the benchmarks that compare routes by it.

/// The process's peak resident memory in bytes (`VmHWM` of `/proc/self/status`), if the
/// system tells (Linux).
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Bytes in MiB, or `n/a`.
pub fn mib(bytes: Option<u64>) -> String {
    bytes.map_or("n/a".into(), |b| {
        format!("{:.0} MiB", b as f64 / (1 << 20) as f64)
    })
}
