/**
 * The game clocks: a time control (base and increment), each side's time, the side whose clock
 * runs, and the flag. The controller says when a move was made (`press`) and when the clocks
 * pause (a review, the analysis board); the clock says when a flag fell. What a fallen flag means
 * (a loss, or a draw when the other side cannot mate) is the rules' call (`ChessGame.flag`).
 */
import type { Color } from 'chess-wasm';

export interface TimeControl {
  /** Each side's time at the start, and what a move adds, in milliseconds. */
  baseMs: number;
  incrementMs: number;
}

/** The time controls the page offers, by the name the select uses (`5+3`: 5 minutes, 3 seconds a move). */
export const TIME_CONTROLS: Record<string, TimeControl> = {
  '5+3': { baseMs: 5 * 60_000, incrementMs: 3_000 },
  '10+5': { baseMs: 10 * 60_000, incrementMs: 5_000 },
  '15+10': { baseMs: 15 * 60_000, incrementMs: 10_000 },
};

/** `4:59`, and tenths under ten seconds (`0:07.3`). */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const base = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return left < 10_000 ? `${base}.${Math.floor((left % 1000) / 100)}` : base;
}

/** A time as PGN's `[%clk]` writes it: `0:04:58` (hours, minutes, seconds; whole seconds). */
export function pgnClock(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

export class Clocks {
  readonly control: TimeControl;
  private readonly left: Record<Color, number>;
  private running: Color | null = null;
  private since = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly onFlag: (color: Color) => void;
  private readonly onTick: () => void;

  /** New clocks at the control's base, or at the times a saved game had left. */
  constructor(control: TimeControl, onFlag: (color: Color) => void, onTick: () => void, left?: Record<Color, number>) {
    this.control = control;
    this.left = left ? { ...left } : { white: control.baseMs, black: control.baseMs };
    this.onFlag = onFlag;
    this.onTick = onTick;
  }

  /** The time `color` has now (its running clock counted). */
  timeLeft(color: Color): number {
    const running = this.running === color ? performance.now() - this.since : 0;
    return Math.max(0, this.left[color] - running);
  }

  /** Both sides' time now, as a saved game keeps it. */
  snapshot(): Record<Color, number> {
    return { white: this.timeLeft('white'), black: this.timeLeft('black') };
  }

  /** Whose clock runs, if one does. */
  get turn(): Color | null {
    return this.running;
  }

  /** Run `color`'s clock (the other one stops). */
  start(color: Color): void {
    if (this.running === color) return;
    this.pause();
    this.running = color;
    this.since = performance.now();
    this.timer = setInterval(() => this.tick(), 100);
  }

  /** Stop the running clock, keeping its time. */
  pause(): void {
    if (this.running) this.left[this.running] = this.timeLeft(this.running);
    this.running = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** `color` made a move: its clock stops and gains the increment. */
  press(color: Color): void {
    if (this.running === color) this.pause();
    this.left[color] += this.control.incrementMs;
  }

  private tick(): void {
    const color = this.running;
    if (!color) return;
    if (this.timeLeft(color) <= 0) {
      this.pause();
      this.left[color] = 0;
      this.onFlag(color);
    }
    this.onTick();
  }
}
