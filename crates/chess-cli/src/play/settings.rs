//! The command line of `chess play` (`--level`, `--color`, `--fen`, `--seed`, `--pgn`) and what
//! it means for the two AIs of a session: the opponent and the hint giver.

use std::path::PathBuf;

use chess_ai::{AiOptions, Strength};
use chess_core::{Board, Color};

use crate::args::{ArgError, Args};

/// The level played without `--level`.
const DEFAULT_LEVEL: u8 = 3;
/// How long the AI thinks per move at full strength (`--level 0`).
pub(super) const FULL_STRENGTH_MOVE_TIME_MS: u64 = 1_000;

/// What the command line chose; the same for every game of the session (`new` keeps it).
#[derive(Debug, Clone)]
pub(super) struct Settings {
    /// 1 to 5, or 0 for full strength.
    pub(super) level: u8,
    /// The human's colour.
    pub(super) human: Color,
    /// Where every game starts.
    pub(super) start: Board,
    /// The AI's random seed (`--seed`), for reproducible games.
    pub(super) seed: Option<u64>,
    /// Where the game is saved when it ends and on `quit` (`--pgn`).
    pub(super) pgn: Option<PathBuf>,
}

impl Settings {
    pub(super) fn parse(argv: &[String]) -> Result<Settings, ArgError> {
        let args = Args::parse(argv, &["--level", "--color", "--fen", "--seed", "--pgn"], &[])?;
        let human = match args.str("--color") {
            None => Color::White,
            Some(value) => Color::from_name(value).ok_or_else(|| ArgError::BadValue {
                option: "--color".to_owned(),
                value: value.to_owned(),
                reason: "expected white or black".to_owned(),
            })?,
        };
        Ok(Settings {
            level: args.num::<u8>("--level", 0..=chess_ai::LEVELS)?.unwrap_or(DEFAULT_LEVEL),
            human,
            start: args.board("--fen")?,
            seed: args.num::<u64>("--seed", 0..=u64::MAX)?,
            pgn: args.str("--pgn").map(PathBuf::from),
        })
    }

    /// The options of the AI the human plays against.
    pub(super) fn ai_options(&self) -> AiOptions {
        let strength = self.strength();
        let move_time_ms = (strength == Strength::Full).then_some(FULL_STRENGTH_MOVE_TIME_MS);
        AiOptions { strength, move_time_ms, seed: self.seed, ..AiOptions::default() }
    }

    /// The options of the AI that gives hints: chess-ai's, the page's too.
    pub(super) fn hint_options(&self) -> AiOptions {
        chess_ai::assist::hint_options(self.seed)
    }

    pub(super) fn strength(&self) -> Strength {
        match self.level {
            0 => Strength::Full,
            level => Strength::Level(level),
        }
    }

    /// The AI's name in the PGN and on screen: `chess AI level 3`.
    pub(super) fn ai_name(&self) -> String {
        match self.level {
            0 => "chess AI full strength".to_owned(),
            level => format!("chess AI level {level}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_checked() {
        let parse = |args: &[&str]| Settings::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let s = parse(&[]).unwrap();
        assert_eq!((s.level, s.human, s.seed), (3, Color::White, None));
        let s = parse(&["--level", "0", "--color", "Black", "--seed", "7"]).unwrap();
        assert_eq!((s.level, s.human, s.seed), (0, Color::Black, Some(7)));
        assert_eq!(s.ai_options().strength, Strength::Full);
        assert_eq!(s.ai_options().move_time_ms, Some(FULL_STRENGTH_MOVE_TIME_MS));
        assert_eq!(s.ai_name(), "chess AI full strength");
        for bad in [&["--level", "9"][..], &["--level", "-1"], &["--color", "green"], &["--fen", "garbage"]] {
            assert!(matches!(parse(bad), Err(ArgError::BadValue { .. })), "{bad:?}");
        }
    }
}
