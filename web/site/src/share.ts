/** Files and the clipboard: what leaves the page. */
import { $, say, ui } from './ui.js';

/** Save `text` as the file `name` (a PGN gets its media type). */
export function download(name: string, text: string): void {
  const link = document.createElement('a');
  const type = name.endsWith('.pgn') ? 'application/x-chess-pgn' : 'text/plain';
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * Copy `text` to the clipboard: the Clipboard API, else the older copy command on a selected
 * field. False when the browser allows neither (the caller shows the text to copy by hand).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no Clipboard API here (an insecure page, an old browser): try the copy command
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.className = 'sr';
  document.body.append(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  return copied;
}

/** Copy to the clipboard, or else put the text in the PGN box, selected, for the player to copy. */
export async function copy(text: string, what: string): Promise<void> {
  if (await copyText(text)) {
    say(`${what} copied.`);
    return;
  }
  $<HTMLDetailsElement>('pgn-box').open = true;
  ui.pgnText.value = text;
  ui.pgnText.focus();
  ui.pgnText.select();
  say(`This browser does not let the page copy: the ${what} is selected in the box below (Ctrl+C or Cmd+C).`);
}
