#!/usr/bin/env python3
"""The evidence behind web/packages/engine/contract/accepted-failures.json, recomputed.

For each accepted failure where ours plays a move the test does not list, Stockfish judges our move
against the moves the test expects: one search with MultiPV over just those moves
(`go depth D multipv K searchmoves OURS EXPECTED...`, so that every one gets a score of the same
search) and one unrestricted (`go depth D multipv 5`, where ours ranks among all moves).

    python3 scripts/contract-evidence.py            # print the evidence
    python3 scripts/contract-evidence.py --write    # and store it in the list (`stockfish`, `evidence`)

Stockfish 15.1 (Debian's `stockfish`, /usr/games/stockfish; or $STOCKFISH), one thread, 128 MiB
of hash, a fresh game per search: deterministic at a fixed depth. Needs python-chess.
About 40 s an entry at depth 22.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

import chess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, 'web', 'packages', 'engine', 'contract', 'accepted-failures.json')


def stockfish_path():
    path = os.environ.get('STOCKFISH') or shutil.which('stockfish') or '/usr/games/stockfish'
    if not os.path.exists(path):
        sys.exit('contract-evidence: no stockfish (apt-get install stockfish, or set STOCKFISH)')
    return path


class Stockfish:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send('uci')
        self.wait('uciok')
        self.name = next((line for line in self.lines if line.startswith('id name ')), 'id name ?')[8:]
        self.send('setoption name Threads value 1')
        self.send('setoption name Hash value 128')

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def wait(self, prefix):
        self.lines = []
        for line in self.proc.stdout:
            line = line.strip()
            self.lines.append(line)
            if line.startswith(prefix):
                return line
        raise RuntimeError('stockfish ended')

    def search(self, fen, depth, multipv, searchmoves=()):
        """The last complete line of each MultiPV rank at `depth`: [(uci, score text, centipawns)]."""
        self.send(f'setoption name MultiPV value {multipv}')
        self.send('ucinewgame')
        self.send('isready')
        self.wait('readyok')
        self.send(f'position fen {fen}')
        moves = f' searchmoves {" ".join(searchmoves)}' if searchmoves else ''
        self.send(f'go depth {depth}{moves}')
        self.wait('bestmove')
        ranks = {}
        for line in self.lines:
            f = line.split()
            if not line.startswith('info ') or 'multipv' not in f or 'pv' not in f or 'bound' in line:
                continue
            if int(f[f.index('depth') + 1]) != depth:
                continue
            kind, value = f[f.index('score') + 1], int(f[f.index('score') + 2])
            if kind == 'mate':
                text, cp = f'#{value}', (100000 - abs(value)) * (1 if value > 0 else -1)
            else:
                text, cp = f'{value / 100:+.2f}', value
            ranks[int(f[f.index('multipv') + 1])] = (f[f.index('pv') + 1], text, cp)
        return [ranks[k] for k in sorted(ranks)]

    def close(self):
        self.send('quit')
        self.proc.wait()


def uci_of(board, move):
    """A test's FROM-TO move as UCI, or None when it is not legal in the position."""
    frm, to = move.lower().split('-')
    try:
        parsed = chess.Move.from_uci(frm + to)
    except ValueError:
        return None
    return parsed.uci() if parsed in board.legal_moves else None


def move_evidence(entry, engine, depth):
    board = chess.Board(entry['fen'])
    ours = uci_of(board, entry['ours'])
    if ours is None:
        sys.exit(f"contract-evidence: {entry['test']}: our move {entry['ours']} is not legal")
    expected = [(m, uci_of(board, m)) for m in entry['expected']]
    legal = [u for _, u in expected if u and u != ours]
    candidates = [ours] + legal
    restricted = engine.search(entry['fen'], depth, len(candidates), candidates)
    top = engine.search(entry['fen'], depth, 5)
    san = lambda u: board.san(chess.Move.from_uci(u))
    scores = {u: (text, cp) for u, text, cp in restricted}
    best_expected = max((scores[u] for u in legal), key=lambda s: s[1])
    gap = (scores[ours][1] - best_expected[1]) / 100
    listed = [f'{san(u)} {text}{" (ours)" if u == ours else ""}' for u, text, _ in restricted]
    illegal = [m for m, u in expected if u is None]
    rank = next((i + 1 for i, (u, _, _) in enumerate(top) if u == ours), None)
    summary = (f"{engine.name}, depth {depth}, MultiPV over ours and the test's moves: " + ', '.join(listed)
               + (f" ({', '.join(illegal)} not legal here)" if illegal else '')
               + f"; ours {gap:+.2f} against the best the test accepts. Unrestricted MultiPV 5: "
               + ', '.join(f'{san(u)} {text}' for u, text, _ in top)
               + (f' (ours ranks {rank})' if rank else ' (ours not among them)') + '.')
    return {
        'stockfish': {
            'engine': engine.name,
            'depth': depth,
            'options': 'Threads 1, Hash 128',
            'searchmoves': f'go depth {depth} multipv {len(candidates)} searchmoves {" ".join(candidates)}',
            'scores': {san(u): text for u, text, _ in restricted},
            'top5': {san(u): text for u, text, _ in top},
            'oursMinusBestExpected': round(gap, 2),
        },
        'evidence': summary,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--write', action='store_true', help='store the evidence in the list')
    parser.add_argument('--depth', type=int, default=22)
    parser.add_argument('--only', help='only the entries whose test name contains this')
    args = parser.parse_args()
    with open(LIST, encoding='utf-8') as f:
        data = json.load(f)
    engine = None
    for entry in data['accepted']:
        if args.only and args.only not in entry['test']:
            continue
        if 'ours' not in entry:
            continue  # not about a move (a timing-dependent test): its `why` says why
        engine = engine or Stockfish(stockfish_path())
        found = move_evidence(entry, engine, args.depth)
        print(f"{entry['test']}\n  {found['evidence']}\n", flush=True)
        entry.update(found)
    if engine:
        engine.close()
    if args.write:
        with open(LIST, 'w', encoding='utf-8') as f:
            json.dump(data, f, indent=2, ensure_ascii=False)
            f.write('\n')
        print(f'written: {os.path.relpath(LIST, ROOT)}')


if __name__ == '__main__':
    main()
