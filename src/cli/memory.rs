//! Refusing a long run that cannot fit in memory, before it starts rather than mid-way.
//!
//! A run keeps its values in memory (as many bytes per value as its game states: two for
//! octal games, four for subtraction and all-but games; the table grows in place, and the room
//! reserved ahead is not resident until it is filled) plus the solver's own state; its
//! output is streamed through fixed buffers. The estimate — the least such a run needs — is
//! compared with the machine's available memory (`MemAvailable` in `/proc/meminfo`). Games with
//! many rare positions (Officers) keep more solver state per value (measured in
//! docs/long-runs.md); the estimate does not guess it.

use std::path::PathBuf;

use super::CliError;

/// What a run needs besides its table: the program, the solver's state for most games (a few
/// MiB measured) and the output buffers, with room to spare.
pub const FIXED_OVERHEAD_BYTES: u64 = 64 << 20;

/// The environment variable naming a file read instead of `/proc/meminfo` (for tests).
pub const MEMINFO_VARIABLE: &str = "GRUNDY_MEMINFO";

/// The estimated peak memory of a run of `values` values of `bytes_per_value` bytes each.
pub fn estimate(values: u64, bytes_per_value: u64) -> u64 {
    values
        .saturating_mul(bytes_per_value)
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

/// Refuses a run of `values` values whose estimate, plus `extra` bytes (a checkpoint being
/// resumed is read whole before its values are taken over), exceeds the memory available now.
/// Where the system does not say (not Linux), the run goes ahead.
pub fn check_fits(values: u64, bytes_per_value: u64, extra: u64) -> Result<(), CliError> {
    let need = estimate(values, bytes_per_value).saturating_add(extra);
    match machine_memory() {
        Some((total, available)) if need > available => Err(CliError::Usage(format!(
            "a run of {values} values needs at least {} of memory ({bytes_per_value} bytes per \
             value and {} for the rest{}), but this machine has {} \
             available ({} in all): ask for fewer values (--count), or run it on a larger \
             machine (a --checkpoint file can be resumed there with --resume)",
            human(need),
            human(FIXED_OVERHEAD_BYTES),
            if extra > 0 {
                format!(", {} to read the checkpoint", human(extra))
            } else {
                String::new()
            },
            human(available),
            human(total)
        ))),
        _ => Ok(()),
    }
}

/// Watches a run's own resident memory as it grows: once enough values are computed to measure
/// what each costs (the solver's state of some games grows faster than the table), it tells
/// when the rest of the run would need more than the machine has available, so the run stops
/// with its work saved instead of dying mid-way.
#[derive(Debug, Default)]
pub struct Watch {
    /// Values done and resident bytes at the first look.
    first: Option<(u64, u64)>,
    last_look: Option<std::time::Instant>,
}

/// Looks at most this often (reading two small files).
const LOOK_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Values computed since the first look before the cost per value is trusted.
const MEASURED_VALUES: u64 = 1 << 20;

impl Watch {
    /// A watch that has not looked yet.
    pub fn new() -> Self {
        Watch {
            first: None,
            last_look: None,
        }
    }

    /// After `done` of `target` values: why the run cannot fit, if it cannot.
    pub fn look(&mut self, done: u64, target: u64) -> Option<String> {
        if self.last_look.is_some_and(|t| t.elapsed() < LOOK_EVERY) {
            return None;
        }
        self.last_look = Some(std::time::Instant::now());
        let resident = resident_bytes()?;
        let Some((done0, resident0)) = self.first else {
            self.first = Some((done, resident));
            return None;
        };
        let measured = done.checked_sub(done0).filter(|&d| d >= MEASURED_VALUES)?;
        let per_value = resident.saturating_sub(resident0).div_ceil(measured);
        let more = target.saturating_sub(done).saturating_mul(per_value);
        let (total, available) = machine_memory()?;
        (more > available).then(|| {
            format!(
                "stopped at {done} of {target} values: this run keeps about {per_value} bytes \
                 per value, so the rest needs about {} more memory, but this machine has {} \
                 available ({} in all)",
                human(more),
                human(available),
                human(total)
            )
        })
    }
}

/// This process's resident memory (VmRSS), where the system says.
fn resident_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    text.lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|kb| kb.trim().parse::<u64>().ok())
        .map(|kb| kb.saturating_mul(1024))
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
        assert_eq!(estimate(0, 2), FIXED_OVERHEAD_BYTES);
        assert_eq!(estimate(1 << 30, 2), (2 << 30) + FIXED_OVERHEAD_BYTES);
        assert_eq!(estimate(1 << 30, 4), (4 << 30) + FIXED_OVERHEAD_BYTES);
        assert_eq!(estimate(u64::MAX, 2), u64::MAX);
        assert_eq!(human(3 << 29), "1.5 GiB");
        assert_eq!(human(64 << 20), "64.0 MiB");
    }
}
