/** The games of a PGN with more than one: a list to choose the one to put on the board. */
import type { ChessGame } from 'chess-wasm';

/** One game of the list in words: `3. Carlsen – Nepomniachtchi · 1-0 · C42 Petrov's Defence · 45 moves`. */
export function describePgnGame(game: ChessGame, index: number, openingNames: boolean): string {
  const tags = game.tags();
  const white = tags.White && tags.White !== '?' ? tags.White : 'White';
  const black = tags.Black && tags.Black !== '?' ? tags.Black : 'Black';
  const result = game.state().result;
  const named = [tags.ECO, tags.Opening].filter((t) => t && t !== '?').join(' ');
  const opening = named || (openingNames ? (game.opening()?.name ?? '') : '');
  const moves = Math.ceil(game.history().length / 2);
  const parts = [`${index + 1}. ${white} – ${black}`, result === '*' ? 'unfinished' : result, opening, `${moves} move${moves === 1 ? '' : 's'}`];
  return parts.filter(Boolean).join(' · ');
}

/** Fill `list` with the games of a PGN, each with an Open button that calls `open(index)`. */
export function renderPgnGames(list: HTMLOListElement, games: readonly ChessGame[], openingNames: boolean, open: (index: number) => void): void {
  list.replaceChildren(
    ...games.map((game, i) => {
      const li = document.createElement('li');
      const text = document.createElement('span');
      text.textContent = describePgnGame(game, i, openingNames);
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Open';
      button.title = `Open game ${text.textContent}`;
      button.addEventListener('click', () => {
        list.querySelector('li.current')?.classList.remove('current');
        li.classList.add('current');
        open(i);
      });
      li.append(text, button);
      return li;
    }),
  );
  list.hidden = games.length === 0;
}
