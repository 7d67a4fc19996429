/** Files and the clipboard: what leaves the page. */

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
