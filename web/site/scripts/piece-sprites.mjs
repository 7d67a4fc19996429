// Makes the play page's extra piece sets (public/pieces/NAME.svg) from their sources as the
// package registries hand them out, in cm-chessboard's sprite format: one SVG, each piece a <g>
// with the id cm-chessboard asks for (wk, wq, … bp), drawn in a 40×40 tile. The sprites are
// committed; run this only to make them again or to change how they are made:
//
//   mkdir -p /tmp/piece-sources && cd /tmp/piece-sources
//   apt-get download gnome-chess=1:43.1-1                                  # Debian (amd64)
//   pip download --no-deps --no-binary :all: -d . fentoimage==0.1.0       # PyPI
//   node web/site/scripts/piece-sprites.mjs /tmp/piece-sources [--check]
//
// Each source file's sha256 is checked first. `--check` writes nothing and fails when a sprite
// made now differs from the committed one. Needs dpkg-deb, tar and gresource (libglib2.0-bin).
// Where each set comes from, its author and licence: public/pieces/NAME.LICENSE.txt and docs/web.md.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCES = {
  'gnome-chess': {
    file: /^gnome-chess_(1%3a)?43\.1-1_amd64\.deb$/,
    sha256: '1d1c6128d9935aeb4f95bd4ca645ac09c963175240a5c8180a01101684e6c13b',
    // The pieces are compiled into the program as a GResource.
    unpack(archive, dir) {
      execFileSync('dpkg-deb', ['-x', archive, dir]);
      const program = join(dir, 'usr/games/gnome-chess');
      return (path) => execFileSync('gresource', ['extract', program, `/org/gnome/Chess/pieces/${path}`], { encoding: 'utf8' });
    },
  },
  fentoimage: {
    file: /^fentoimage-0\.1\.0\.tar\.gz$/,
    sha256: 'ad609bc1ccea624ee9c5eccde7991e9ecb27549be9fac0f7632838cc14d08720',
    unpack(archive, dir) {
      execFileSync('tar', ['-xzf', archive, '-C', dir]);
      return (path) => readFileSync(join(dir, 'fentoimage-0.1.0/src/fentoimage/assets/pieces', path), 'utf8');
    },
  },
};

const NAMES = { k: 'King', q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight', p: 'Pawn' };

/**
 * The sets: where each piece's file is in its source, the share of the tile its drawing's box
 * takes (`fit`: as large as the standard set's pieces look), and the notice the sprite opens with.
 */
const SETS = [
  {
    name: 'chessnut',
    source: 'fentoimage',
    fit: 0.92,
    path: (color, piece) => `chessnut/${color}${piece.toUpperCase()}.svg`,
    notice: `Chessnut pieces by Alexis Luengas (https://github.com/LexLuengas/chessnut-pieces),
Apache License 2.0: see chessnut.LICENSE.txt beside this file.
Taken from the PyPI package fentoimage 0.1.0 (its copy of lichess's set).
Changed: converted into this cm-chessboard sprite (each piece scaled into a 40x40 tile)
by web/site/scripts/piece-sprites.mjs.`,
  },
  {
    name: 'fantasy',
    source: 'fentoimage',
    fit: 0.9,
    path: (color, piece) => `fantasy/${color}${piece.toUpperCase()}.svg`,
    notice: `Fantasy pieces by Maurizio Monge (https://github.com/maurimo/chess-art),
MIT License: see fantasy.LICENSE.txt beside this file.
Taken from the PyPI package fentoimage 0.1.0 (its copy of lichess's set).
Changed: converted into this cm-chessboard sprite (each piece scaled into a 40x40 tile, the
gradients' ids prefixed with the piece's) by web/site/scripts/piece-sprites.mjs.`,
  },
  {
    name: 'simple',
    source: 'gnome-chess',
    fit: 0.86,
    path: (color, piece) => `simple/${color === 'w' ? 'white' : 'black'}${NAMES[piece]}.svg`,
    notice: `Simple pieces of GNOME Chess 43.1 (Debian package gnome-chess 1:43.1-1), based on the
original work of Max Froumentin (ChessSophia.svg).
Copyright © 1994-2002 World Wide Web Consortium, (Massachusetts Institute of Technology,
Institut National de Recherche en Informatique et en Automatique, Keio University). All Rights
Reserved. W3C Software Notice and License: see simple.LICENSE.txt beside this file.
Changed (2026-12-07): converted into this cm-chessboard sprite (each piece scaled into a 40x40
tile) by web/site/scripts/piece-sprites.mjs.`,
  },
];

const TILE = 40;
/** What a piece may not hold: styles and scripts would reach the page, text and images do not scale as drawn. */
const REFUSED = /<(style|script|image|text|foreignObject)\b|\sclass=/;

const number = (x) => String(Number(x.toFixed(4)));

/** One piece's SVG file as a <g id="ID"> of the sprite, its box scaled to `fit` of the tile and centred. */
function pieceGroup(id, svg, fit) {
  const text = svg.replace(/<\?xml[^>]*\?>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const open = /<svg\b([^>]*)>/.exec(text);
  const close = text.lastIndexOf('</svg>');
  if (!open || close < open.index) throw new Error(`${id}: no <svg> element`);
  const attrs = open[1];
  let inner = text.slice(open.index + open[0].length, close).trim();
  if (REFUSED.test(inner)) throw new Error(`${id}: holds ${REFUSED.exec(inner)[0].trim()}`);
  const viewBox = /\bviewBox="([^"]+)"/.exec(attrs)?.[1].trim().split(/[\s,]+/).map(Number);
  if (!viewBox || viewBox.length !== 4 || viewBox.some((v) => !Number.isFinite(v))) throw new Error(`${id}: no viewBox`);
  const [x, y, w, h] = viewBox;
  // Ids inside a piece (gradients) get the piece's prefix: the twelve pieces share one document.
  const ids = new Set([...inner.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  const renamed = (name) => {
    if (!ids.has(name)) throw new Error(`${id}: refers to #${name}, which it lacks`);
    return `${id}-${name}`;
  };
  inner = inner
    .replace(/\sid="([^"]+)"/g, (_, name) => ` id="${id}-${name}"`)
    .replace(/url\(#([^)]+)\)/g, (_, name) => `url(#${renamed(name)})`)
    .replace(/\s(?:xlink:)?href="#([^"]+)"/g, (_, name) => ` href="#${renamed(name)}"`)
    .replace(/>\s+</g, '><');
  if (/xlink:/.test(inner)) throw new Error(`${id}: another xlink attribute`);
  const scale = (fit * TILE) / Math.max(w, h);
  const dx = (TILE - w * scale) / 2 - x * scale;
  const dy = (TILE - h * scale) / 2 - y * scale;
  return `<g id="${id}" transform="translate(${number(dx)} ${number(dy)}) scale(${number(scale)})">${inner}</g>`;
}

/** The sprite of one set, its twelve pieces read by `read(path)`. */
function sprite(set, read) {
  const pieces = [];
  for (const color of ['w', 'b']) {
    for (const piece of ['k', 'q', 'r', 'b', 'n', 'p']) pieces.push(pieceGroup(`${color}${piece}`, read(set.path(color, piece)), set.fit));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!--\n${set.notice}\n-->`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="0 0 ${TILE} ${TILE}">`,
    `<title>${set.name}: chess pieces for cm-chessboard</title>`,
    ...pieces,
    '</svg>',
    '',
  ].join('\n');
}

function main() {
  const [dir, flag] = process.argv.slice(2);
  if (!dir || (flag && flag !== '--check')) {
    console.error('usage: node scripts/piece-sprites.mjs SOURCE_DIR [--check]');
    process.exit(2);
  }
  const out = new URL('../public/pieces/', import.meta.url).pathname;
  const work = mkdtempSync(join(tmpdir(), 'piece-sprites-'));
  let differ = 0;
  try {
    const readers = {};
    for (const [name, source] of Object.entries(SOURCES)) {
      const file = readdirSync(dir).find((f) => source.file.test(f));
      if (!file) throw new Error(`${dir} has no ${source.file}: fetch it first (see the top of this script)`);
      const archive = join(dir, file);
      const sha = createHash('sha256').update(readFileSync(archive)).digest('hex');
      if (sha !== source.sha256) throw new Error(`${file}: sha256 ${sha}, expected ${source.sha256}`);
      const unpacked = join(work, name);
      execFileSync('mkdir', ['-p', unpacked]);
      readers[name] = source.unpack(archive, unpacked);
    }
    for (const set of SETS) {
      const text = sprite(set, readers[set.source]);
      const path = join(out, `${set.name}.svg`);
      if (flag === '--check') {
        let old = '';
        try {
          old = readFileSync(path, 'utf8');
        } catch {
          // missing: differs
        }
        if (old !== text) {
          differ++;
          console.error(`${path}: differs from the one made now`);
        }
      } else {
        writeFileSync(path, text);
        console.log(`${path}: ${text.length} bytes`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (differ) process.exit(1);
}

main();
