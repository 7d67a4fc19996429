//! `chess play`: a game against the AI in the terminal (being written).

use std::process::ExitCode;

use crate::args::ArgError;

pub fn run(_argv: &[String]) -> Result<ExitCode, ArgError> {
    Err(ArgError::Invalid("chess play is not available yet".to_owned()))
}
