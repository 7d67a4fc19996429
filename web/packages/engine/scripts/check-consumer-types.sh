#!/usr/bin/env bash
# Strict TypeScript in an app that installs the packed package, never with skipLibCheck: bundler
# resolution with ES2022 + DOM and no @types/node (a browser app), NodeNext with @types/node and no
# DOM (a Node app), and ESNext + DOM + Node. The app imports the modern API, the compat path and
# uses `using`; a CommonJS module (`.cts`) requires all three entries under NodeNext (Node 20.19+
# requires ES modules) and imports them dynamically under Node16. Offline: the tarball is unpacked by hand, TypeScript and @types/node are the
# workspace's. Run after `npm run build`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
web=$(cd "$here/../.." && pwd)
[ -f "$here/dist/index.d.ts" ] || { echo "check-consumer-types: build the package first (npm run build)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$here" && npm pack --silent --pack-destination "$work" >/dev/null)
mkdir -p "$work/node_modules/chess-wasm" "$work/node_modules/@types"
tar -xzf "$work"/chess-wasm-*.tgz -C "$work/node_modules/chess-wasm" --strip-components=1
ln -s "$web/node_modules/@types/node" "$work/node_modules/@types/node"
ln -s "$web/node_modules/undici-types" "$work/node_modules/undici-types"
cat > "$work/package.json" <<'JSON'
{ "name": "consumer", "private": true, "type": "module" }
JSON
cat > "$work/main.ts" <<'TS'
import { Ai, ChessError, ChessGame, IllegalMoveError, WorkerAi, init } from 'chess-wasm';
import type { ChessErrorCode, InitOptions, MoveInfo, PieceLetter, PieceSymbol, RejectionReason, Score, Square } from 'chess-wasm';
import type { HistoryItem, MovePath, Variation, VariationMove } from 'chess-wasm';
import type { Variation as RulesVariation } from 'chess-wasm/rules';
import { Game } from 'chess-wasm/compat';
import { ChessGame as RulesGame, init as initRules } from 'chess-wasm/rules';
import type { MoveInfo as RulesMove } from 'chess-wasm/rules';
import type { PieceSymbol as CompatPiece, Square as CompatSquare } from 'chess-wasm/compat';

/** A score in words: `kind` narrows the union. */
export function words(score: Score): string {
  switch (score.kind) {
    case 'cp':
      return `${score.cp / 100} pawns`;
    case 'mate':
      return `mate in ${score.moves}`;
  }
}

/** Every move of a variation tree, depth first: the recursive type walks. */
export function lines(variations: Variation[] | RulesVariation[]): string[] {
  return variations.flatMap((v: Variation) => v.moves.flatMap((m: VariationMove) => [m.san, ...lines(m.variations)]));
}

export function analyse(game: ChessGame): string[] {
  const item: HistoryItem = game.history()[0];
  const at: MovePath = item.ply;
  const path: number[] = game.addVariation(at, ['d4']);
  game.continueVariation(path satisfies MovePath, ['d5']);
  game.removeVariation([1], 0);
  return [...lines(item.variations), item.variations[0]?.comment ?? ''];
}

export async function load(options: InitOptions): Promise<void> {
  await init(options);
  await init();
  await initRules();
  const rules = RulesGame.fromPgn('1. e4 e5');
  const played: RulesMove = rules.move('Nf3');
  const copy: RulesGame = rules.clone();
  console.log(played.san, copy.fen());
}

export function play(): string {
  const game = new ChessGame();
  const move: MoveInfo = game.move('e4');
  const piece: PieceLetter = move.piece;
  const to: Square = move.to;
  const named: string = move.from;
  const kind: PieceSymbol = 'k';
  const upper: CompatSquare = 'E2';
  const letter: CompatPiece = 'K';
  game.move({ from: named.toUpperCase(), to: 'E5' });
  try {
    game.move('Ke3');
  } catch (e) {
    if (e instanceof IllegalMoveError) {
      const reason: RejectionReason = e.reason;
      console.log(reason);
    }
    if (e instanceof ChessError) {
      const code: ChessErrorCode = e.code;
      if (code === 'ILLEGAL_MOVE' || code === 'INVALID_MOVE') console.log(code);
    }
  }
  game.load('8/8/8/4k3/8/8/8/4KB2 w - - 0 1');
  const over: boolean = game.isGameOver() && game.isDraw() && game.isInsufficientMaterial() && !game.isCheckmate()
    && !game.isStalemate() && !game.inCheck() && !game.isThreefoldRepetition() && !game.isDrawByFiftyMoves();
  game.reset();
  console.log(to, kind, upper, letter, over, game.state().enPassant satisfies Square | null);
  const ai = new Ai({ level: 1 });
  const answer = ai.bestMove(game);
  ai.free();
  game.free();
  return `${piece} ${answer.best.san} ${words(answer.best.score)} ${new Game().exportJson().turn} ${typeof WorkerAi.create}`;
}
TS
# `using` needs a lib with explicit resource management (ESNext): only in that configuration.
cat > "$work/using.ts" <<'TS'
import { ChessGame } from 'chess-wasm';

export function fen(): string {
  using game = new ChessGame();
  return game.fen();
}
TS
# A CommonJS module of a Node app (`.cts`: `import` compiles to `require`), through the package's
# `require` conditions and their `.d.cts` types.
cat > "$work/cjs.cts" <<'TS'
import { ChessError, ChessGame } from 'chess-wasm';
import type { Score, Square } from 'chess-wasm';
import { Game } from 'chess-wasm/compat';
import { ChessGame as RulesGame } from 'chess-wasm/rules';

export function fen(): string {
  const game = new ChessGame();
  const to: Square = game.move('e4').to;
  const score: Score = { kind: 'mate', moves: 1 };
  const rules = new RulesGame();
  rules.move('d4');
  const error: ChessError | null = null;
  return `${game.fen()} ${to} ${score.kind} ${rules.fen()} ${new Game().exportJson().turn} ${String(error)}`;
}
TS
# The same under Node16's rules, which know no `require` of an ES module (Node before 20.19): the
# README's `await import(...)`, and types imported in import mode.
cat > "$work/cjs-import.cts" <<'TS'
import type { Score, Square } from 'chess-wasm' with { 'resolution-mode': 'import' };

export async function fen(): Promise<string> {
  const { ChessGame } = await import('chess-wasm');
  const { Game } = await import('chess-wasm/compat');
  const game = new ChessGame();
  const to: Square = game.move('e4').to;
  const score: Score = { kind: 'cp', cp: 20 };
  return `${game.fen()} ${to} ${score.kind} ${new Game().exportJson().turn}`;
}
TS
status=0
for config in \
    '"moduleResolution": "bundler", "module": "ESNext", "lib": ["ES2022", "DOM"], "types": [] }, "files": ["main.ts"' \
    '"moduleResolution": "NodeNext", "module": "NodeNext", "lib": ["ES2022"], "types": ["node"] }, "files": ["main.ts"' \
    '"moduleResolution": "Node16", "module": "Node16", "lib": ["ES2022"], "types": ["node"] }, "files": ["main.ts"' \
    '"moduleResolution": "NodeNext", "module": "NodeNext", "lib": ["ESNext", "DOM"], "types": ["node"] }, "files": ["main.ts", "using.ts"' \
    '"moduleResolution": "NodeNext", "module": "NodeNext", "lib": ["ES2022"], "types": ["node"] }, "files": ["cjs.cts"' \
    '"moduleResolution": "Node16", "module": "Node16", "lib": ["ES2022"], "types": ["node"] }, "files": ["cjs-import.cts"'; do
    cat > "$work/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "target": "ES2022", "noEmit": true, $config] }
JSON
    if (cd "$work" && "$web/node_modules/.bin/tsc" -p tsconfig.json); then
        echo "ok: $config"
    else
        echo "FAILED: $config"
        status=1
    fi
done
exit $status
