//! Refusing a long run that cannot fit in memory, before it starts rather than mid-way.
//!
//! A run keeps its values in memory ([`BYTES_PER_VALUE`] each, in a table that may grow to
//! twice what is filled while it grows) plus the solver's own bounded state; its output is
//! streamed through fixed buffers. The estimate is compared with the machine's available memory
//! (`MemAvailable` in `/proc/meminfo`).

use std::path::PathBuf;

use super::CliError;

/// Bytes per value in the run's table.
pub const BYTES_PER_VALUE: u64 = 2;

/// The run's table grows by doubling: at worst it has room for twice the values it holds.
const GROWTH: u64 = 2;

/// What a run needs besides its table: the solver's state, the output buffers and the program
/// itself (measured: see docs/long-runs.md).
pub const FIXED_OVERHEAD_BYTES: u64 = 64 << 20;

/// The environment variable naming a file read instead of `/proc/meminfo` (for tests).
pub const MEMINFO_VARIABLE: &str = "GRUNDY_MEMINFO";

/// The estimated peak memory of a run of `values` values, in bytes.
pub fn estimate(values: u64) -> u64 {
    values
        .saturating_mul(BYTES_PER_VALUE * GROWTH)
        .saturating_add(FIXED_OVERHEAD_BYTES)
}

/// The machine's memory in bytes: (total, available), when the system says.
pub fn machine_memory() -> Option<(u64, u64)> {
    let path = std::env::var_os(MEMINFO_VARIABLE)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/proc/meminfo"));
    let text = std::fs::read_to_string(path).ok()?;
    let field = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().strip_suffix("kB"))
            .and_then(|kb| kb.trim().parse::<u64>().ok())
            .map(|kb| kb.saturating_mul(1024))
    };
    Some((field("MemTotal:")?, field("MemAvailable:")?))
}

/// Refuses a run of `values` values whose estimate exceeds the memory available now. Where the
/// system does not say (not Linux), the run goes ahead.
pub fn check_fits(values: u64) -> Result<(), CliError> {
    let need = estimate(values);
    match machine_memory() {
        Some((total, available)) if need > available => Err(CliError::Usage(format!(
            "a run of {values} values needs about {} of memory ({BYTES_PER_VALUE} bytes per \
             value, room for the table to grow, {} for the rest), but this machine has {} \
             available ({} in all): ask for fewer values (--count), or run it on a larger \
             machine (a --checkpoint file can be resumed there with --resume)",
            human(need),
            human(FIXED_OVERHEAD_BYTES),
            human(available),
            human(total)
        ))),
        _ => Ok(()),
    }
}

/// Bytes in MiB or GiB, one decimal.
fn human(bytes: u64) -> String {
    const MIB: u64 = 1 << 20;
    const GIB: u64 = 1 << 30;
    if bytes >= GIB {
        format!("{}.{} GiB", bytes / GIB, bytes % GIB * 10 / GIB)
    } else {
        format!("{}.{} MiB", bytes / MIB, bytes % MIB * 10 / MIB)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_and_sizes() {
        assert_eq!(estimate(0), FIXED_OVERHEAD_BYTES);
        assert_eq!(estimate(1 << 30), (4 << 30) + FIXED_OVERHEAD_BYTES);
        assert_eq!(estimate(u64::MAX), u64::MAX);
        assert_eq!(human(3 << 29), "1.5 GiB");
        assert_eq!(human(64 << 20), "64.0 MiB");
    }
}
