//! The default memory budget of a tiered solve: a share of the memory this process may
//! really use, so that a solve too large for the machine stops with an error before it
//! allocates, instead of being killed (or aborting) hours in.

/// The share of the available memory that the default budget takes, as a fraction: the rest
/// is left to the in-tier arrays the estimate does not count, the program and the system.
const SHARE: (u64, u64) = (3, 4);

/// The default memory budget, in bytes, for [`TierOptions::memory`](super::TierOptions): 3/4
/// of the least of the machine's physical memory (`MemTotal` in `/proc/meminfo`), the limit of
/// the cgroup (v2) the process runs in and of its ancestors (`memory.max` under
/// `/sys/fs/cgroup`), and the process's address space limit (`RLIMIT_AS`, as `ulimit -v`
/// sets). Those that cannot be read (another system, no limit set) are left out; when none is
/// known the budget is `u64::MAX` (no limit). A handful of small file reads and a system
/// call: O(depth of the cgroup).
pub fn default_memory_bytes() -> u64 {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let physical = read("/proc/meminfo").and_then(|text| mem_total(&text));
    let cgroup = read("/proc/self/cgroup").and_then(|text| {
        cgroup_dirs(&text)
            .filter_map(|dir| read(&format!("/sys/fs/cgroup{dir}/memory.max")))
            .filter_map(|text| memory_max(&text))
            .min()
    });
    let available = [physical, cgroup, address_space_limit()]
        .into_iter()
        .flatten()
        .min();
    available.map_or(u64::MAX, |bytes| {
        (u128::from(bytes) * u128::from(SHARE.0) / u128::from(SHARE.1)) as u64
    })
}

/// The bytes of `MemTotal` in the text of `/proc/meminfo` (given there in kB).
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The folders of the cgroup (v2) named in the text of `/proc/self/cgroup` (its line
/// `0::/path`) and of its ancestors, from the cgroup up to the root (`""`).
fn cgroup_dirs(cgroup: &str) -> impl Iterator<Item = &str> {
    let path = cgroup
        .lines()
        .find_map(|l| l.strip_prefix("0::"))
        .map(|p| p.trim_end_matches('/'));
    path.into_iter()
        .flat_map(|p| std::iter::successors(Some(p), |p| p.rfind('/').map(|at| &p[..at])))
}

/// The limit in the text of a cgroup's `memory.max`: bytes, or `max` for none.
fn memory_max(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// The process's address space limit (`RLIMIT_AS`), if one is set.
#[cfg(unix)]
fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given, which lives here.
    let status = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) };
    // `rlim_t` is 64 bits on Linux and macOS, not on every Unix.
    #[allow(clippy::unnecessary_cast)]
    let current = limit.rlim_cur as u64;
    (status == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(current)
}

/// The process's address space limit: not known on this system.
#[cfg(not(unix))]
fn address_space_limit() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_meminfo_cgroups_and_limits() {
        let meminfo = "MemFree:  100 kB\nMemTotal:       24684096 kB\nBuffers: 1 kB\n";
        assert_eq!(mem_total(meminfo), Some(24_684_096 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
        let dirs: Vec<_> = cgroup_dirs("1:cpu:/x\n0::/user.slice/run-1.scope\n").collect();
        assert_eq!(dirs, ["/user.slice/run-1.scope", "/user.slice", ""]);
        assert_eq!(cgroup_dirs("0::/\n").collect::<Vec<_>>(), [""]);
        assert_eq!(cgroup_dirs("4:memory:/a\n").count(), 0, "cgroup v1 only");
        assert_eq!(memory_max("max\n"), None);
        assert_eq!(memory_max("4294967296\n"), Some(1 << 32));
        // The budget is a share of something real here, and never 0.
        let budget = default_memory_bytes();
        assert!(budget > 0);
        if let Some(total) = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|t| mem_total(&t))
        {
            assert!(budget <= total / 4 * 3 + 3, "{budget} of {total}");
        }
    }
}
