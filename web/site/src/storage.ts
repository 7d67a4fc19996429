/**
 * What the page keeps in the browser (localStorage): the settings of the New game panel and the
 * player's games, the one being played included, each with its review once it has one. A reload
 * resumes the current game; the "Your games" list reopens, exports or deletes the others.
 *
 * Each game is kept under its own key, with a small index for the list, so saving the game in
 * play writes that game alone. Storage may be missing or refuse to write (a private window, a full
 * quota): `failure` then says why and the page plays on. When the quota is full, the oldest games
 * go first, then the current game's review.
 */
import type { Color, GameResult, GameReview } from 'chess-wasm';
import { messageOf } from './format.js';

/** The New game panel's choices. */
export interface Settings {
  color: string;
  level: string;
  thinkTime: string;
  clock?: string;
  theme?: string;
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
  /** The clocks of a timed game: the control and each side's time when it was saved. */
  clock?: { control: { baseMs: number; incrementMs: number }; left: Record<Color, number> };
  /** The game's review and the moves (UCI, space-separated) it belongs to. */
  review?: GameReview;
  reviewMoves?: string;
}

const SETTINGS = 'chess.settings.v1';
const INDEX = 'chess.games.v1';
const CURRENT = 'chess.current.v1';
const GAME = 'chess.game.v1.';
/** The most games kept: the oldest go first. */
export const MAX_GAMES = 100;

export class Store {
  private readonly storage: Storage | null;
  /** Why the last write failed, or null when it worked. */
  failure: string | null = null;

  constructor(storage: Storage | null = Store.browserStorage()) {
    this.storage = storage;
  }

  /** `localStorage`, or null where the page may not use it (even reading the property can throw). */
  static browserStorage(): Storage | null {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  }

  settings(): Settings | null {
    const value = this.read(SETTINGS);
    return value && typeof value === 'object' ? (value as Settings) : null;
  }

  saveSettings(settings: Settings): void {
    this.write(SETTINGS, settings);
  }

  /** The kept games, the most recently played first. */
  games(): GameSummary[] {
    const value = this.read(INDEX);
    if (!Array.isArray(value)) return [];
    return (value as GameSummary[]).filter((g) => g && typeof g.id === 'string').sort((a, b) => b.updated - a.updated);
  }

  /** A kept game, whole. */
  load(id: string): SavedGame | null {
    const value = this.read(GAME + id) as SavedGame | null;
    return value && typeof value.pgn === 'string' ? value : null;
  }

  /** The game in play when the page was left, if it is still kept. */
  current(): SavedGame | null {
    const id = this.read(CURRENT);
    return typeof id === 'string' ? this.load(id) : null;
  }

  /** Keep `game` (replacing the one with its id) as the game in play. */
  save(game: SavedGame): void {
    const { id, started, updated, white, black, result, plies } = game;
    const others = this.games().filter((g) => g.id !== id);
    let record: SavedGame = game;
    // A full quota: make room by forgetting the oldest games, then this game's review.
    while (!this.write(GAME + id, record)) {
      if (!this.storage) return;
      const oldest = others.pop();
      if (oldest) {
        this.storage.removeItem(GAME + oldest.id);
      } else if (record.review) {
        record = { ...record, review: undefined, reviewMoves: undefined };
      } else {
        this.writeIndex(others);
        return;
      }
    }
    const index = [{ id, started, updated, white, black, result, plies }, ...others];
    for (const old of index.splice(MAX_GAMES)) this.storage?.removeItem(GAME + old.id);
    this.writeIndex(index);
    this.write(CURRENT, id);
  }

  /** Forget a game. */
  remove(id: string): void {
    this.storage?.removeItem(GAME + id);
    this.writeIndex(this.games().filter((g) => g.id !== id));
  }

  private writeIndex(index: GameSummary[]): void {
    this.write(INDEX, index);
  }

  private read(key: string): unknown {
    try {
      const text = this.storage?.getItem(key);
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: unknown): boolean {
    if (!this.storage) {
      this.failure = 'this browser gives the page no storage';
      return false;
    }
    try {
      this.storage.setItem(key, JSON.stringify(value));
      this.failure = null;
      return true;
    } catch (e) {
      this.failure = messageOf(e);
      return false;
    }
  }
}

/** A new game's id: its start time and a random tail. */
export function newGameId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
