//! `grundy`: impartial combinatorial games on the command line.
//!
//! The binary only reads its arguments and calls the library's `cli`; see `src/cli/`.

/// Every allocation counted, so that a question's memory budget is kept
/// (`grundy_core::kernel::budget::install_meter`): one atomic addition per allocation.
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

fn main() -> std::process::ExitCode {
    grundy_core::kernel::budget::install_meter(|| ALLOCATOR.allocated());
    grundy::cli::parse_and_run(std::env::args_os())
}
