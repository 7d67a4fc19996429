/**
 * The shapes of what the page keeps in the browser, and the one check of each. What is read back
 * from localStorage is whatever is there (an older page's record, a hand edit, another program on
 * the same origin), so every record goes through these checks before the page uses it, and the
 * Store checks each record it writes with them too: it never writes what it could not read back.
 * A check answers the typed value, built afresh (only the fields named here, in a fixed order), or
 * why the value is not one (`levels is not a list`, `clock.left.white is not a time`).
 */
import {
  type ClaimKind, type Color, type GameResult, type GameReview, MOVE_CLASSES, type MoveClass, type PlyReview, type ReviewClaim, type Score,
  type SideReview,
} from 'chess-wasm';

/** The New game panel's choices and the header's switches. */
export interface Settings {
  color: string;
  level: string;
  thinkTime: string;
  clock?: string;
  theme?: string;
  /** The piece set and the board theme (board-look.ts's ids). */
  pieces?: string;
  board?: string;
  sound?: boolean;
  figurines?: boolean;
  takebacks?: string;
}

/** What the list of games shows of one game. */
export interface GameSummary {
  id: string;
  /** When it started and when it last changed (milliseconds since 1970). */
  started: number;
  updated: number;
  white: string;
  black: string;
  result: GameResult;
  plies: number;
}

/**
 * The clocks of a timed game: the control, each side's time when it was saved, and the side whose
 * clock was running then with the moment (`Date.now()`): a clock runs on while the page is away.
 */
export interface SavedClock {
  control: { baseMs: number; incrementMs: number };
  left: Record<Color, number>;
  running?: Color | null;
  savedAt?: number;
}

/** One game as it is kept. */
export interface SavedGame extends GameSummary {
  /** The game, whole: tags, start position, moves, comments and result (a resignation included). */
  pgn: string;
  /** The player's colour, and whether the game came from a PGN (its tags are then its own). */
  human: Color;
  imported: boolean;
  /** The level select's value when it was last played, and the names of the levels it played. */
  level: string;
  levels: string[];
  clock?: SavedClock;
  /** The game's review and the moves (UCI, space-separated) it belongs to. */
  review?: GameReview;
  reviewMoves?: string;
}

/** A value checked: the typed value, or why it is not one. */
export type Checked<T> = { ok: true; value: T } | { ok: false; why: string };

/** JSON text parsed (not yet checked), or why it is not JSON. */
export function parseJson(text: string): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: 'it is not JSON' };
  }
}

/** A game's summary, kept under `id`. */
export function checkSummary(value: unknown, id: string): Checked<GameSummary> {
  return checked(() => summary(object(value, 'the record'), id));
}

/** A whole game, kept under `id`. */
export function checkGame(value: unknown, id: string): Checked<SavedGame> {
  return checked(() => {
    const o = object(value, 'the record');
    const game: SavedGame = {
      ...summary(o, id),
      pgn: string(o.pgn, 'pgn'),
      human: oneOf(o.human, 'human', COLORS),
      imported: boolean(o.imported, 'imported'),
      level: string(o.level, 'level'),
      levels: list(o.levels, 'levels', string),
    };
    if (o.clock !== undefined) game.clock = clock(o.clock, 'clock');
    if (o.review !== undefined) game.review = review(o.review, 'review');
    if (o.reviewMoves !== undefined) game.reviewMoves = string(o.reviewMoves, 'reviewMoves');
    return game;
  });
}

/** The settings: each choice of the right type is kept, any other is left out (the page's default then holds). */
export function checkSettings(value: unknown): Partial<Settings> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const settings: Partial<Settings> = {};
  for (const key of ['color', 'level', 'thinkTime', 'clock', 'theme', 'pieces', 'board', 'takebacks'] as const) {
    const v = o[key];
    if (typeof v === 'string') settings[key] = v;
  }
  for (const key of ['sound', 'figurines'] as const) {
    const v = o[key];
    if (typeof v === 'boolean') settings[key] = v;
  }
  return settings;
}

/** A failed check: the path of the field and what it is not. */
class Bad extends Error {}

function checked<T>(read: () => T): Checked<T> {
  try {
    return { ok: true, value: read() };
  } catch (e) {
    if (e instanceof Bad) return { ok: false, why: e.message };
    throw e;
  }
}

function bad(path: string, what: string): never {
  throw new Bad(`${path} is ${what}`);
}

const COLORS: readonly Color[] = ['white', 'black'];
const RESULTS: readonly GameResult[] = ['1-0', '0-1', '1/2-1/2', '*'];
const CLASSES: readonly MoveClass[] = MOVE_CLASSES.map((c) => c.class);
const SYMBOLS = ['!', '?!', '?', '??'] as const;

function summary(o: Record<string, unknown>, id: string): GameSummary {
  if (string(o.id, 'id') !== id) bad('id', `not the id of its key (${id})`);
  return {
    id,
    started: number(o.started, 'started', 0),
    updated: number(o.updated, 'updated', 0),
    white: string(o.white, 'white'),
    black: string(o.black, 'black'),
    result: oneOf(o.result, 'result', RESULTS),
    plies: integer(o.plies, 'plies', 0),
  };
}

function clock(value: unknown, path: string): SavedClock {
  const o = object(value, path);
  const control = object(o.control, `${path}.control`);
  const left = object(o.left, `${path}.left`);
  return {
    control: { baseMs: number(control.baseMs, `${path}.control.baseMs`, 1), incrementMs: number(control.incrementMs, `${path}.control.incrementMs`, 0) },
    left: { white: number(left.white, `${path}.left.white`, 0), black: number(left.black, `${path}.left.black`, 0) },
    // Records saved before 2026-12-06 have neither: their clocks resume as they were.
    ...(o.running === undefined || o.running === null ? {} : { running: oneOf(o.running, `${path}.running`, ['white', 'black'] as const) }),
    ...(o.savedAt === undefined ? {} : { savedAt: number(o.savedAt, `${path}.savedAt`, 0) }),
  };
}

function review(value: unknown, path: string): GameReview {
  const o = object(value, path);
  // Version 1 (before 2026-12-07) named a mate's moves `mate`: read here, kept as version 2.
  if (o.schema !== 'chess-review/1' && o.schema !== 'chess-review/2') bad(`${path}.schema`, 'not chess-review/1 or /2');
  const opening = o.opening === null ? null : object(o.opening, `${path}.opening`);
  return {
    schema: 'chess-review/2',
    white: side(o.white, `${path}.white`),
    black: side(o.black, `${path}.black`),
    keyMoments: list(o.keyMoments, `${path}.keyMoments`, (v, p) => integer(v, p, 0)),
    opening: opening && { eco: string(opening.eco, `${path}.opening.eco`), name: string(opening.name, `${path}.opening.name`) },
    plies: list(o.plies, `${path}.plies`, ply),
  };
}

function side(value: unknown, path: string): SideReview {
  const o = object(value, path);
  const counts = object(o.counts, `${path}.counts`);
  return {
    accuracy: number(o.accuracy, `${path}.accuracy`),
    acpl: number(o.acpl, `${path}.acpl`),
    counts: Object.fromEntries(CLASSES.map((c) => [c, integer(counts[c], `${path}.counts.${c}`, 0)])) as Record<MoveClass, number>,
  };
}

function ply(value: unknown, path: string): PlyReview {
  const o = object(value, path);
  const best = o.best === null ? null : object(o.best, `${path}.best`);
  return {
    ply: integer(o.ply, `${path}.ply`, 1),
    color: oneOf(o.color, `${path}.color`, COLORS),
    san: string(o.san, `${path}.san`),
    uci: string(o.uci, `${path}.uci`),
    scoreBefore: score(o.scoreBefore, `${path}.scoreBefore`),
    scoreAfter: score(o.scoreAfter, `${path}.scoreAfter`),
    winBefore: number(o.winBefore, `${path}.winBefore`),
    winAfter: number(o.winAfter, `${path}.winAfter`),
    accuracy: number(o.accuracy, `${path}.accuracy`),
    class: oneOf(o.class, `${path}.class`, CLASSES),
    symbol: o.symbol === null ? null : oneOf(o.symbol, `${path}.symbol`, SYMBOLS),
    best: best && {
      san: string(best.san, `${path}.best.san`),
      uci: string(best.uci, `${path}.best.uci`),
      score: score(best.score, `${path}.best.score`),
      pvSan: list(best.pvSan, `${path}.best.pvSan`, string),
    },
    why: o.why === null ? null : string(o.why, `${path}.why`),
    // Reviews kept before claims were written have none.
    claim: o.claim === undefined || o.claim === null ? null : claim(o.claim, `${path}.claim`),
  };
}

const CLAIM_KINDS: readonly ClaimKind[] = [
  'allows-mate', 'misses-mate', 'loses-material', 'fork', 'misses-material', 'threat', 'promotes', 'draw',
];
const PIECES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;

function claim(value: unknown, path: string): ReviewClaim {
  const o = object(value, path);
  return {
    kind: oneOf(o.kind, `${path}.kind`, CLAIM_KINDS),
    line: oneOf(o.line, `${path}.line`, ['played', 'better'] as const),
    uci: list(o.uci, `${path}.uci`, string),
    san: list(o.san, `${path}.san`, string),
    plies: integer(o.plies, `${path}.plies`, 1),
    material: integer(o.material, `${path}.material`),
    mate: o.mate === null ? null : integer(o.mate, `${path}.mate`, 0),
    piece: o.piece === null ? null : oneOf(o.piece, `${path}.piece`, PIECES),
    square: o.square === null ? null : string(o.square, `${path}.square`),
    // A record saved before claims had their reason (2026-12-06) gets an empty one.
    reason: o.reason === undefined ? '' : string(o.reason, `${path}.reason`),
  };
}

function score(value: unknown, path: string): Score {
  const o = object(value, path);
  // A record saved before scores had a `kind` (2026-12-06) gets it here, and one saved before a
  // mate's field was `moves` (schema version 1, before 2026-12-07) has `mate`.
  if ('moves' in o) return { kind: 'mate', moves: integer(o.moves, `${path}.moves`) };
  if ('mate' in o) return { kind: 'mate', moves: integer(o.mate, `${path}.mate`) };
  return { kind: 'cp', cp: number(o.cp, `${path}.cp`) };
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) bad(path, 'not an object');
  return value as Record<string, unknown>;
}

function string(value: unknown, path: string): string {
  return typeof value === 'string' ? value : bad(path, 'not a string');
}

function boolean(value: unknown, path: string): boolean {
  return typeof value === 'boolean' ? value : bad(path, 'not true or false');
}

/** A finite number, at least `min` when given. */
function number(value: unknown, path: string, min = -Infinity): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) bad(path, 'not a number');
  if ((value as number) < min) bad(path, `below ${min}`);
  return value as number;
}

function integer(value: unknown, path: string, min = -Infinity): number {
  const n = number(value, path, min);
  return Number.isInteger(n) ? n : bad(path, 'not a whole number');
}

function oneOf<T extends string>(value: unknown, path: string, values: readonly T[]): T {
  return values.includes(value as T) ? (value as T) : bad(path, `not one of ${values.join(', ')}`);
}

function list<T>(value: unknown, path: string, item: (v: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) bad(path, 'not a list');
  return (value as unknown[]).map((v, i) => item(v, `${path}[${i}]`));
}
