//! Adjudication of self-play games, as engine testers do it: a win once the searches have agreed
//! for [`Rules::win_plies`] plies in a row that one side is ahead by [`Rules::win_score`]; a draw
//! once the score has stayed within [`Rules::draw_score`] of zero for [`Rules::draw_plies`] plies
//! in a row from ply [`Rules::draw_from_ply`]; a draw past [`Rules::max_plies`]. One rule, two
//! settings: the net's self-play data ([`Rules::SELFPLAY`]) and the classical evaluation's Texel
//! data ([`Rules::TEXEL`]), each kept as its data sets were made (docs/datagen.md).

/// When a game is adjudicated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// A win from this score (centipawns, for the side ahead)...
    pub win_score: i32,
    /// ...held for this many plies in a row.
    pub win_plies: usize,
    /// A draw within this score of zero...
    pub draw_score: i32,
    /// ...held for this many plies in a row...
    pub draw_plies: usize,
    /// ...from this ply on.
    pub draw_from_ply: usize,
    /// Games longer than this are drawn.
    pub max_plies: usize,
}

impl Rules {
    /// The net's self-play games (`chess-tune selfplay`).
    pub const SELFPLAY: Rules =
        Rules { win_score: 1_000, win_plies: 6, draw_score: 10, draw_plies: 12, draw_from_ply: 80, max_plies: 400 };
    /// The classical evaluation's Texel-tuning games (`chess-tune datagen`).
    pub const TEXEL: Rules = Rules { draw_from_ply: 100, max_plies: 500, ..Rules::SELFPLAY };
}

/// A game's result as the tables of this crate store it.
pub type Outcome = u8;
/// Black won.
pub const BLACK_WINS: Outcome = 0;
/// Drawn.
pub const DRAW: Outcome = 1;
/// White won.
pub const WHITE_WINS: Outcome = 2;

/// Decides when a game is over by adjudication, from the searches' scores (White's view).
#[derive(Debug)]
pub struct Adjudicator {
    rules: Rules,
    winning: usize,
    last_sign: i32,
    drawn: usize,
}

impl Adjudicator {
    /// An adjudicator for one game.
    pub fn new(rules: Rules) -> Self {
        Adjudicator { rules, winning: 0, last_sign: 0, drawn: 0 }
    }

    /// The search score of ply `ply` (White's view); the result when the game is adjudicated.
    pub fn update(&mut self, ply: usize, white: i32) -> Option<Outcome> {
        let r = &self.rules;
        let sign = white.signum();
        self.winning = if white.abs() >= r.win_score && (sign == self.last_sign || self.winning == 0) {
            self.winning + 1
        } else {
            usize::from(white.abs() >= r.win_score)
        };
        self.last_sign = sign;
        if self.winning >= r.win_plies {
            return Some(if white > 0 { WHITE_WINS } else { BLACK_WINS });
        }
        self.drawn = if ply >= r.draw_from_ply && white.abs() <= r.draw_score { self.drawn + 1 } else { 0 };
        (self.drawn >= r.draw_plies).then_some(DRAW)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_rules() {
        let r = Rules::SELFPLAY;
        let mut win = Adjudicator::new(r);
        let results: Vec<_> = (0..r.win_plies).map(|ply| win.update(ply + 20, 1_200)).collect();
        assert_eq!(results[r.win_plies - 1], Some(WHITE_WINS));
        assert!(results[..r.win_plies - 1].iter().all(Option::is_none));
        let mut broken = Adjudicator::new(r);
        for ply in 0..r.win_plies - 1 {
            assert_eq!(broken.update(ply, -1_500), None);
        }
        assert_eq!(broken.update(10, 300), None, "the streak breaks");
        assert_eq!(broken.update(11, -1_500), None);
        let mut draw = Adjudicator::new(r);
        for ply in 0..r.draw_from_ply {
            assert_eq!(draw.update(ply, 0), None, "no draw before ply {}", r.draw_from_ply);
        }
        let results: Vec<_> = (0..r.draw_plies).map(|i| draw.update(r.draw_from_ply + i, 5)).collect();
        assert_eq!(results[r.draw_plies - 1], Some(DRAW));
    }

    #[test]
    fn a_swing_from_one_side_to_the_other_restarts_the_count() {
        // The old datagen rule (count only while the sign holds, else restart at one) is this one.
        let mut a = Adjudicator::new(Rules::TEXEL);
        for ply in 0..5 {
            assert_eq!(a.update(ply, 1_500), None);
        }
        assert_eq!(a.update(5, -1_500), None, "Black ahead now: one ply of six");
        for ply in 6..10 {
            assert_eq!(a.update(ply, -1_500), None);
        }
        assert_eq!(a.update(10, -1_500), Some(BLACK_WINS));
    }
}
