/**
 * The game on this tab's board, held as a Web Lock (`navigator.locks`) named for it, so that no
 * other tab of the page plays, and saves, the same game: a second tab does not resume it, and
 * "Open" in another tab is refused while this tab has it. The browser lets the lock go when the tab
 * closes. Without Web Locks (an insecure origin, an old browser) every claim succeeds, and the
 * Store's re-read before each write is what keeps two tabs' games apart (storage.ts).
 */
const PREFIX = 'chess.game.';

export class GameLock {
  /** The locks this tab holds, by game id, each with what lets it go. */
  private readonly held = new Map<string, () => void>();
  /** The game the tab wants to keep (the one on its board). */
  private wanted: string | null = null;

  /**
   * Take game `id`'s lock, waiting up to `waitMs` for a tab that has it to let it go (a reload: the
   * page before it); false when another tab keeps it. Locks held before stay held until {@link keep}.
   */
  async claim(id: string, waitMs = 0): Promise<boolean> {
    if (this.held.has(id)) return true;
    const locks = webLocks();
    const release = locks ? await acquire(locks, PREFIX + id, waitMs) : () => undefined;
    if (!release) return false;
    this.held.set(id, release);
    return true;
  }

  /** Hold game `id` (the one now on the board: claimed if it is not yet, a new game's) and let every other go. */
  keep(id: string): void {
    this.wanted = id;
    this.releaseAllBut(id);
    if (!this.held.has(id)) {
      void this.claim(id).then(() => {
        if (this.wanted !== null) this.releaseAllBut(this.wanted);
      });
    }
  }

  /** The games other tabs hold (none known without Web Locks). */
  async heldElsewhere(): Promise<Set<string>> {
    const locks = webLocks();
    if (!locks) return new Set();
    const { held = [] } = await locks.query();
    const ids = held.map((lock) => lock.name ?? '').filter((name) => name.startsWith(PREFIX)).map((name) => name.slice(PREFIX.length));
    return new Set(ids.filter((id) => !this.held.has(id)));
  }

  private releaseAllBut(id: string): void {
    for (const [other, release] of this.held) {
      if (other === id) continue;
      release();
      this.held.delete(other);
    }
  }
}

function webLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

/** Request the lock `name`; resolves with its release, or null when another holder keeps it past `waitMs`. */
function acquire(locks: LockManager, name: string, waitMs: number): Promise<(() => void) | null> {
  return new Promise((resolve) => {
    const abort = new AbortController();
    const timer = waitMs > 0 ? setTimeout(() => abort.abort(), waitMs) : undefined;
    const options: LockOptions = waitMs > 0 ? { signal: abort.signal } : { ifAvailable: true };
    locks
      .request(name, options, (lock) => {
        clearTimeout(timer);
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // The lock is held until this promise settles.
        return new Promise<void>((release) => resolve(() => release()));
      })
      .catch(() => resolve(null));
  });
}
