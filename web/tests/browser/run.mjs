#!/usr/bin/env node
// End-to-end tests of `chessgraph serve` in a headless chromium, driven by playwright-core
// (no browser is downloaded: Debian's chromium at /usr/bin/chromium, or $CHROMIUM).
//
//   node web/tests/browser/run.mjs [--binary PATH] [--screenshots DIR] [--only TEXT,...]
//                                  [--chromium PATH] [--keep]
//
// The run copies the repository's variants/ folder into a temporary folder, starts
// `chessgraph serve --port 0 --variants TMP` (default binary: target/debug/chessgraph
// under the repository root), reads the address it prints, runs every test (or those
// whose name contains one of --only's texts) in a fresh browser context, prints one
// line per test and a summary, stops the server and exits 1 when a test failed (2 when
// it cannot run: no binary, no chromium, no playwright-core). A failed test's pages are
// saved as PNGs in the temporary folder, which is then kept (as with --keep). With
// --screenshots, the start position of every variant the server lists is saved as
// DIR/NAME.png (the board only; see examples/web/README.md).
//
// Tests look at what a person sees: the pieces drawn at cells (`g.piece[data-cell]`),
// the status line, the move list, the diagnostics. The computer's moves arrive while the
// page polls: every wait is on the page's state, never a fixed sleep.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const out = {
    binary: path.join(root, 'target/debug/chessgraph'),
    screenshots: null,
    only: null,
    chromium: process.env.CHROMIUM || '/usr/bin/chromium',
    keep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--binary') out.binary = path.resolve(value());
    else if (a === '--screenshots') out.screenshots = path.resolve(value());
    else if (a === '--only') out.only = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--chromium') out.chromium = value();
    else if (a === '--keep') out.keep = true;
    else if (a === '-h' || a === '--help') usage(null);
    else usage(`unknown argument ${a}`);
  }
  return out;
}

function usage(problem) {
  if (problem) console.error(problem);
  console.error('usage: node web/tests/browser/run.mjs [--binary PATH] [--screenshots DIR] [--only NAME,...] [--chromium PATH] [--keep]');
  process.exit(problem ? 2 : 0);
}

const args = parseArgs(process.argv.slice(2));

// playwright-core from this folder's node_modules (`npm ci` here installs it; it
// downloads no browser).
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (e) {
  console.error(`playwright-core is not installed: run \`npm ci --no-audit --no-fund\` in ${here} (${e.message})`);
  process.exit(2);
}

// ---------------------------------------------------------------- the server

function startServer(binary, variantsDir) {
  return new Promise((resolve, reject) => {
    const proc = spawn(binary, ['serve', '--port', '0', '--variants', variantsDir, '--workers', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the server printed no address in 20 s: ${out}${err}`));
    }, 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/at (http:\/\/\S+?\/)/);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, base: m[1] });
      }
    });
    proc.stderr.on('data', (d) => { err += d; });
    proc.on('error', (e) => { clearTimeout(timer); reject(e); });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server ended (status ${code}) before printing its address: ${out}${err}`));
    });
  });
}

function stopServer(proc) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
    proc.once('exit', () => { clearTimeout(t); resolve(); });
    proc.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- assertions

class Failure extends Error {}

function check(cond, message) {
  if (!cond) throw new Failure(message);
}

function eq(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Failure(`${what}: expected ${e}, got ${a}`);
}

// ---------------------------------------------------------------- page helpers

let BASE = '';
let CATALOGUE = null; // GET /api/variants
let VARIANTS_DIR = '';

function variantInfo(name) {
  const v = CATALOGUE.variants.find((x) => x.name === name);
  if (!v) throw new Failure(`the server lists no variant ${name}`);
  return v;
}

function colourOf(variant, player) {
  const p = variantInfo(variant).players.find((x) => x.name === player);
  if (!p) throw new Failure(`${variant} has no player ${player}`);
  return p.colour;
}

// What the page shows, in one snapshot (for messages when a wait fails).
async function seen(page) {
  return page.evaluate(() => {
    const t = (id) => (document.getElementById(id) ? document.getElementById(id).textContent.trim() : '');
    return {
      status: t('status'),
      error: t('error'),
      moves: [...document.querySelectorAll('#moves li')].map((li) => li.textContent.trim()),
    };
  }).catch((e) => ({ unreadable: e.message }));
}

// Waits until `fn(arg)` is true in the page; the failure says what was awaited and
// what the page showed.
async function waitUntil(page, what, fn, arg, timeout = 15000) {
  try {
    await page.waitForFunction(fn, arg, { timeout, polling: 50 });
  } catch (e) {
    const s = await seen(page);
    throw new Failure(`waited ${timeout / 1000} s for ${what}; the page shows ${JSON.stringify(s)}`);
  }
}

async function waitStatus(page, re, timeout) {
  await waitUntil(page, `the status to match ${re}`,
    ([src, flags]) => new RegExp(src, flags).test(document.getElementById('status').textContent),
    [re.source, re.flags], timeout);
}

async function moveList(page) {
  return page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent.trim()));
}

async function waitMoves(page, n, timeout) {
  await waitUntil(page, `${n} moves in the move list`,
    (k) => document.querySelectorAll('#moves li').length === k, n, timeout);
}

// Every piece drawn in `scope`: cell -> { letter, fill }.
async function pieces(page, scope = '#board') {
  return page.evaluate((scope) => {
    const out = {};
    for (const g of document.querySelectorAll(`${scope} g.piece`)) {
      const text = g.querySelector('text');
      const disc = g.querySelector('circle');
      out[g.getAttribute('data-cell')] = {
        letter: text ? text.textContent.trim() : '',
        fill: disc ? disc.getAttribute('fill') : '',
      };
    }
    return out;
  }, scope);
}

async function waitPiece(page, cell, letter, fill, timeout) {
  await waitUntil(page, `a ${letter} (${fill}) drawn on ${cell}`,
    ([cell, letter, fill]) => {
      const g = document.querySelector(`#board g.piece[data-cell="${CSS.escape(cell)}"]`);
      return !!g && g.querySelector('text').textContent.trim() === letter
        && g.querySelector('circle').getAttribute('fill') === fill;
    }, [cell, letter, fill], timeout);
}

function expectPiece(all, cell, letter, fill) {
  const p = all[cell];
  check(p, `no piece is drawn on ${cell}`);
  check(p.letter === letter && p.fill === fill,
    `on ${cell}: expected ${letter} in ${fill}, drawn ${p.letter} in ${p.fill}`);
}

// Clicks the cell as a person would: at a point of the drawn cell (its centre, else a
// point nearer a corner) where the element hit names that cell. Works with a turned board.
async function clickCell(page, cell) {
  const at = await page.evaluate((cell) => {
    const poly = document.querySelector(`#board polygon.cell[data-cell="${CSS.escape(cell)}"]`);
    if (!poly) return { error: `no cell ${cell} is drawn` };
    poly.scrollIntoView({ block: 'center', inline: 'center' });
    const m = poly.getScreenCTM();
    const pts = [...poly.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m));
    const cx = pts.reduce((a, p) => a + p.x, 0) / pts.length;
    const cy = pts.reduce((a, p) => a + p.y, 0) / pts.length;
    const tries = [[cx, cy], ...pts.map((p) => [cx + (p.x - cx) * 0.45, cy + (p.y - cy) * 0.45])];
    for (const [x, y] of tries) {
      const el = document.elementFromPoint(x, y);
      const hit = el && el.closest('[data-cell]');
      if (hit && hit.getAttribute('data-cell') === cell) return { x, y };
    }
    const el = document.elementFromPoint(cx, cy);
    const what = el ? `<${el.tagName} class="${el.getAttribute('class') || ''}">${(el.textContent || '').slice(0, 20)}` : 'nothing';
    return { error: `cell ${cell} cannot be clicked: at its centre is ${what}` };
  }, cell);
  if (at.error) throw new Failure(at.error);
  await page.mouse.click(at.x, at.y);
}

// The cells shown as targets (overlay polygons drawn over a cell's outline).
async function targets(page) {
  return page.evaluate(() => {
    const byPoints = new Map([...document.querySelectorAll('#board polygon.cell')]
      .map((p) => [p.getAttribute('points'), p.getAttribute('data-cell')]));
    return [...document.querySelectorAll('#board .ov-target')]
      .map((o) => byPoints.get(o.getAttribute('points')) || '?');
  });
}

async function selectPiece(page, cell, mustTarget) {
  await clickCell(page, cell);
  await waitUntil(page, `targets shown for the piece on ${cell}`,
    () => document.querySelectorAll('#board .ov-target').length > 0);
  const t = await targets(page);
  for (const c of [].concat(mustTarget || [])) {
    check(t.includes(c), `the piece on ${cell} should show ${c} as a target; it shows ${t.join(' ')}`);
  }
  return t;
}

// Plays from -> to by two clicks (the move must be the only one between them).
async function play(page, from, to) {
  await selectPiece(page, from, to);
  const before = (await moveList(page)).length;
  await clickCell(page, to);
  await waitMoves(page, before + 1);
}

async function gameUrl(page) {
  return page.evaluate(() => location.search);
}

// Picks the variant, its options and who plays each seat (0: a person, 1..6: the
// computer's levels) in the set-up column.
async function chooseGame(page, variant, seats, options = {}) {
  await page.selectOption('#variant', variant);
  for (const [name, value] of Object.entries(options)) {
    const input = page.locator(`#options [data-option="${name}"]`);
    check(await input.count() === 1, `the page offers no option ${name} for ${variant}`);
    const tag = await input.evaluate((el) => el.tagName.toLowerCase() + ':' + (el.type || ''));
    if (tag === 'input:checkbox') await input.setChecked(!!value);
    else if (tag.startsWith('select')) await input.selectOption(String(value));
    else await input.fill(String(value));
  }
  const sels = page.locator('#seat-choice select');
  // Options may change the players (the team game's boards): the page asks again.
  await waitUntil(page, `${seats.length} seat choices for ${variant}`,
    (n) => document.querySelectorAll('#seat-choice select').length === n, seats.length);
  eq(await sels.count(), seats.length, `seat choices for ${variant}`);
  for (let i = 0; i < seats.length; i++) await sels.nth(i).selectOption(String(seats[i]));
}

// Waits for the game the page started (its address changes to ?game=ID).
async function waitNewGame(page, before) {
  await waitUntil(page, 'a new game', (b) => location.search !== b && /game=\d+/.test(location.search)
    && !!document.querySelector('#board svg'), before);
  return (await gameUrl(page)).match(/game=(\d+)/)[1];
}

async function newGame(page, variant, seats, options) {
  await chooseGame(page, variant, seats, options);
  const before = await gameUrl(page);
  await page.click('#new-game');
  return waitNewGame(page, before);
}

async function openLoad(page) {
  if (!(await page.evaluate(() => document.getElementById('load').open))) await page.click('#load summary');
}

async function loadPosition(page, variant, seats, text, options) {
  await chooseGame(page, variant, seats, options);
  await openLoad(page);
  await page.fill('#load-text', text);
  const before = await gameUrl(page);
  await page.click('#load-position');
  return waitNewGame(page, before);
}

// ---------------------------------------------------------------- the tests

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('chess: mate in 2 against the computer from a loaded position', async ({ open }) => {
  // 1. Rb7+ Kg8/Kh8 (the king's only moves) 2. Ra8#.
  const page = await open('');
  await loadPosition(page, 'chess', [0, 3], '8/7k/R7/8/8/8/8/1R2K3 w - - 0 1');
  const white = colourOf('chess', 'white');
  const start = await pieces(page);
  eq(Object.keys(start).sort(), ['a6', 'b1', 'e1', 'h7'], 'pieces of the loaded position');
  await waitStatus(page, /^white to move$/);
  await play(page, 'b1', 'b7');
  expectPiece(await pieces(page), 'b7', 'R', white);
  // The computer answers on its own: the page polls.
  await waitMoves(page, 2);
  await waitStatus(page, /^white to move$/);
  const reply = (await moveList(page))[1];
  check(/^b K[gh]8$/.test(reply), `black's reply should be Kg8 or Kh8, the list shows "${reply}"`);
  await play(page, 'a6', 'a8');
  await waitStatus(page, /^Game over: 1-0 \(checkmate\)$/);
  check(await page.evaluate(() => document.getElementById('status').classList.contains('over')), 'the status is not marked over');
  eq(await moveList(page), ['w Rb7+', reply, 'w Ra8#'], 'the move list');
  const end = await pieces(page);
  expectPiece(end, 'a8', 'R', white);
  expectPiece(end, 'b7', 'R', white);
  check(!end.a6 && !end.b1, 'the rooks still show on a6 or b1');
  // Nothing more may be played: no piece shows targets.
  await clickCell(page, 'a8');
  eq(await targets(page), [], 'targets after the game ended');
  const players = await page.textContent('#players');
  check(/white\s*1/.test(players) && /black\s*0/.test(players), `the players list shows no score 1 / 0: ${players}`);
  // The record, as "Copy record" shows it, holds the moves and the result.
  await page.click('#copy-record');
  const record = await page.inputValue('#copy-area');
  check(/\[Result "1-0"\]/.test(record) && /1\. Rb7\+ K[gh]8 2\. Ra8# 1-0/.test(record), `the record: ${record}`);
});

test('chess: promotion through the chooser to a knight', async ({ open }) => {
  const page = await open('');
  // (White keeps a pawn on h2: king and knight alone against a king would be a draw.)
  await loadPosition(page, 'chess', [0, 0], '8/P6k/8/8/8/8/7P/4K3 w - - 0 1');
  await selectPiece(page, 'a7', 'a8');
  await clickCell(page, 'a8');
  await waitUntil(page, 'the chooser', () => !document.getElementById('chooser').hidden);
  const offered = await page.$$eval('#chooser-moves button', (bs) => bs.map((b) => [b.textContent, b.dataset.long]));
  const sans = offered.map((o) => o[0]).sort();
  eq(sans, ['a8=B', 'a8=N', 'a8=Q', 'a8=R'], 'the chooser\'s moves');
  check(offered.every((o) => /^a7a8/.test(o[1])), `long notations: ${JSON.stringify(offered)}`);
  eq((await moveList(page)).length, 0, 'moves played before choosing');
  await page.click('#chooser-moves button:text-is("a8=N")');
  await waitMoves(page, 1);
  check(await page.evaluate(() => document.getElementById('chooser').hidden), 'the chooser stays open');
  await waitPiece(page, 'a8', 'N', colourOf('chess', 'white'));
  check(!(await pieces(page)).a7, 'the pawn still shows on a7');
  eq(await moveList(page), ['w a8=N'], 'the move list');
  await waitStatus(page, /^black to move$/);
});

test('chess: the chooser\'s cancel plays nothing', async ({ open }) => {
  const page = await open('');
  await loadPosition(page, 'chess', [0, 0], '8/P6k/8/8/8/8/8/4K3 w - - 0 1');
  await selectPiece(page, 'a7', 'a8');
  await clickCell(page, 'a8');
  await waitUntil(page, 'the chooser', () => !document.getElementById('chooser').hidden);
  await page.click('#chooser-cancel');
  check(await page.evaluate(() => document.getElementById('chooser').hidden), 'the chooser stays open');
  eq(await moveList(page), [], 'moves after cancelling');
  expectPiece(await pieces(page), 'a7', 'P', colourOf('chess', 'white'));
});

test('chess-for-3: a bishop crosses the centre (the diagonal forks) into black\'s side', async ({ open }) => {
  const page = await open('');
  // White: K e1, R a1, B c3; brown K i12; black K d8. Rank 3 is c3; rank 8 reads l8..a8.
  await loadPosition(page, 'chess-for-3', [0, 0, 0], '4rK3/8/8/8/4bK3/8/8/8/8/2wB5/8/wR3wK3 w - - 0 1');
  const white = colourOf('chess-for-3', 'white');
  eq(Object.keys(await pieces(page)).sort(), ['a1', 'c3', 'd8', 'e1', 'i12'], 'pieces of the loaded position');
  eq(await page.$$eval('#board polygon.cell', (p) => p.length), 96, 'cells drawn');
  // Through d4 the long diagonal goes on on both sides of the centre.
  const t = await selectPiece(page, 'c3', ['d4', 'e9', 'f10', 'h12', 'i5', 'j6', 'k7', 'l8']);
  eq(t.length, 13, `the bishop's targets (${t.join(' ')})`);
  await clickCell(page, 'k7');
  await waitMoves(page, 1);
  const after = await pieces(page);
  expectPiece(after, 'k7', 'B', white);
  check(!after.c3, 'the bishop still shows on c3');
  eq(await moveList(page), ['w Bk7'], 'the move list');
  await waitStatus(page, /^brown to move/);
});

test('zubrin: on the board turned to red, a rook runs up the a-file across the frontier', async ({ open }) => {
  const page = await open('');
  // White: K e1, R a1; red K i12; black K d8 (the a-file runs straight from 1 to 8).
  await loadPosition(page, 'zubrin', [0, 0, 0], '4rK3/8/8/8/4bK3/8/8/8/8/8/8/wR3wK3 w - - 0 1');
  eq(await page.getAttribute('#board svg', 'data-rotation'), '0', 'the turn seen from white');
  // Seen from red (north-east): red's king on i12 is drawn at the bottom.
  await page.selectOption('#rotate', { label: 'red' });
  await waitUntil(page, 'the board turned to red', () => document.querySelector('#board svg').getAttribute('data-rotation') === '120');
  const low = await page.evaluate(() => {
    const y = (c) => document.querySelector(`#board polygon.cell[data-cell="${c}"]`).getBoundingClientRect().top;
    return { i12: y('i12'), e1: y('e1'), d8: y('d8') };
  });
  check(low.i12 > low.e1 && low.i12 > low.d8, `seen from red, i12 is not the lowest of i12 e1 d8: ${JSON.stringify(low)}`);
  await selectPiece(page, 'a1', ['a4', 'a5', 'a8']);
  await clickCell(page, 'a6');
  await waitMoves(page, 1);
  const after = await pieces(page);
  expectPiece(after, 'a6', 'R', colourOf('zubrin', 'white'));
  check(!after.a1, 'the rook still shows on a1');
  await waitStatus(page, /^red to move/);
});

test('dreierschach: a knight move by clicks, then the computer plays gray and black', async ({ open }) => {
  const page = await open('');
  await newGame(page, 'dreierschach', [0, 1, 1]);
  const white = colourOf('dreierschach', 'white');
  eq(Object.keys(await pieces(page)).length, 51, 'pieces at the start');
  await selectPiece(page, 'c1', ['e4', 'd4', 'b3']);
  await clickCell(page, 'e4');
  await waitPiece(page, 'e4', 'N', white);
  check(!(await pieces(page)).c1, 'the knight still shows on c1');
  eq((await moveList(page))[0], 'w Ne4', 'the first move in the list');
  // Gray and black are the computer's (level 1): both answer, then white is to move.
  await waitMoves(page, 3, 20000);
  await waitStatus(page, /^white to move/);
  const list = await moveList(page);
  check(/^g /.test(list[1]) && /^b /.test(list[2]), `gray then black should answer: ${list.join(', ')}`);
});

test('strategichess-team: two boards, a knight leaps across the seam', async ({ open }) => {
  const page = await open('');
  // One player of each team per board: four seats on two boards (six by default).
  await chooseGame(page, 'strategichess-team', [0, 0, 0, 0, 0, 0]);
  await newGame(page, 'strategichess-team', [0, 0, 0, 0], { boards: 2 });
  eq(await page.$$eval('#board polygon.cell', (p) => p.length), 2 * 14 * 14, 'cells of two boards');
  const white = colourOf('strategichess-team', 'white1');
  await selectPiece(page, '1:m3', ['2:a2', '1:l5', '1:n5']);
  await clickCell(page, '2:a2');
  await waitMoves(page, 1);
  const after = await pieces(page);
  expectPiece(after, '2:a2', 'N', white);
  check(!after['1:m3'], 'the knight still shows on 1:m3');
  eq(await moveList(page), ['A N2:a2'], 'the move list');
});

test('mined chess: each seat\'s page draws only the mines known, turned to its seat', async ({ open }) => {
  // Two people; the layout is known (c3 c6 d4 d5, hidden until primed).
  const layout = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1 mines=c3,c6,d4,d5';
  const table = await open('');
  const id = await loadPosition(table, 'mined-chess', [0, 0], layout);
  // Two people at one screen under hidden information: the hand-over screen first.
  await waitUntil(table, 'the hand-over screen', () => !document.getElementById('handover').hidden);
  const w = await open(`?game=${id}&seat=white`);
  const b = await open(`?game=${id}&seat=black`);
  const mineCells = (page) => page.evaluate(() => {
    // The cell each drawn mine ring is centred on.
    const cells = [...document.querySelectorAll('#board polygon.cell')].map((p) => {
      const pts = [...p.points];
      return [p.getAttribute('data-cell'), pts.reduce((a, q) => a + q.x, 0) / pts.length, pts.reduce((a, q) => a + q.y, 0) / pts.length];
    });
    return [...document.querySelectorAll('#board g.mines circle')].map((c) => {
      const x = Number(c.getAttribute('cx')), y = Number(c.getAttribute('cy'));
      let best = null;
      for (const [name, cx, cy] of cells) {
        const d = Math.hypot(cx - x, cy - y);
        if (!best || d < best[1]) best = [name, d];
      }
      return best[0];
    }).sort();
  });
  for (const [page, who] of [[w, 'white'], [b, 'black']]) {
    check(await page.evaluate(() => document.getElementById('handover').hidden), `${who}'s own page shows the hand-over screen`);
    eq(await mineCells(page), [], `mines drawn for ${who} before any is primed`);
  }
  eq(await w.getAttribute('#board svg', 'data-rotation'), '0', 'white\'s page turn');
  eq(await b.getAttribute('#board svg', 'data-rotation'), '180', 'black\'s page turn');
  // Only the seat to move may move: black's page shows no targets for a black pawn.
  await clickCell(b, 'd7');
  eq(await targets(b), [], 'targets on black\'s page while white is to move');
  // White's pawn primes the mine on d4 (a pawn is never harmed).
  await play(w, 'd2', 'd4');
  await waitUntil(w, 'the mine on d4 drawn on white\'s page', () => document.querySelectorAll('#board g.mines circle').length === 1);
  await waitUntil(b, 'the mine on d4 drawn on black\'s page (polling)', () => document.querySelectorAll('#board g.mines circle').length === 1);
  eq(await mineCells(w), ['d4'], 'mines drawn for white');
  eq(await mineCells(b), ['d4'], 'mines drawn for black');
  await waitUntil(b, 'the referee\'s announcement on black\'s page', () => /d4 is mined/.test(document.getElementById('announcements').textContent));
  // The two pages draw the board differently (each from its own side) ...
  const svgW = await w.innerHTML('#board');
  const svgB = await b.innerHTML('#board');
  check(svgW !== svgB, 'the two seats\' drawings are the same');
  // ... and neither page holds the mines not yet found, anywhere in its state.
  for (const [page, who] of [[w, 'white'], [b, 'black']]) {
    await page.click('#copy-position');
    const pos = await page.inputValue('#copy-area');
    check(/mines=d4\+/.test(pos) && !/c3|c6|d5|rng=/.test(pos.split(' ').slice(6).join(' ')),
      `${who}'s position string shows hidden mines: ${pos}`);
  }
  // Black moves on its own page; white's page sees the move.
  await play(b, 'e7', 'e5');
  await waitMoves(w, 2);
  await waitStatus(w, /^white to move$/);
});

test('design: a misspelt direction is shown at its line, then fixed', async ({ open }) => {
  const page = await open('?tab=design');
  check(await page.isVisible('#design') && !(await page.isVisible('#play')), '?tab=design does not open the design tab');
  await page.selectOption('#design-variant', 'chess');
  await waitUntil(page, 'the rules of chess in the editor', () => /game "Chess"/.test(document.getElementById('rules').value));
  await waitUntil(page, 'the board of chess drawn', () => document.querySelectorAll('#design-board polygon.cell').length === 64);
  // chess.rules gathers its files (the laws are in fide.rules): a line with a
  // direction is added to it, a rule that compiles (the king may also step forward).
  const good = `${await page.inputValue('#rules')}\nextend piece king {\n  step forward\n}\n`;
  const lines = good.split('\n');
  const at = lines.findIndex((l) => l.includes('step forward'));
  check(at >= 0, 'the added line is missing');
  const bad = lines.map((l, i) => (i === at ? l.replace('forward', 'forwrd') : l)).join('\n');
  const col = lines[at].indexOf('forward') + 1;
  // Typed: the page checks as the text changes.
  await page.fill('#rules', bad);
  await waitUntil(page, 'a diagnostic', () => document.querySelectorAll('#diagnostics .diag').length > 0);
  const diags = await page.$$eval('#diagnostics .diag', (ds) => ds.map((d) => ({
    where: d.querySelector('.where').textContent,
    text: d.textContent,
    excerpt: d.querySelector('pre') ? d.querySelector('pre').textContent : '',
    help: d.querySelector('.help') ? d.querySelector('.help').textContent : '',
  })));
  eq(diags.length, 1, 'diagnostics');
  eq(diags[0].where, `chess.rules:${at + 1}:${col}`, 'where the diagnostic points');
  check(/unknown direction `forwrd`/.test(diags[0].text), `the message: ${diags[0].text}`);
  check(diags[0].excerpt.includes('step forwrd'), `the line excerpt: ${diags[0].excerpt}`);
  check(/\^/.test(diags[0].excerpt.split('\n')[1] || '') && diags[0].excerpt.split('\n')[1].indexOf('^') === col - 1,
    `the caret under the word: ${JSON.stringify(diags[0].excerpt)}`);
  check(/did you mean `forward`/.test(diags[0].help), `the hint: ${diags[0].help}`);
  eq(await page.$$eval('#rules-gutter span.bad', (s) => s.map((x) => x.textContent)), [String(at + 1)], 'lines marked in the rules gutter');
  eq(await page.$$eval('#board-gutter span.bad', (s) => s.length), 0, 'lines marked in the board gutter');
  eq(await page.$$eval('#design-board svg', (s) => s.length), 0, 'boards drawn while the rules do not compile');
  check(/1 problem/.test(await page.textContent('#design-status')), 'the design status does not count the problem');
  // Clicking the diagnostic selects its line in the editor.
  await page.click('#diagnostics .diag');
  const sel = await page.$eval('#rules', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  eq(sel, bad.split('\n')[at], 'the line selected by clicking the diagnostic');
  // Fixed: the diagnostics clear and the board is drawn again.
  await page.fill('#rules', good);
  await waitUntil(page, 'the diagnostics to clear', () => document.querySelectorAll('#diagnostics .diag').length === 0);
  await waitUntil(page, 'the board drawn again', () => document.querySelectorAll('#design-board polygon.cell').length === 64);
  eq(await page.$$eval('#rules-gutter span.bad', (s) => s.length), 0, 'lines marked after the fix');
  eq(await page.textContent('#design-status'), 'compiles: Chess, white, black, 64 cells', 'the design status');
});

const MINI_RULES = `# Gardner's minichess, saved by the browser test.
game "Mini test"
board "board.yaml"
player white tag w seat white
player black tag b seat black
dirs orthogonal = n e s w
dirs diagonal = ne nw se sw
dirs all = orthogonal diagonal
dirs forward = n for white, s for black
dirs takes = ne nw for white, se sw for black
zone far = rank5 for white, rank1 for black
piece king K royal {
  step all
}
piece queen Q value 9 {
  slide all
}
piece rook R value 5 {
  slide orthogonal
}
piece bishop B value 3 {
  slide diagonal
}
piece knight N value 3 {
  betza "N"
}
piece pawn P value 1 pawn {
  step forward to empty
  step takes to enemy
  promote into far to queen rook bishop knight
}
setup white: K e1, Q d1, B c1, N b1, R a1, P a2 b2 c2 d2 e2
setup black: K e5, Q d5, B c5, N b5, R a5, P a4 b4 c4 d4 e4
check always
end checkmate: lose
end stalemate: draw
end repetition 3: draw
notation promotion "=", check "+", mate "#"
`;

const MINI_BOARD = `# A 5x5 board, saved by the browser test.
name: mini
seats: [white, black]
directions:
  n:  { opposite: s }
  s:  { opposite: n }
  e:  { opposite: w }
  w:  { opposite: e }
  ne: { opposite: sw }
  nw: { opposite: se }
  se: { opposite: nw }
  sw: { opposite: ne }
lattice:
  kind: grid
  width: 5
  height: 5
  files: abcde
  colour: { x: 1, y: 1, modulo: 2, names: [dark, light] }
  geometry: square
  vectors:
    n:  [0, 1]
    s:  [0, -1]
    e:  [1, 0]
    w:  [-1, 0]
    ne: [1, 1]
    nw: [-1, 1]
    se: [1, -1]
    sw: [-1, -1]
zones:
  rank1: { y: [1] }
  rank5: { y: [5] }
palette:
  dark: "#8ca2ad"
  light: "#dee3e6"
`;

test('design: a new variant saved (and saved over after confirming), then played', async ({ open }) => {
  const page = await open('?tab=design');
  const dir = path.join(VARIANTS_DIR, 'mini-test');
  check(!fs.existsSync(dir), 'mini-test exists before the test');
  await page.fill('#design-name', 'mini-test');
  await page.fill('#rules', MINI_RULES);
  await page.fill('#board-text', MINI_BOARD);
  await waitUntil(page, 'the new variant to compile',
    () => document.getElementById('design-status').textContent === 'compiles: Mini test, white, black, 25 cells');
  eq(await page.$$eval('#design-board polygon.cell', (p) => p.length), 25, 'cells drawn in the designer');
  eq(await page.$$eval('#design-board g.piece', (p) => p.length), 20, 'pieces drawn in the designer');
  await page.click('#design-save');
  await waitUntil(page, 'the save', () => /^saved /.test(document.getElementById('design-status').textContent));
  eq(fs.readFileSync(path.join(dir, 'mini-test.rules'), 'utf8'), MINI_RULES, 'the saved rule file');
  eq(fs.readFileSync(path.join(dir, 'board.yaml'), 'utf8'), MINI_BOARD, 'the saved board file');
  // Saving again asks before replacing the files (the server answers 409).
  const changed = MINI_RULES.replace('game "Mini test"', 'game "Mini test two"');
  await page.fill('#rules', changed);
  await waitUntil(page, 'the changed title to compile', () => /^compiles: Mini test two,/.test(document.getElementById('design-status').textContent));
  const asked = [];
  page.once('dialog', (d) => { asked.push(d.message()); d.accept(); });
  await page.click('#design-save');
  await waitUntil(page, 'the save after confirming', () => /^saved /.test(document.getElementById('design-status').textContent));
  eq(asked.length, 1, 'confirmations asked');
  check(/exist/.test(asked[0]) && /mini-test\.rules/.test(asked[0]), `the question: ${asked[0]}`);
  eq(fs.readFileSync(path.join(dir, 'mini-test.rules'), 'utf8'), changed, 'the rule file saved over');
  // Play it.
  await page.click('#design-play');
  await waitUntil(page, 'the play tab with the new variant', () => !document.getElementById('play').hidden
    && document.getElementById('variant').value === 'mini-test');
  const id = await newGame(page, 'mini-test', [0, 0]);
  check(id, 'no game');
  eq(await page.$$eval('#board polygon.cell', (p) => p.length), 25, 'cells drawn in the game');
  eq(await page.textContent('#board svg title'), 'Mini test two', 'the board\'s title');
  const listed = (await (await fetch(`${BASE}api/variants`)).json()).variants.find((v) => v.name === 'mini-test');
  check(listed && listed.title === 'Mini test two', `the server lists the saved variant as ${JSON.stringify(listed)}`);
  await play(page, 'b1', 'c3');
  expectPiece(await pieces(page), 'c3', 'N', listed.players[0].colour);
  eq(await moveList(page), ['w Nc3'], 'the move list');
  await waitStatus(page, /^black to move$/);
});

test('play: a position that does not read is reported in #error, the game stays', async ({ open }) => {
  const page = await open('');
  const before = await gameUrl(page);
  await chooseGame(page, 'chess', [0, 0]);
  await openLoad(page);
  await page.fill('#load-text', 'rnbqkbnr/pppppppp/8/8 w nonsense');
  await page.click('#load-position');
  await waitUntil(page, 'an error', () => document.getElementById('error').textContent.trim() !== '');
  const err = (await page.textContent('#error')).trim();
  check(/^the position does not read/.test(err), `the error shown: ${err}`);
  eq(await gameUrl(page), before, 'the game address after the error');
  eq(Object.keys(await pieces(page)).length, 32, 'pieces still drawn');
  // A record that does not read is refused the same way.
  await page.fill('#load-text', '1. e4 e5 2. Ke3 *');
  await page.click('#load-record');
  await waitUntil(page, 'the record\'s error', () => /^the record does not/.test(document.getElementById('error').textContent));
  eq(await gameUrl(page), before, 'the game address after the record\'s error');
  // The next good action clears the error.
  await page.fill('#load-text', '8/7k/R7/8/8/8/8/1R2K3 w - - 0 1');
  await page.click('#load-position');
  await waitNewGame(page, before);
  eq((await page.textContent('#error')).trim(), '', 'the error after a good position');
});

test('play: undo takes back the person\'s move and the computer\'s reply', async ({ open }) => {
  const page = await open('');
  await newGame(page, 'chess', [0, 1]);
  const white = colourOf('chess', 'white');
  await play(page, 'e2', 'e4');
  await waitMoves(page, 2);
  await waitStatus(page, /^white to move$/);
  const mid = await pieces(page);
  expectPiece(mid, 'e4', 'P', white);
  eq(Object.keys(mid).length, 32, 'pieces after two moves');
  await page.click('#undo');
  await waitMoves(page, 0);
  await waitStatus(page, /^white to move$/);
  const back = await pieces(page);
  expectPiece(back, 'e2', 'P', white);
  check(!back.e4, 'the pawn still shows on e4');
  const startRanks = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].every((f) => back[`${f}7`] && back[`${f}7`].letter === 'P');
  check(startRanks, 'black\'s reply was not taken back: a black pawn is off its rank');
  eq((await page.textContent('#about')).trim(), 'took back 2 moves', 'the note after undo');
  // The game goes on from there: a move, the computer answers again.
  await play(page, 'd2', 'd4');
  await waitMoves(page, 2);
  await waitStatus(page, /^white to move$/);
});

test('play: stepping back through the moves shows past positions, the next move returns', async ({ open }) => {
  const page = await open('');
  await newGame(page, 'chess', [0, 0]);
  const white = colourOf('chess', 'white');
  const black = colourOf('chess', 'black');
  await play(page, 'e2', 'e4');
  await waitMoves(page, 1);
  await play(page, 'e7', 'e5');
  await waitMoves(page, 2);
  // The first move in the list: the position after 1. e4.
  await page.click('#moves li[data-ply="1"]');
  await waitUntil(page, 'the replay bar', () => !document.getElementById('replay').hidden);
  eq((await page.textContent('#replay-text')).trim(), 'after 1 of 2 moves', 'the replay bar');
  const one = await pieces(page);
  expectPiece(one, 'e4', 'P', white);
  expectPiece(one, 'e7', 'P', black);
  check(!one.e5, 'e5 shows a piece after 1. e4');
  // Back to the start, then forward one.
  await page.click('#replay-start');
  await waitUntil(page, 'the start', () => document.getElementById('replay-text').textContent.startsWith('after 0'));
  expectPiece(await pieces(page), 'e2', 'P', white);
  await page.click('#replay-next');
  await waitUntil(page, 'after one move', () => document.getElementById('replay-text').textContent.startsWith('after 1'));
  // No move can be played on a past position.
  await clickCell(page, 'g1');
  eq(await targets(page), [], 'targets on a past position');
  await page.click('#replay-back');
  await waitUntil(page, 'the game again', () => document.getElementById('replay').hidden);
  expectPiece(await pieces(page), 'e5', 'P', black);
  // Stepping back, then a move in the game brings the board back.
  await page.click('#step-back');
  await waitUntil(page, 'one move back', () => !document.getElementById('replay').hidden);
  await page.click('#replay-back');
  await play(page, 'g1', 'f3');
  await waitMoves(page, 3);
  check(await page.evaluate(() => document.getElementById('replay').hidden), 'the replay bar stays after a move');
});

test('crazyhouse: a knight in hand dropped by its button and a click', async ({ open }) => {
  const page = await open('');
  await loadPosition(page, 'crazyhouse', [0, 0], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1');
  const button = '#drops button[data-drop="knight"]';
  await page.waitForSelector(button);
  await page.click(button);
  eq((await targets(page)).length, 32, 'cells offered to the knight in hand');
  await clickCell(page, 'e4');
  await waitMoves(page, 1);
  await waitPiece(page, 'e4', 'N', colourOf('crazyhouse', 'white'));
  eq(await moveList(page), ['w N@e4'], 'the move list');
  check(!(await page.$(button)), 'the drop button stays with an empty hand');
});

test('play: the board turns to the seat it is seen from', async ({ open }) => {
  const page = await open('');
  await newGame(page, 'chess', [0, 0]);
  const y = (cell) => page.$eval(`#board polygon.cell[data-cell="${cell}"]`, (p) => p.getBoundingClientRect().top);
  const x = (cell) => page.$eval(`#board polygon.cell[data-cell="${cell}"]`, (p) => p.getBoundingClientRect().left);
  eq(await page.getAttribute('#board svg', 'data-rotation'), '0', 'the turn seen from white');
  check(await y('a1') > await y('a8') && await x('a1') < await x('h1'), 'seen from white, a1 is not at the bottom left');
  await page.selectOption('#rotate', { label: 'black' });
  await waitUntil(page, 'the board turned', () => document.querySelector('#board svg').getAttribute('data-rotation') === '180');
  check(await y('a1') < await y('a8') && await x('a1') > await x('h1'), 'seen from black, a1 is not at the top right');
  // Names and letters stay upright: the e4 label is drawn under e4's centre on screen.
  const label = await page.evaluate(() => {
    const poly = document.querySelector('#board polygon.cell[data-cell="e4"]').getBoundingClientRect();
    const t = [...document.querySelectorAll('#board text')].find((x) => x.textContent === 'e4').getBoundingClientRect();
    return {
      below: t.top > poly.top + poly.height / 2,
      inside: t.top >= poly.top && t.bottom <= poly.bottom + 1,
      upright: t.width > t.height,
    };
  });
  check(label.below && label.inside && label.upright, `the cell name is not upright below the centre after turning: ${JSON.stringify(label)}`);
  // A move on the turned board: clicks find the cells.
  await play(page, 'e2', 'e4');
  expectPiece(await pieces(page), 'e4', 'P', colourOf('chess', 'white'));
  eq(await page.getAttribute('#board svg', 'data-rotation'), '180', 'the turn after a move');
});

test('design: perft of chess as a job', async ({ open }) => {
  const page = await open('?tab=design');
  await page.selectOption('#design-variant', 'chess');
  await waitUntil(page, 'the board of chess drawn', () => document.querySelectorAll('#design-board polygon.cell').length === 64);
  await page.fill('#perft-depth', '3');
  await page.click('#perft-run');
  await waitUntil(page, 'the perft job to finish', () => /^done/.test(document.getElementById('job-summary').textContent));
  const rows = await page.$$eval('#job-table tr', (trs) => {
    const head = [...trs[0].cells].map((c) => c.textContent);
    return trs.slice(1).map((tr) => [tr.cells[head.indexOf('depth')], tr.cells[head.indexOf('nodes')]].map((c) => (c ? c.textContent : null)));
  });
  eq(rows, [['1', '20'], ['2', '400'], ['3', '8902']], 'perft rows (depth, nodes)');
});

test('every variant: the page starts a game and draws its start position', async ({ open }) => {
  const problems = [];
  if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
  for (const v of CATALOGUE.variants) {
    if (v.name === 'mini-test') continue; // saved by a test above
    const page = await open(`?variant=${encodeURIComponent(v.name)}`);
    const title = await page.textContent('#board svg title').catch(() => null);
    const cells = await page.$$eval('#board polygon.cell', (p) => p.length);
    const drawn = await page.$$eval('#board g.piece', (p) => p.length);
    if (title !== v.title) problems.push(`${v.name}: the board's title is ${JSON.stringify(title)}`);
    else if (!cells || !drawn) problems.push(`${v.name}: ${cells} cells, ${drawn} pieces drawn`);
    const err = (await page.textContent('#error')).trim();
    if (err) problems.push(`${v.name}: ${err}`);
    // Seen from the first seat, which the server draws at the bottom: no turn.
    const turned = await page.getAttribute('#board svg', 'data-rotation').catch(() => null);
    if (turned !== '0') problems.push(`${v.name}: seen from ${v.players[0].name}, the board is turned by ${turned}`);
    if (args.screenshots) {
      // A wide board (boards side by side) gets a wide window, so that its names stay
      // readable: the board is at most 80% of the window's height.
      const aspect = await page.$eval('#board svg', (s) => s.viewBox.baseVal.width / s.viewBox.baseVal.height);
      if (aspect > 1.2) {
        await page.setViewportSize({ width: Math.ceil(720 * aspect + 640), height: 900 });
        await waitUntil(page, 'the board to widen', (a) => document.getElementById('board').getBoundingClientRect().width > 700 * a, aspect);
      }
      await page.locator('#board').screenshot({ path: path.join(args.screenshots, `${v.name}.png`) });
    }
    await page.close();
  }
  check(!problems.length, problems.join('; '));
});

// ---------------------------------------------------------------- the run

async function main() {
  if (!fs.existsSync(args.binary)) {
    console.error(`no binary at ${args.binary}: build it with \`cargo build -p chessgraph-cli\` or give --binary`);
    process.exit(2);
  }
  if (!fs.existsSync(args.chromium)) {
    console.error(`no chromium at ${args.chromium}: install it (apt-get install chromium) or give --chromium`);
    process.exit(2);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chessgraph-browser-'));
  VARIANTS_DIR = path.join(tmp, 'variants');
  fs.cpSync(path.join(root, 'variants'), VARIANTS_DIR, { recursive: true });
  const failuresDir = path.join(tmp, 'failures');

  const started = Date.now();
  const server = await startServer(args.binary, VARIANTS_DIR);
  BASE = server.base;
  // However the run ends, the server ends with it (and an interrupted run leaves no
  // temporary folder).
  let finished = false;
  process.on('exit', () => {
    if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
    if (!finished && !args.keep) fs.rmSync(tmp, { recursive: true, force: true });
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));
  let serverDied = null;
  server.proc.on('exit', (code, sig) => { serverDied = `the server ended (status ${code}, signal ${sig})`; });
  let serverErr = '';
  server.proc.stderr.on('data', (d) => { serverErr += d; });
  console.log(`server: ${BASE} (variants copied to ${VARIANTS_DIR})`);

  const browser = await chromium.launch({
    executablePath: args.chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let failed = 0;
  let ran = 0;
  try {
    CATALOGUE = await (await fetch(`${BASE}api/variants`)).json();
    const chosen = tests.filter((t) => !args.only || args.only.some((o) => t.name.includes(o)));
    for (const t of chosen) {
      ran += 1;
      const t0 = Date.now();
      const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
      const errors = [];
      const pages = [];
      const open = async (query) => {
        const page = await context.newPage();
        pages.push(page);
        page.setDefaultTimeout(15000);
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${BASE}${query}`);
        await waitUntil(page, 'the page to be ready', () => document.body.dataset.ready === '1');
        return page;
      };
      let problem = null;
      try {
        await Promise.race([
          t.fn({ open }),
          new Promise((_, reject) => setTimeout(() => reject(new Failure('the test took over 60 s')), 60000)),
        ]);
        if (errors.length) problem = `script errors in the page: ${errors.join('; ')}`;
      } catch (e) {
        problem = e instanceof Failure ? e.message : (e && e.stack) || String(e);
        if (errors.length) problem += ` (script errors in the page: ${errors.join('; ')})`;
      }
      if (serverDied) problem = `${problem ? problem + '; ' : ''}${serverDied}: ${serverErr}`;
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      if (problem) {
        failed += 1;
        fs.mkdirSync(failuresDir, { recursive: true });
        const shots = [];
        for (const [i, p] of pages.entries()) {
          if (p.isClosed()) continue;
          const file = path.join(failuresDir, `${ran}-${i}.png`);
          if (await p.screenshot({ path: file, fullPage: true }).then(() => true, () => false)) shots.push(file);
        }
        console.log(`FAILED ${t.name} (${secs} s): ${problem}${shots.length ? ` [screenshots: ${shots.join(' ')}]` : ''}`);
      } else {
        console.log(`ok     ${t.name} (${secs} s)`);
      }
      await context.close();
      if (serverDied) break;
    }
  } finally {
    await browser.close();
    await stopServer(server.proc);
  }
  finished = true;
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${ran - failed} passed, ${failed} failed, of ${ran} browser tests in ${secs} s`);
  if (args.screenshots) console.log(`screenshots in ${args.screenshots}`);
  if (failed || args.keep) console.log(`the run's files are kept in ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
