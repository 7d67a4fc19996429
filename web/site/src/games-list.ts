/** "Your games": the list of the games kept in the browser, each with its actions. */
import type { GameSummary } from './storage.js';

/** What the buttons of a kept game do. */
export interface GameActions {
  open(game: GameSummary): void;
  download(game: GameSummary): void;
  remove(game: GameSummary): void;
}

/**
 * Fill `list` with `games`: the one with `currentId` is on the board, those in `elsewhere` on
 * another tab's; each is marked so, and neither opened nor deleted here.
 */
export function renderGamesList(list: HTMLUListElement, games: GameSummary[], currentId: string, elsewhere: ReadonlySet<string>, actions: GameActions): void {
  const items = games.map((g) => {
    const li = document.createElement('li');
    const text = document.createElement('span');
    const date = new Date(g.started).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
    text.textContent = `${date} · ${g.white} – ${g.black} · ${g.result === '*' ? 'unfinished' : g.result} · ${Math.ceil(g.plies / 2)} moves`;
    li.append(text);
    const busy = g.id === currentId ? 'on the board' : elsewhere.has(g.id) ? 'in another tab' : null;
    if (busy) {
      if (g.id === currentId) li.className = 'current';
      const here = document.createElement('em');
      here.textContent = busy;
      li.append(here);
    } else {
      li.append(gameButton('Open', `Open the game of ${text.textContent}`, () => actions.open(g)));
    }
    li.append(gameButton('PGN', 'Download this game', () => actions.download(g)));
    if (!busy) li.append(gameButton('Delete', 'Delete this game from the browser', () => actions.remove(g)));
    return li;
  });
  list.replaceChildren(...items);
  if (items.length === 0) {
    const li = document.createElement('li');
    li.className = 'muted';
    li.textContent = 'No games yet.';
    list.append(li);
  }
}

function gameButton(label: string, title: string, action: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.title = title;
  button.addEventListener('click', action);
  return button;
}
