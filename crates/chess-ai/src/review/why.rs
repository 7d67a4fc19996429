//! Why a move is what its class says, in words: the reasons of marked moves (what the reply wins,
//! the mate it allows, the fork, the recapture forgotten, the draw let in: [`why_worse`], with the
//! claim each makes, checked before it is said), of good moves ([`why_good`]) and from the
//! tablebases ([`why_by_tables`]).

use super::judge::better_words;
use super::*;

/// The tables' reason for a marked move, when tables are given and know both positions.
#[cfg(feature = "syzygy")]
pub(super) fn why_by_tables(
    options: &ReviewOptions,
    board: &Board,
    next: &Board,
    best: &AnalysisLine,
) -> Option<String> {
    options.tablebase.as_deref().and_then(|tb| why_tablebase(tb, board, next, best))
}

/// Without the `syzygy` feature there are no tables to ask.
#[cfg(not(feature = "syzygy"))]
pub(super) fn why_by_tables(_: &ReviewOptions, _: &Board, _: &Board, _: &AnalysisLine) -> Option<String> {
    None
}

#[cfg(feature = "syzygy")]
/// Why a move lost, when the tablebases know both positions and their verdict changed: a win
/// thrown away (to a draw or a loss), or a draw thrown to a loss.
fn why_tablebase(tb: &Tablebase, board: &Board, next: &Board, best: &AnalysisLine) -> Option<String> {
    // Won (1), drawn (0) or lost (-1) for the side to move; a win or loss that the fifty-move rule
    // turns into a draw counts as a draw, as it does on the board.
    let outcome = |wdl: Wdl| wdl.value().signum() * i8::from(wdl.value().abs() == 2);
    let was = outcome(tb.probe_wdl(board).ok()?);
    // A position after a move, from the mover's side: the opposite of the opponent's verdict (a
    // mate is a win, a stalemate a draw).
    let after = |position: &Board| match (position.has_legal_moves(), position.in_check()) {
        (true, _) => tb.probe_wdl(position).ok().map(|w| -outcome(w)),
        (false, true) => Some(1),
        (false, false) => Some(0),
    };
    let now = after(next)?;
    if now >= was {
        return None;
    }
    let said = |o: i8| match o {
        1 => "won",
        0 => "drawn",
        _ => "lost",
    };
    let verb = if was > 0 { "throws away the tablebase win" } else { "loses the tablebase draw" };
    let mut why = format!("{verb}: the tablebases call the position {} after it", said(now));
    // The better move, when the tables confirm that it keeps the verdict.
    if played_from(board, best.mv).is_some_and(|after_best| after(&after_best) == Some(was)) {
        why.push_str(&format!("; {} keeps it {}", best.san, said(was)));
    }
    Some(why)
}

/// The position after `mv` in `board`, when it is legal there.
pub(super) fn played_from(board: &Board, mv: Move) -> Option<Board> {
    let mut after = *board;
    after.try_play(mv).ok().map(|()| after)
}

/// The point of a good move `mv` (played in `board`, giving `next`), when the board shows one: a
/// fork or a pin it makes, a piece it attacks that the opponent would lose, or a piece of its own
/// it saves.
pub(super) fn why_good(board: &Board, mv: Move, next: &Board) -> Option<String> {
    if !next.has_legal_moves() {
        return None;
    }
    if let Some(motif) = motifs::motif(next, mv.to()) {
        return Some(motif.describe_own());
    }
    let attacks = motifs::threat(board, mv, next).map(|t| t.words());
    // (A capture that takes the attacked piece away takes something: that is its point.)
    let saves = motifs::saved(board, next).filter(|_| !board.is_capture(mv)).map(|(role, sq)| match mv.from() == sq {
        true => format!("moves the attacked {role} to safety"),
        false => format!("defends the {role} on {sq}"),
    });
    match (saves, attacks) {
        (Some(saves), Some(attacks)) => Some(format!("it {saves} and {attacks}")),
        (Some(one), None) | (None, Some(one)) => Some(format!("it {one}")),
        (None, None) => None,
    }
}

/// Whether the capture `mv` in `board` wins `material` pawns or more by the static exchange on
/// its square: a claim that rests on one capture is said only when the board proves it, whatever
/// the lines after it (another engine's may take back where ours did not).
fn wins_by_exchange(board: &Board, mv: Move, material: i32) -> bool {
    board.see_ge(mv, material * see_value(Role::Pawn))
}

/// How many moves of `line`, played from `board`, it takes to come back to a position seen before:
/// earlier in the line, at `board`, or in the game before it (`earlier`: the keys of its
/// positions); `None` when the line repeats nothing.
fn repeats(board: &Board, line: &[Move], earlier: &[u64]) -> Option<usize> {
    let mut seen: Vec<u64> = earlier.iter().copied().chain([board.hash()]).collect();
    let mut b = *board;
    for (i, &mv) in line.iter().enumerate() {
        b.try_play(mv).ok()?;
        if seen.contains(&b.hash()) {
            return Some(i + 1);
        }
        seen.push(b.hash());
    }
    None
}

/// A reply's line comes back to a position within this many moves (four each): a repetition
/// found deeper in a line is the engine's guess more than the move's doing.
const REPEAT_PLIES: usize = 8;

/// The draw a move let in, when the reply's score is a draw, the better move's was more, and the
/// reply's line repeats a position within [`REPEAT_PLIES`]: `it allows a perpetual check: ...`
/// (the replier checks at every move), `it leaves only a perpetual check: ...` (the mover
/// does), `it allows a draw by repetition: ...`.
/// `seen` holds the keys of the game's positions up to the one the move was played in. With the
/// words, the plies of the cycle and whether one side checks at every move of it (a perpetual
/// check, which the other side cannot step out of).
fn why_drawn(next: &Board, best: &AnalysisLine, reply: &AnalysisLine, seen: &[u64]) -> Option<(String, usize, bool)> {
    if reply.score != Score::DRAW || best.score <= Score::DRAW {
        return None;
    }
    let n = repeats(next, &reply.pv, seen).filter(|&n| n <= REPEAT_PLIES)?;
    // Who gives check at each of their moves of the cycle: the replier (even plies) or the mover.
    let mut b = *next;
    let mut checks = [true, true];
    for (i, &m) in reply.pv[..n].iter().enumerate() {
        checks[i % 2] &= b.gives_check(m);
        b.play(m);
    }
    let line = reply.pv_san[..n].join(" ");
    Some(match checks {
        [true, _] => (format!("it allows a perpetual check: {line}"), n, true),
        [_, true] if n >= 2 => (format!("it leaves only a perpetual check: {line}"), n, true),
        _ => (format!("it allows a draw by repetition: {line}"), n, false),
    })
}

/// Why `mv`, played in `board` (giving `next`), lost: the facts of the engine's lines, in words,
/// with the claim the words make (`None` for words that state no checkable fact: the review says
/// the plain sentence instead). `seen` holds the keys of the game's positions up to `board`, for
/// repetitions.
pub(super) fn why_worse(
    board: &Board,
    mv: Move,
    next: &Board,
    best: &AnalysisLine,
    reply: Option<&AnalysisLine>,
    seen: &[u64],
    taken: Option<(Role, Square)>,
) -> (String, Option<Claim>) {
    let better = better_words(best);
    // The move played and the reply's line, from the position before the move.
    let played: Vec<Move> = std::iter::once(mv).chain(reply.iter().flat_map(|r| r.pv.iter().copied())).collect();
    let claim = |kind, line: &[Move], plies: usize, material: i32, piece: Option<(Role, Square)>| Claim {
        kind,
        line: line.to_vec(),
        san: board.san_line(line),
        plies,
        material,
        mate: None,
        piece,
        reason: String::new(),
    };
    // The reason said with the better move after it; the claim keeps the reason alone.
    let say = |reason: String, c: Option<Claim>| (format!("{reason}; {better}"), c.map(|c| Claim { reason, ..c }));
    // The reply's score is the opponent's, with the opponent to move: a mate it gives.
    if let Some((m, r)) = reply.and_then(|r| Some((r.score.mate_moves().filter(|&m| m > 0)?, r))) {
        let c = Claim { mate: Some(m), ..claim(ClaimKind::AllowsMate, &played, played.len(), 0, None) };
        return say(format!("allows mate in {m}: {}", r.pv_san.join(" ")), Some(c));
    }
    if let Some(m) = best.score.mate_moves().filter(|&m| m > 0) {
        let reason = format!("it misses a mate in {m}");
        let c = Claim { mate: Some(m), reason, ..claim(ClaimKind::MissesMate, &best.pv, best.pv.len(), 0, None) };
        return (format!("misses mate in {m}: {}", best.pv_san.join(" ")), Some(c));
    }
    // Material the best move takes that is still standing after the move played (worth more than
    // what the reply takes back): the move missed a win of material.
    let us = board.side_to_move();
    let lost = reply.and_then(|r| next.role_on(r.mv.to()).filter(|_| next.color_on(r.mv.to()) == Some(us)));
    // The opponent has just taken a piece, the better move takes back on that square and the
    // move played does not (nor does the reply take something bigger): a recapture forgotten.
    let retake = taken
        .filter(|&(role, square)| {
            see_value(role) >= see_value(Role::Knight)
                && best.mv.to() == square
                && board.is_capture(best.mv)
                && mv.to() != square
                && next.color_on(square) == Some(!us)
                && see_value(role) >= lost.map_or(0, see_value)
        })
        .and_then(|(role, square)| Some((role, square, board.role_on(square)?)));
    if let Some((role, square, taker)) = retake {
        let c = claim(ClaimKind::MissesMaterial, &best.pv, 1, claim::pawns(taker), Some((taker, square)));
        let c = Some(c).filter(|c| wins_by_exchange(board, best.mv, c.material));
        return say(format!("it does not take back on {square} (the {taker} there has just taken a {role})"), c);
    }
    let missed = board
        .role_on(best.mv.to())
        .filter(|_| board.color_on(best.mv.to()) == Some(!us))
        .filter(|&role| next.role_on(best.mv.to()) == Some(role) && next.color_on(best.mv.to()) == Some(!us));
    if let Some(role) =
        missed.filter(|&m| see_value(m) > lost.map_or(0, see_value) && see_value(m) >= see_value(Role::Knight))
    {
        let c = claim(ClaimKind::MissesMaterial, &best.pv, 1, claim::pawns(role), Some((role, best.mv.to())));
        let c = Some(c).filter(|c| wins_by_exchange(board, best.mv, c.material));
        let c = c.map(|c| Claim { reason: format!("it misses a win of the {role} on {}", best.mv.to()), ..c });
        return (format!("misses {}, which wins the {role} on {}; {better}", best.san, best.mv.to()), c);
    }
    // What the lines win over their first moves (and the exchanges those start), for the mover:
    // the better move's, and the reply's after the move played.
    let gain = material::Trade::along(board, &best.pv, us);
    let loss = reply.map(|r| material::Trade::along(next, &r.pv, us));
    let taken = board.captured_role(mv).map_or(0, see_value);
    let reply_loss = loss.as_ref().map_or(0, material::Trade::net_loss);
    let (best_gain, played_gain) = (-gain.net_loss(), taken - reply_loss);
    // The better line wins a piece, two pawns or more beyond what the move played and the reply's
    // line come to, and more than the reply takes (by its first capture or its line: a bigger loss
    // is the reason then): the move missed it.
    if best_gain >= see_value(Role::Knight)
        && best_gain - played_gain >= 2 * see_value(Role::Pawn)
        && best_gain > lost.map_or(0, see_value).max(reply_loss)
    {
        let line = best.pv_san[..gain.plies].join(" ");
        let reason = format!("it misses a win of {}", gain.describe_gain());
        let c =
            Claim { reason, ..claim(ClaimKind::MissesMaterial, &best.pv, gain.plies, -gain.net_loss_pawns(), None) };
        return (format!("misses {}, which wins {} ({line}); {better}", best.san, gain.describe_gain()), Some(c));
    }
    if let Some(reply) = reply {
        let replier = next.role_on(reply.mv.from());
        let whole = material::Trade::along(board, &played, us);
        let after_reply = played_from(next, reply.mv);
        match lost {
            // A minor piece for a rook.
            Some(Role::Rook) if matches!(replier, Some(Role::Knight | Role::Bishop)) => {
                let c = claim(ClaimKind::LosesMaterial, &played, 2, 2, Some((Role::Rook, reply.mv.to())));
                let c = Some(c).filter(|c| wins_by_exchange(next, reply.mv, c.material));
                return say(format!("loses the exchange: {} takes the rook on {}", reply.san, reply.mv.to()), c);
            }
            // A piece taken: left en prise, or given in a trade that the move itself began, unless
            // the line wins it back (a trade of queens is no loss of the queen).
            Some(role) if role != Role::Pawn && whole.net_loss() >= 2 * see_value(Role::Pawn) => {
                let plies = whole.plies.max(2);
                let c = claim(
                    ClaimKind::LosesMaterial,
                    &played,
                    plies,
                    whole.net_loss_pawns(),
                    Some((role, reply.mv.to())),
                );
                if taken == 0 {
                    let c = Some(c).filter(|c| wins_by_exchange(next, reply.mv, c.material));
                    return say(format!("it leaves the {role} on {} to {}", reply.mv.to(), reply.san), c);
                }
                let line = board.san_line(&played[..plies]).join(" ");
                return say(format!("it loses {}: {line}", whole.describe_loss()), Some(c));
            }
            _ => {}
        }
        // The reply's fork, read off the board after it, when the line wins material by it. (A
        // pin is not said of a reply: what it wins depends on lines another engine plays
        // otherwise, three times in three on the reference games.)
        let fork = after_reply
            .and_then(|after| motifs::motif(&after, reply.mv.to()))
            .filter(|m| matches!(m, motifs::Motif::Fork { .. }) && whole.net_loss_pawns() >= 1);
        if let Some(motif @ motifs::Motif::Fork { attacker, from, .. }) = &fork {
            let c =
                claim(ClaimKind::Fork, &played, whole.plies.max(2), whole.net_loss_pawns(), Some((*attacker, *from)));
            return say(motif.describe(&reply.san), Some(c));
        }
        // The reply's line wins more than its first capture shows (counted from the move itself
        // when the move took something).
        if let Some(trade) =
            loss.filter(|t| t.net_loss() >= see_value(Role::Pawn) && t.net_loss() > lost.map_or(0, see_value))
        {
            // The reply's trade counts from the position after the move: one more ply from before it.
            let (trade, line, plies) = match taken {
                0 => {
                    let line = reply.pv_san[..trade.plies].join(" ");
                    let plies = trade.plies + 1;
                    (trade, line, plies)
                }
                _ => (whole.clone(), board.san_line(&played[..whole.plies]).join(" "), whole.plies),
            };
            if trade.net_loss() >= see_value(Role::Pawn) {
                let c = claim(ClaimKind::LosesMaterial, &played, plies, trade.net_loss_pawns(), None);
                return say(format!("it loses {}: {line}", trade.describe_loss()), Some(c));
            }
        }
        if lost == Some(Role::Pawn) {
            let c = claim(ClaimKind::LosesMaterial, &played, 2, 1, Some((Role::Pawn, reply.mv.to())));
            let c = Some(c).filter(|c| wins_by_exchange(next, reply.mv, c.material));
            return say(format!("it loses a pawn to {}", reply.san), c);
        }
        // A quiet reply's point: a promotion, or a threat to take something.
        let line = reply.pv_san.iter().take(4).cloned().collect::<Vec<_>>().join(" ");
        if reply.mv.promotion().is_some() {
            let c = claim(ClaimKind::Promotes, &played, 2, 0, None);
            return say(format!("the answer {} promotes ({line})", reply.san), Some(c));
        }
        // A pawn attacked is no reason for a mistake: the answer's point is elsewhere (threats on
        // pawns held along Stockfish's lines 4 times in 7 on the seven samples of docs/review.md,
        // on pieces 42 in 44), and a plain sentence is better than a wrong one.
        let threat = after_reply
            .filter(|_| !next.is_capture(reply.mv))
            .and_then(|after| motifs::threat(next, reply.mv, &after))
            .filter(|t| t.role != Role::Pawn);
        if let Some(t) = threat {
            let c = claim(ClaimKind::Threat, &played, 2, 0, Some((t.role, t.square)));
            return say(format!("the answer {} {} ({line})", reply.san, t.words()), Some(c));
        }
        // A capture the line takes back: a trade, of like pieces (`trades the queens`) or of one
        // piece for another of the same value, begun by the move or by the reply.
        if let Some(role) = lost {
            let traded = match (whole.lost.as_slice(), whole.won.as_slice()) {
                _ if whole.plies < 2 => None,
                ([], []) => Some(format!("the {role}s")),
                ([l], [w]) if *l == role && see_value(*l) == see_value(*w) => Some(match taken {
                    0 => format!("a {w} for the {role}"),
                    _ => format!("the {role} for a {w}"),
                }),
                _ => None,
            };
            match traded {
                Some(t) if taken > 0 => {
                    let line = board.san_line(&played[..whole.plies]).join(" ");
                    return (format!("it trades {t}: {line}; {better}"), None);
                }
                Some(t) => return (format!("the answer {} trades {t} ({line}); {better}", reply.san), None),
                None => {}
            }
        }
        // A better position let go to a draw: the reply's line comes back to a position seen
        // before within its first moves.
        let own_point = played_from(board, best.mv).and_then(|after| why_good(board, best.mv, &after));
        if let Some((draw, n, perpetual)) = why_drawn(next, best, reply, seen) {
            // A repetition without checks is one the mover may step out of: what it says is the
            // engine's judgement of the other moves, not a fact of the line (two such claims in
            // four held along Stockfish's lines on the samples of docs/review.md). Only a
            // perpetual check, which the checks force, is claimed; the other is the plain
            // sentence.
            let c = perpetual.then(|| claim(ClaimKind::Draw, &played[..=n], n + 1, 0, None));
            return match own_point {
                Some(point) => (format!("{draw}; {better}: {point}"), c.map(|c| Claim { reason: draw, ..c })),
                None => say(draw, c),
            };
        }
        // Nothing the reply wins or threatens: what the position shows (a passed pawn, the
        // king, the pawns, the pieces; the evaluation's terms pick which), and the point of the
        // better move when the board shows one.
        let lost = centipawns(best.score) + centipawns(reply.score);
        let fact = positional::why(board, &played, &best.pv, lost);
        let said = |line| fact.as_ref().filter(|(_, l)| *l == line).map(|(f, _)| f.describe());
        let cost = said(positional::Line::Played).map_or(String::new(), |f| format!(": {f}"));
        let point = own_point.or_else(|| said(positional::Line::Better));
        return match point {
            Some(point) => (format!("the answer {} ({line}) gains{cost}; {better}: {point}", reply.san), None),
            None => (format!("the answer {} ({line}) gains{cost}; {better}", reply.san), None),
        };
    }
    (better, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::CastlingMode;
    use chess_search::Bound;

    /// An engine line from `board`, given in SAN.
    fn line(board: &Board, sans: &[&str]) -> AnalysisLine {
        let mut b = *board;
        let pv = sans
            .iter()
            .map(|san| {
                let mv = b.parse_san(san).unwrap();
                b.play(mv);
                mv
            })
            .collect();
        AnalysisLine::new(board, CastlingMode::Standard, Score(0), Bound::Exact, pv)
    }

    /// The position of `fen`, the move `san` in it, and the position after it.
    fn with_move(fen: &str, san: &str) -> (Board, Move, Board) {
        let board: Board = fen.parse().unwrap();
        let mv = board.parse_san(san).unwrap();
        (board, mv, played_from(&board, mv).unwrap())
    }

    /// The reason for `played` in `fen`, given the engine's better line and its reply line.
    fn why(fen: &str, played: &str, best: &[&str], reply: &[&str]) -> String {
        let (board, mv, next) = with_move(fen, played);
        why_worse(&board, mv, &next, &line(&board, best), Some(&line(&next, reply)), &[], None).0
    }

    #[test]
    fn a_reply_whose_line_wins_more_than_its_first_capture_says_what_the_line_wins() {
        // 20. Rh6?? of a game of docs/review-quality, with the line of a review at 50,000 nodes:
        // Qxg5 takes a pawn, and the knight then takes the bishop on b2.
        let fen = "r7/1bp1qkbQ/1p2p1p1/n5P1/2nP4/Pp2P3/1B1N1P2/R3K2R w K - 1 20";
        assert_eq!(
            why(fen, "Rh6", &["Rh4", "Nxd2", "Kxd2"], &["Qxg5", "Rh3", "Nxb2", "Nf3", "Nd3+"]),
            "it loses a bishop and a pawn: Qxg5 Rh3 Nxb2; Rh4 was better (Rh4 Nxd2 Kxd2)"
        );
        // The line that wins only its first capture says so in the first capture's words.
        assert_eq!(
            why(fen, "Rh6", &["Rh4", "Nxd2", "Kxd2"], &["Qxg5", "Rh3", "Qf5", "Rh4"]),
            "it loses a pawn to Qxg5; Rh4 was better (Rh4 Nxd2 Kxd2)"
        );
    }

    #[test]
    fn a_capture_answered_by_a_bigger_one_is_a_losing_trade_and_a_trade_of_queens_no_loss() {
        // Qxb7?? takes a pawn, and Rxb7 takes the queen: the queen for a pawn.
        let fen = "1r2k3/1p3ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1";
        assert_eq!(
            why(fen, "Qxb7", &["Qe2+", "Kf8"], &["Rxb7", "h3"]),
            "it loses the queen for a pawn: Qxb7 Rxb7; Qe2+ was better (Qe2+ Kf8)"
        );
        // Qb5 offers a queen trade: Qxb5 is answered by Nxb5, no piece is lost.
        let fen = "4k3/pp1q1ppp/8/8/8/2NQ4/PP3PPP/6K1 w - - 0 1";
        assert_eq!(
            why(fen, "Qb5", &["Qe4+", "Kf8"], &["Qxb5", "Nxb5", "a6"]),
            "the answer Qxb5 trades the queens (Qxb5 Nxb5 a6); Qe4+ was better (Qe4+ Kf8)"
        );
    }

    #[test]
    fn a_trade_of_a_piece_for_another_says_who_began_it() {
        // Bxc6+ takes a knight and bxc6 takes the bishop back: the move traded its bishop.
        let fen = "r1bqk2r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5";
        assert_eq!(
            why(fen, "Bxc6", &["O-O", "Nxe4"], &["dxc6", "O-O"]),
            "it trades the bishop for a knight: Bxc6 dxc6; O-O was better (O-O Nxe4)"
        );
        // Nd5 lets Nxd5 take the knight, exd5 takes back: the reply traded its knight.
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4";
        assert_eq!(
            why(fen, "Nd5", &["Bb5", "Bc5"], &["Nxd5", "exd5", "Nd4"]),
            "the answer Nxd5 trades the knights (Nxd5 exd5 Nd4); Bb5 was better (Bb5 Bc5)"
        );
    }

    #[test]
    fn a_piece_just_taken_and_not_taken_back_is_a_recapture_forgotten() {
        // Black's bishop has just taken the knight on c3; h3 leaves it there, bxc3 takes back.
        let why = |fen: &str, taken: Option<(Role, Square)>, reply: &[&str]| {
            let (board, mv, next) = with_move(fen, "h3");
            why_worse(&board, mv, &next, &line(&board, &["bxc3", "Kb7"]), Some(&line(&next, reply)), &[], taken).0
        };
        let fen = "k7/8/8/8/8/2b5/1P5P/6K1 w - - 0 2";
        let knight = Some((Role::Knight, Square::C3));
        assert_eq!(
            why(fen, knight, &["Bxb2", "Kf2"]),
            "it does not take back on c3 (the bishop there has just taken a knight); bxc3 was better (bxc3 Kb7)"
        );
        // Where it took a pawn, taking the bishop is no recapture but a win of material.
        assert_eq!(
            why(fen, Some((Role::Pawn, Square::C3)), &["Bxb2", "Kf2"]),
            "misses bxc3, which wins the bishop on c3; bxc3 was better (bxc3 Kb7)"
        );
        // The reply takes as much as the recapture would have won back: the recapture is still
        // what the move forgot.
        let with_knight = "k7/8/8/4N3/8/2b5/1P5P/6K1 w - - 0 2";
        assert_eq!(
            why(with_knight, knight, &["Bxe5", "Kf2"]),
            "it does not take back on c3 (the bishop there has just taken a knight); bxc3 was better (bxc3 Kb7)"
        );
        // The reply takes more than the recapture would have won back: that is the reason.
        let fen = "k7/8/8/4Q3/8/2b5/1P5P/6K1 w - - 0 2";
        assert_eq!(why(fen, knight, &["Bxe5", "Kf2"]), "it leaves the queen on e5 to Bxe5; bxc3 was better (bxc3 Kb7)");
    }

    /// The point of `played` in `fen`, as a good move.
    fn point(fen: &str, played: &str) -> Option<String> {
        let (board, mv, next) = with_move(fen, played);
        why_good(&board, mv, &next)
    }

    #[test]
    fn a_good_move_says_its_point_when_the_board_shows_one() {
        // Nc7+ forks king and rook.
        assert_eq!(
            point("r3k3/8/8/1N6/8/8/PP6/4K3 w - - 0 1", "Nc7+").as_deref(),
            Some("it forks the king on e8 and the rook on a8")
        );
        // a3 attacks the bishop on b4 (the pawn is guarded by the b2 pawn).
        assert_eq!(point("4k3/8/8/8/1b6/8/PP6/6K1 w - - 0 1", "a3").as_deref(), Some("it attacks the bishop on b4"));
        // Nf3 takes the knight out of the e5 pawn's reach; Ke4 guards the one on d5.
        assert_eq!(
            point("4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1", "Nf3").as_deref(),
            Some("it moves the attacked knight to safety and attacks the pawn on e5")
        );
        assert_eq!(point("4k3/8/8/2rN4/8/4K3/8/8 w - - 0 1", "Ke4").as_deref(), Some("it defends the knight on d5"));
        // Nothing to say.
        assert_eq!(point("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd2"), None);
    }

    #[test]
    fn where_the_reply_shows_nothing_the_better_moves_point_is_said() {
        // Kf1 lets the bishop stay; a3 would have attacked it.
        assert_eq!(
            why("4k3/8/8/8/1b6/8/PP6/6K1 w - - 0 1", "Kf1", &["a3", "Bd6"], &["Kd7", "Ke2"]),
            "the answer Kd7 (Kd7 Ke2) gains; a3 was better (a3 Bd6): it attacks the bishop on b4"
        );
    }

    #[test]
    fn a_reply_line_that_comes_back_to_a_position_is_a_draw_let_in() {
        // Rd7 leaves the first rank: Qf2+ and Qf1+ check for ever.
        let (board, mv, next) = with_move("6k1/5ppp/5q2/8/8/6PP/7K/3R4 w - - 0 1", "Rd7");
        let mut best = line(&board, &["Kg2", "h6"]);
        best.score = Score(300);
        let why = |reply: &[&str]| {
            let mut reply = line(&next, reply);
            reply.score = Score::DRAW;
            why_worse(&board, mv, &next, &best, Some(&reply), &[], None)
        };
        assert_eq!(
            why(&["Qf2+", "Kh1", "Qf1+", "Kh2", "Qf2+"]).0,
            "it allows a perpetual check: Qf2+ Kh1 Qf1+ Kh2 Qf2+; Kg2 was better (Kg2 h6)"
        );
        assert!(why(&["Qf2+", "Kh1", "Qf1+", "Kh2", "Qf2+"]).1.is_some_and(|c| c.kind == ClaimKind::Draw));
        // Back to the position after Rd7 without a check on the way: a repetition White may step
        // out of, so what it says is the engine's judgement, not a fact: no claim (the review
        // says the plain sentence).
        let (words, claim) = why(&["Qe5", "Kh1", "Qf6", "Kh2"]);
        assert_eq!(words, "it allows a draw by repetition: Qe5 Kh1 Qf6 Kh2; Kg2 was better (Kg2 h6)");
        assert_eq!(claim, None);
        // h3 lets the win go: White has only Qf5+ and Qf8+ for ever.
        let (board, mv, next) = with_move("7k/6p1/7p/2Q5/8/8/5PPP/6K1 w - - 0 1", "h3");
        let mut reply = line(&next, &["Kh7", "Qf5+", "Kh8", "Qf8+", "Kh7", "Qf5+"]);
        reply.score = Score::DRAW;
        let mut best = line(&board, &["Qf8+", "Kh7"]);
        best.score = Score(300);
        assert_eq!(
            why_worse(&board, mv, &next, &best, Some(&reply), &[], None).0,
            "it leaves only a perpetual check: Kh7 Qf5+ Kh8 Qf8+ Kh7 Qf5+; Qf8+ was better (Qf8+ Kh7)"
        );
        // A position of the game before the move counts: after Kg1 Qf5, Kh2 Qf6 comes back to
        // the first one.
        let first: Board = "6k1/5ppp/5q2/8/8/6PP/7K/3R4 w - - 0 1".parse().unwrap();
        let mut board = first;
        let mut seen = vec![first.hash()];
        board.play(board.parse_san("Kg1").unwrap());
        seen.push(board.hash());
        board.play(board.parse_san("Qf5").unwrap());
        seen.push(board.hash());
        let mv = board.parse_san("Kh2").unwrap();
        let next = played_from(&board, mv).unwrap();
        let mut reply = line(&next, &["Qf6", "Rd7"]);
        reply.score = Score::DRAW;
        let mut best = line(&board, &["Rd7", "h6"]);
        best.score = Score(300);
        assert_eq!(
            why_worse(&board, mv, &next, &best, Some(&reply), &seen, None).0,
            "it allows a draw by repetition: Qf6; Rd7 was better (Rd7 h6)"
        );
    }

    #[test]
    fn where_no_material_or_threat_shows_a_positional_fact_is_said() {
        // Ke2 gives up castling where O-O tucks the king behind three pawns (the king-safety
        // term of the evaluation is what separates the two lines).
        let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        assert_eq!(
            why(fen, "Ke2", &["O-O", "d6"], &["d6", "d3"]),
            "the answer d6 (d6 d3) gains: White's king can no longer castle; O-O was better (O-O d6)"
        );
        // b4 lets the c3 pawn run, where bxc3 takes it.
        assert_eq!(
            why("4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1", "b4", &["bxc3", "Kd7"], &["c2", "Kd2"]),
            "the answer c2 (c2 Kd2) gains: Black gets a passed pawn on c2; bxc3 was better (bxc3 Kd7)"
        );
    }

    #[test]
    fn a_quiet_reply_that_attacks_a_piece_says_which() {
        // Kf1 does nothing against a6, which attacks the knight on b5 (the bishop guards it from
        // the queen).
        let fen = "r1b1k2r/pppnbppp/4p3/1N1q4/3P4/4BN2/PP2BPPP/R2QK2R w KQkq - 0 12";
        let reply = why(fen, "Kf1", &["O-O", "Nf6"], &["a6", "Nc3", "Qd6"]);
        assert_eq!(reply, "the answer a6 attacks the knight on b5 (a6 Nc3 Qd6); O-O was better (O-O Nf6)");
    }

    #[test]
    fn a_quiet_reply_that_attacks_only_a_pawn_is_no_reason() {
        // 16. d5?? of game 2 of docs/review-quality-5 (the lines of a review at 50,000 nodes): Ne5
        // attacks the pawn on c4, which is not why d5 loses (Stockfish answers otherwise); the
        // naive "the answer Ne5 attacks the pawn on c4" is not said.
        let fen = "1rb2rk1/1pp1bppp/p1n3q1/7n/2PPp3/P1N1P2P/1B2NP2/R2QKB1R w KQ - 3 16";
        let reply = why(fen, "d5", &["Nd5", "b5", "Nxe7+", "Nxe7", "c5"], &["Ne5", "Ng1", "b5", "cxb5"]);
        assert_eq!(
            reply,
            "the answer Ne5 (Ne5 Ng1 b5 cxb5) gains; Nd5 was better (Nd5 b5 Nxe7+ Nxe7 c5): it attacks the pawn on c7"
        );
    }

    #[test]
    fn a_capture_whose_reply_wins_more_counts_from_the_capture() {
        // 5. Nxf7?? of the Blackburne Shilling gambit takes a pawn; Qxg2 and Qxh1+ take a pawn
        // and the rook, and Qxh2 one more pawn: a rook and a pawn in all, from Nxf7 on.
        let fen = "r1b1kbnr/pppp1ppp/8/4N1q1/2BnP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 5";
        assert_eq!(
            why(fen, "Nxf7", &["Bxf7+", "Kd8"], &["Qxg2", "d3", "Qxh1+", "Kd2", "Qxh2"]),
            "it loses a rook and a pawn: Nxf7 Qxg2 d3 Qxh1+ Kd2 Qxh2; Bxf7+ was better (Bxf7+ Kd8)"
        );
    }

    #[test]
    fn a_better_line_that_wins_what_the_move_played_wins_too_is_no_miss() {
        // 64...Kxf1 takes the rook that Rxf1 would have taken: no miss.
        let fen = "8/8/1R5p/6pP/8/8/3K2k1/r4R2 b - - 0 64";
        assert_eq!(
            why(fen, "Kxf1", &["Rxf1", "Rxh6", "Rh1", "Ke3"], &["Rxh6", "g4", "Rg6", "Ra2+"]),
            "it loses a pawn to Rxh6; Rxf1 was better (Rxf1 Rxh6 Rh1 Ke3)"
        );
    }

    #[test]
    fn a_better_line_that_wins_a_piece_is_what_the_move_missed() {
        // Ke2 lets the rook go and gives up a pawn; Nc7+ forks king and rook and Nxa8 wins it.
        let fen = "r3k3/8/8/1N6/8/8/PP6/4K3 w - - 0 1";
        assert_eq!(
            why(fen, "Ke2", &["Nc7+", "Kd7", "Nxa8", "Kc6", "Ke2"], &["Rxa2", "Nc3", "Ra5"]),
            "misses Nc7+, which wins a rook (Nc7+ Kd7 Nxa8); Nc7+ was better (Nc7+ Kd7 Nxa8 Kc6 Ke2)"
        );
        // Where the better move only keeps the pawn, the pawn is the reason.
        assert_eq!(
            why(fen, "Ke2", &["Nc3", "Kd7"], &["Rxa2", "Nc3", "Ra5"]),
            "it loses a pawn to Rxa2; Nc3 was better (Nc3 Kd7)"
        );
    }
}
