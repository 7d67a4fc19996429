/**
 * The page's sounds, made with the Web Audio API (no sound files to load or to credit): a soft
 * click for a move, a sharper one for a capture, two notes for a check, a short phrase for the
 * end of a game. Muted by the switch in the header (kept with the settings). The audio context
 * starts on the first sound after the player has touched the page, as browsers require.
 */
export type SoundKind = 'move' | 'capture' | 'check' | 'end';

/** Each sound as notes: frequency (Hz), start and length (s), and the wave. */
const NOTES: Record<SoundKind, { hz: number; at: number; length: number; wave: OscillatorType }[]> = {
  move: [{ hz: 520, at: 0, length: 0.05, wave: 'triangle' }],
  capture: [
    { hz: 330, at: 0, length: 0.06, wave: 'square' },
    { hz: 660, at: 0.02, length: 0.05, wave: 'triangle' },
  ],
  check: [
    { hz: 880, at: 0, length: 0.07, wave: 'sine' },
    { hz: 1175, at: 0.08, length: 0.09, wave: 'sine' },
  ],
  end: [
    { hz: 523, at: 0, length: 0.12, wave: 'sine' },
    { hz: 659, at: 0.12, length: 0.12, wave: 'sine' },
    { hz: 784, at: 0.24, length: 0.25, wave: 'sine' },
  ],
};

export class Sounds {
  muted = false;
  private context: AudioContext | null = null;

  /** Play `kind` (nothing when muted or when the browser has no Web Audio). */
  play(kind: SoundKind): void {
    document.body.dataset.sound = kind;
    if (this.muted || typeof AudioContext === 'undefined') return;
    this.context ??= new AudioContext();
    const ctx = this.context;
    if (ctx.state === 'suspended') void ctx.resume();
    const now = ctx.currentTime;
    for (const note of NOTES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.wave;
      osc.frequency.value = note.hz;
      // A quick attack and an exponential decay: a click, not a beep.
      gain.gain.setValueAtTime(0.0001, now + note.at);
      gain.gain.exponentialRampToValueAtTime(0.18, now + note.at + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note.at + note.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + note.at);
      osc.stop(now + note.at + note.length + 0.02);
    }
  }

  /** The sound of a move: capture, check or a plain move. */
  playMove(move: { captured: unknown; check: boolean }): void {
    this.play(move.check ? 'check' : move.captured ? 'capture' : 'move');
  }
}
