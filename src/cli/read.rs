//! `read` and `eval` (work in progress).

use super::{CliResult, Failure};

/// Arguments of `wordsnap read`.
#[derive(Debug, clap::Args)]
pub struct ReadArgs {}
/// Arguments of `wordsnap eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {}

/// Runs `wordsnap read`.
pub fn run_read(_: ReadArgs) -> CliResult {
    Err(Failure::runtime(anyhow::anyhow!("not available yet")))
}
/// Runs `wordsnap eval`.
pub fn run_eval(_: EvalArgs) -> CliResult {
    Err(Failure::runtime(anyhow::anyhow!("not available yet")))
}

/// Reads a screenshot into a board, with the game the screenshot shows when that is certain.
pub fn board_from_image(
    image: &std::path::Path,
) -> Result<(crate::board::Board, Option<crate::score::Game>), Failure> {
    Err(Failure::runtime(anyhow::anyhow!(
        "{}: reading screenshots is not available yet",
        image.display()
    )))
}
