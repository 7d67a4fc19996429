#!/usr/bin/env python3
"""chess-core's rules against python-chess's, position by position (issue 79).

Reads the JSON lines of chess-core's random-game generator
(crates/chess-core/examples/random_games.rs: one header line per game, then one line per
position), replays every game with python-chess from its own start (chess.Board() or
chess.Board.from_chess960_pos(n), never from our FEN), and compares every field of every position.
The first difference (lowest game, then ply) is reported with the game, the ply, the FEN, the
field, ours against theirs and the moves that lead there; the exit code is then 1. It is 0 when
every position agrees and the games covered every rule (see COVERAGE below), 2 on bad input.

    pip install chess
    cargo run --release -p chess-core --example random_games -- --seed 79 > games.jsonl
    python3 scripts/diff-python-chess.py games.jsonl --jobs 2

scripts/diff-python-chess.sh does all of it (CI).

How each of our notions maps to python-chess's (1.11)
----------------------------------------------------
fen            Board::fen()  ==  board.fen()  (its default en_passant="legal": the en-passant
               square only when a legal en-passant capture exists, our convention too; X-FEN
               castling: KQkq for the outermost rook on its side, the rook's file letter for an
               inner one, in both).
moves          Board::legal_moves() in UCI  ==  board.uci(m) for m in board.legal_moves, both
               sorted. Castling is the king's two-square move in standard games (e1g1) and king
               takes rook in Chess960 games (e1h1): our CastlingMode::Standard / Chess960, and
               python-chess's chess960=False / True boards.
san            Board::san(m) of every legal move (in about one position in 8) and of the move
               played (in every position)  ==  board.san(m).
played         the move the generator played must be legal for python-chess too
               (board.parse_uci), which then plays it.
check          Board::in_check()  ==  board.is_check().
halfmove_clock Board::halfmove_clock()  ==  board.halfmove_clock.
repetitions    Game::repetitions(), how often the current position has occurred (placement, side
               to move, castling rights and legal en-passant capture agreeing; clocks do not
               matter)  ==  the largest n with board.is_repetition(n), which counts the same
               positions (its _transposition_key holds clean castling rights and the en-passant
               square only when a legal capture exists) back to the last irreversible move.
insufficient_material
               Board::is_insufficient_material()  ==  board.is_insufficient_material() (neither
               side can mate: no pawn, rook or queen; a lone knight against a bare king, or
               bishops, of both sides, all on squares of one colour).
status         Game::status() applies the draw rules automatically: checkmate, stalemate, then
               insufficient material, threefold repetition, the fifty-move rule, in that order.
               python-chess has no such single status, so the expected one is built from its
               predicates in our order (expected_status()):
                 checkmate             board.is_checkmate()
                 stalemate             board.is_stalemate()
                 insufficient material board.is_insufficient_material()
                 threefold repetition  board.is_repetition(3)  (the position occurred 3 times)
                 fifty-move rule       board.is_fifty_moves()  (halfmove clock >= 100 and a
                                       legal move exists: a mate on the 100th ply wins)
                 game in progress      none of these
result         Game::result(): 1-0 / 0-1 for a mate (board.outcome().result()), 1/2-1/2 for any
               other end, * while the game goes on.

Differences by design (the equivalent notion is compared instead)
- python-chess's board.outcome() ends a game only on checkmate, insufficient material,
  stalemate, the 75-move rule and fivefold repetition; threefold and fifty moves are claims
  (outcome(claim_draw=True)). Ours ends it automatically at threefold and fifty moves, as most
  apps and servers do. So the status is compared through the predicates above, not outcome().
- Precedence: python-chess's outcome() puts insufficient material before stalemate; we put
  stalemate first (a stalemate with, say, K+B v K is "stalemate"). Both predicates are compared
  on their own, and expected_status() follows our order.
- can_claim_threefold_repetition() / can_claim_fifty_moves() also accept a claim made with the
  next move (the position would repeat, or the clock reach 100, after it). chess-core has no
  claim notion (its draws are automatic on the board as it stands), so they are not compared;
  is_repetition(3) and is_fifty_moves() are the equivalent notions.
- Fivefold repetition and the 75-move rule end the game in both (python-chess's outcome() without
  a claim); we check fivefold before the 75-move rule, python-chess the other way round, so
  expected_status() follows our order and both predicates are also compared on their own.
"""
import argparse
import collections
import json
import multiprocessing
import sys
import time

import chess

# Our GameStatus::reason() texts.
ONGOING = "game in progress"
CHECKMATE = "checkmate"
STALEMATE = "stalemate"
INSUFFICIENT = "insufficient material"
THREEFOLD = "threefold repetition"
FIFTY = "fifty-move rule"

FIVEFOLD = "fivefold repetition"  # board.is_fivefold_repetition() == is_repetition(5)
SEVENTYFIVE = "seventy-five-move rule"  # board.is_seventyfive_moves() (clock >= 150)

KNOWN_STATUSES = {ONGOING, CHECKMATE, STALEMATE, INSUFFICIENT, FIVEFOLD, SEVENTYFIVE, THREEFOLD, FIFTY}

# The games must exercise every rule, or a pass would mean little: each of these must be met at
# least once (counted over all games), else the run fails.
COVERAGE = [
    "status: " + s
    for s in (ONGOING, CHECKMATE, STALEMATE, INSUFFICIENT, FIVEFOLD, SEVENTYFIVE, THREEFOLD, FIFTY)
] + [
    "en-passant square in the FEN",
    "en-passant capture played",
    "castling played (standard)",
    "castling played (chess960)",
    "promotion played",
    "underpromotion in a legal move list",
    "SAN with a disambiguation",
    "repetitions >= 5",
    "halfmove clock >= 150",
    "stalemate with insufficient material",
]


class Difference(Exception):
    def __init__(self, field, ours, theirs, note=""):
        super().__init__(field)
        self.field, self.ours, self.theirs, self.note = field, ours, theirs, note


class BadInput(Exception):
    pass


def repetition_count(board: chess.Board) -> int:
    """How often the current position has occurred, from python-chess's is_repetition(n)."""
    n = 1
    while board.is_repetition(n + 1):
        n += 1
    return n


def expected_status(board: chess.Board, repetitions: int) -> str:
    """Our Game::status() built from python-chess's predicates, in our order of precedence;
    `repetitions` is repetition_count(board), so `repetitions >= n` is board.is_repetition(n)."""
    if board.is_checkmate():
        return CHECKMATE
    if board.is_stalemate():
        return STALEMATE
    if board.is_insufficient_material():
        return INSUFFICIENT
    if repetitions >= 5:  # board.is_fivefold_repetition()
        return FIVEFOLD
    if board.is_seventyfive_moves():
        return SEVENTYFIVE
    if repetitions >= 3:  # board.is_repetition(3)
        return THREEFOLD
    if board.is_fifty_moves():
        return FIFTY
    return ONGOING


def expected_result(board: chess.Board, status: str) -> str:
    if status == CHECKMATE:
        return board.outcome().result()
    return "*" if status == ONGOING else "1/2-1/2"


def is_disambiguated(san: str) -> bool:
    """Whether a piece move's SAN names its origin's file or rank (Nbd7, R1e2, Qh4e1)."""
    if san[0] not in "NBRQ":
        return False
    return len(san[1:].rstrip("+#").replace("x", "")) > 2


def compare(field, ours, theirs, note=""):
    if ours != theirs:
        raise Difference(field, ours, theirs, note)


def compare_moves(ours, theirs):
    if ours != theirs:
        missing = sorted(set(theirs) - set(ours))
        extra = sorted(set(ours) - set(theirs))
        raise Difference("moves", ours, theirs, f"python-chess only: {missing}; ours only: {extra}")


def check_position(board: chess.Board, rec: dict, stats: collections.Counter):
    """Compares one position; raises Difference at the first field that differs."""
    compare("ply", rec["ply"], len(board.move_stack))
    fen = board.fen()
    compare("fen", rec["fen"], fen)

    legal = list(board.legal_moves)
    uci_of = {board.uci(m): m for m in legal}
    compare_moves(rec["moves"], sorted(uci_of))

    if rec["san"] is not None:
        if len(rec["san"]) != len(rec["moves"]):
            raise BadInput("san and moves differ in length")
        for uci, ours in zip(rec["moves"], rec["san"]):
            theirs = board.san(uci_of[uci])
            compare("san", ours, theirs, f"move {uci}")
            if is_disambiguated(theirs):
                stats["SAN with a disambiguation"] += 1
        stats["positions with every SAN compared"] += 1
        stats["SANs compared"] += len(rec["san"])

    compare("check", rec["check"], board.is_check())
    compare("halfmove_clock", rec["halfmove_clock"], board.halfmove_clock)
    repetitions = repetition_count(board)
    compare("repetitions", rec["repetitions"], repetitions)
    insufficient = board.is_insufficient_material()
    compare("insufficient_material", rec["insufficient_material"], insufficient)

    if rec["status"] not in KNOWN_STATUSES:
        raise Difference(
            "status",
            rec["status"],
            None,
            "a status this script does not know: chess-core's GameStatus has grown; map it in "
            "scripts/diff-python-chess.py (KNOWN_STATUSES, expected_status)",
        )
    status = expected_status(board, repetitions)
    compare("status", rec["status"], status)
    compare("result", rec["result"], expected_result(board, status))

    # Coverage counts.
    stats["positions"] += 1
    stats["status: " + status] += 1
    if status == STALEMATE and insufficient:
        stats["stalemate with insufficient material"] += 1
    if fen.split()[3] != "-":
        stats["en-passant square in the FEN"] += 1
    if repetitions >= 5:
        stats["repetitions >= 5"] += 1
    if board.halfmove_clock >= 150:
        stats["halfmove clock >= 150"] += 1
    if any(m.promotion in (chess.KNIGHT, chess.BISHOP, chess.ROOK) for m in legal):
        stats["underpromotion in a legal move list"] += 1

    if rec["played"] is None:
        if legal and rec["ply"] < rec["_plies"]:
            raise Difference("played", None, "a move", "the game stops with legal moves before its cap")
        return None
    try:
        move = board.parse_uci(rec["played"])
    except ValueError as e:
        raise Difference("played", rec["played"], None, f"python-chess refuses it: {e}")
    compare("played_san", rec["played_san"], board.san(move), f"move {rec['played']}")
    stats["played SANs compared"] += 1
    if board.is_castling(move):
        stats["castling played (chess960)" if board.chess960 else "castling played (standard)"] += 1
    if board.is_en_passant(move):
        stats["en-passant capture played"] += 1
    if move.promotion:
        stats["promotion played"] += 1
    return move


def start_board(header: dict) -> chess.Board:
    if header["variant"] == "standard":
        return chess.Board()
    if header["variant"] == "chess960":
        return chess.Board.from_chess960_pos(header["chess960_index"])
    raise BadInput(f"unknown variant {header['variant']!r}")


def check_game(header: dict, records: list, stats: collections.Counter):
    """Replays one game; returns None or a report of its first difference."""
    board = start_board(header)
    stats["games (" + header["variant"] + ")"] += 1
    try:
        compare("start", header["start"], board.fen(), "the start position")
        for rec in records:
            rec["_plies"] = header["plies"]
            move = check_position(board, rec, stats)
            if move is not None:
                board.push(move)
        if not records or records[-1]["played"] is not None:
            raise BadInput(f"game {header['game']} is cut short")
    except Difference as d:
        return {
            "game": header["game"],
            "variant": header["variant"],
            "chess960_index": header["chess960_index"],
            "style": header["style"],
            "ply": len(board.move_stack),
            "fen": board.fen(),
            "field": d.field,
            "ours": d.ours,
            "theirs": d.theirs,
            "note": d.note,
            "moves": [board.uci(m) for m in board.move_stack],
        }
    return None


def game_of(line: str) -> int:
    """The game number of a line, read without parsing the JSON (`{"game":N,...`)."""
    if not line.startswith('{"game":'):
        raise BadInput(f"not a generator line: {line[:60]!r}")
    return int(line[8 : line.index(",", 8)])


def games_in(path: str, job: int, jobs: int):
    """(header, records) of each game numbered job mod jobs, in file order."""
    stream = sys.stdin if path == "-" else open(path, encoding="utf-8")
    header, records = None, []
    with stream:
        for line in stream:
            if game_of(line) % jobs != job:
                continue
            rec = json.loads(line)
            if "variant" in rec:
                if header is not None:
                    yield header, records
                header, records = rec, []
            elif header is None or rec["game"] != header["game"]:
                raise BadInput(f"position of game {rec['game']} outside its game")
            else:
                records.append(rec)
    if header is not None:
        yield header, records


def run_job(args):
    """One worker: the games numbered job mod jobs; stops at its first difference."""
    path, job, jobs = args
    stats = collections.Counter()
    try:
        for header, records in games_in(path, job, jobs):
            report = check_game(header, records, stats)
            if report is not None:
                return report, stats, None
    except (BadInput, KeyError, ValueError, TypeError) as e:
        return None, stats, f"{type(e).__name__}: {e}"
    return None, stats, None


def print_difference(d: dict):
    where = d["variant"] + (f" start {d['chess960_index']}" if d["chess960_index"] is not None else "")
    print(f"DIFFERENCE: game {d['game']} ({where}, style {d['style']}), ply {d['ply']}, field '{d['field']}'")
    print(f"  FEN (python-chess): {d['fen']}")
    print(f"  ours:   {json.dumps(d['ours'])}")
    print(f"  theirs: {json.dumps(d['theirs'])}")
    if d["note"]:
        print(f"  note:   {d['note']}")
    moves = " ".join(d["moves"])
    print(f"  moves from the start (UCI): {moves if moves else '(none)'}")
    start = (
        f"chess.Board.from_chess960_pos({d['chess960_index']})"
        if d["chess960_index"] is not None
        else "chess.Board()"
    )
    print(f"  replay: board = {start}; [board.push_uci(m) for m in MOVES.split()]  (MOVES: the line above)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input", help="the generator's JSON lines (a file, or - for stdin with --jobs 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--min-games", type=int, default=0, help="fail if fewer games were read")
    parser.add_argument("--no-coverage", action="store_true", help="do not require every rule to be met")
    args = parser.parse_args()
    if args.input == "-" and args.jobs != 1:
        parser.error("stdin is read with --jobs 1 only")

    started = time.time()
    tasks = [(args.input, job, args.jobs) for job in range(args.jobs)]
    if args.jobs == 1:
        results = [run_job(tasks[0])]
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(run_job, tasks)

    stats = collections.Counter()
    for _, s, _ in results:
        stats.update(s)
    errors = [e for _, _, e in results if e]
    if errors:
        for e in errors:
            print(f"bad input: {e}", file=sys.stderr)
        return 2
    differences = [d for d, _, _ in results if d]
    games = stats["games (standard)"] + stats["games (chess960)"]
    print(
        f"python-chess {chess.__version__}: {games} games checked "
        f"({stats['games (standard)']} standard, {stats['games (chess960)']} Chess960), "
        f"{stats['positions']} positions, {stats['SANs compared']} SANs of every legal move in "
        f"{stats['positions with every SAN compared']} positions, {stats['played SANs compared']} "
        f"SANs of moves played, in {time.time() - started:.1f} s"
    )
    if differences:
        print_difference(min(differences, key=lambda d: (d["game"], d["ply"])))
        return 1
    print("coverage:")
    for name in COVERAGE:
        print(f"  {name}: {stats[name]}")
    if games < args.min_games:
        print(f"FAILED: {games} games read, {args.min_games} expected")
        return 1
    uncovered = [name for name in COVERAGE if stats[name] == 0]
    if uncovered and not args.no_coverage:
        print(f"FAILED: the games never met: {', '.join(uncovered)}")
        return 1
    print("no difference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
