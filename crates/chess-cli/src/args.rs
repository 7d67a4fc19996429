//! A small command-line parser: `--name value` options and `--flag` switches, with typed errors.

use std::collections::HashMap;

use chess_core::excerpt;
use std::str::FromStr;

/// Bad command-line input (exit code 2).
#[derive(Debug, thiserror::Error)]
pub enum ArgError {
    #[error("unknown command {:?}", excerpt(.0))]
    UnknownCommand(String),
    #[error("unknown option {:?}", excerpt(.0))]
    UnknownOption(String),
    #[error("option {} needs a value", excerpt(.0))]
    MissingValue(String),
    #[error("invalid value {:?} for {option}: {reason}", excerpt(.value))]
    BadValue { option: String, value: String, reason: String },
    #[error("{0}")]
    Invalid(String),
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: std::io::Error },
}

/// Parsed options of one command.
pub struct Args {
    values: HashMap<String, String>,
    flags: Vec<String>,
}

impl Args {
    /// Parse `argv` given the options that take a value and the switches.
    pub fn parse(argv: &[String], valued: &[&str], switches: &[&str]) -> Result<Args, ArgError> {
        let mut values = HashMap::new();
        let mut flags = Vec::new();
        let mut it = argv.iter();
        while let Some(arg) = it.next() {
            if valued.contains(&arg.as_str()) {
                let v = it.next().ok_or_else(|| ArgError::MissingValue(arg.clone()))?;
                values.insert(arg.clone(), v.clone());
            } else if switches.contains(&arg.as_str()) {
                flags.push(arg.clone());
            } else {
                return Err(ArgError::UnknownOption(arg.clone()));
            }
        }
        Ok(Args { values, flags })
    }

    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    pub fn str(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The position given as a FEN by option `name`, the start position if absent.
    pub fn board(&self, name: &str) -> Result<chess_core::Board, ArgError> {
        let fen = self.str(name).unwrap_or(chess_core::STARTPOS);
        chess_core::Board::from_fen_with(fen, chess_core::MaterialRule::Playable).map_err(|e| ArgError::BadValue {
            option: name.to_owned(),
            value: fen.to_owned(),
            reason: e.to_string(),
        })
    }

    /// The net option `name` names (`embedded`, a compiled-in net's name or a net file:
    /// [`chess_eval::Network::load`]), `None` if absent.
    pub fn net(&self, name: &str) -> Result<Option<std::sync::Arc<chess_eval::Network>>, ArgError> {
        let Some(spec) = self.str(name) else { return Ok(None) };
        chess_eval::Network::load(spec).map(Some).map_err(|e| ArgError::BadValue {
            option: name.to_owned(),
            value: spec.to_owned(),
            reason: e.to_string(),
        })
    }

    /// A numeric (or other `FromStr`) option within `range`.
    pub fn num<T>(&self, name: &str, range: std::ops::RangeInclusive<T>) -> Result<Option<T>, ArgError>
    where
        T: FromStr + PartialOrd + std::fmt::Display,
        T::Err: std::fmt::Display,
    {
        let Some(v) = self.str(name) else { return Ok(None) };
        let bad = |reason: String| ArgError::BadValue { option: name.to_owned(), value: v.to_owned(), reason };
        let n: T = v.parse().map_err(|e: T::Err| bad(e.to_string()))?;
        if !range.contains(&n) {
            return Err(bad(format!("must be between {} and {}", range.start(), range.end())));
        }
        Ok(Some(n))
    }
}
