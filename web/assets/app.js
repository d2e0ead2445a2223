// chessgraph's web board: the page talks to the server's JSON API only; the board is
// the server's drawing of the variant's own geometry, each cell naming itself in
// `data-cell`. No outside script: the page works offline.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const params = new URLSearchParams(location.search);

const ui = {
  variants: [],
  levels: [],
  game: null, // the last state from the server
  seat: params.get('seat'), // this page plays one seat (a second browser)
  selected: null, // the cell whose moves are shown
  dropping: null, // the piece name being dropped
  rotation: 0, // the seat index the board is seen from
  rotationChosen: false,
  handedTo: null, // hidden information: the player the screen was handed to
  poll: null,
};

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data;
  try { data = await res.json(); } catch (e) { data = { error: `the server answered ${res.status}` }; }
  if (!res.ok) {
    const err = new Error(data.error || `the server answered ${res.status}`);
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

function showError(e) {
  $('error').textContent = e ? (e.message || String(e)) : '';
}

// ---------------------------------------------------------------- play: set-up

async function loadVariants(selectName) {
  // Lists asked for at once (a save, then "Play it") may answer in any order: only the
  // last one asked is shown, with the variant it was asked to select.
  const ask = (ui.variantsAsked = (ui.variantsAsked || 0) + 1);
  const data = await api('/api/variants');
  if (ask !== ui.variantsAsked) return;
  ui.variants = data.variants;
  ui.levels = data.levels;
  for (const sel of [$('variant'), $('design-variant')]) {
    const keep = sel === $('design-variant') ? '<option value="">(new variant)</option>' : '';
    sel.innerHTML = keep;
    for (const v of ui.variants) {
      const o = document.createElement('option');
      o.value = v.name;
      o.textContent = `${v.title} (${v.name})`;
      sel.appendChild(o);
    }
  }
  const wanted = selectName || params.get('variant') || 'chess';
  if (ui.variants.some((v) => v.name === wanted)) $('variant').value = wanted;
  showVariantChoices();
}

function currentVariant() {
  return ui.variants.find((v) => v.name === $('variant').value);
}

function levelSelect(value) {
  const sel = document.createElement('select');
  const human = document.createElement('option');
  human.value = '0';
  human.textContent = 'person';
  sel.appendChild(human);
  ui.levels.forEach((name, i) => {
    const o = document.createElement('option');
    o.value = String(i + 1);
    o.textContent = `computer ${name}`;
    sel.appendChild(o);
  });
  sel.value = String(value);
  return sel;
}

function showVariantChoices() {
  const v = currentVariant();
  const opts = $('options');
  opts.innerHTML = '';
  $('seat-choice').innerHTML = '';
  if (!v) return;
  for (const o of v.options) {
    const label = document.createElement('label');
    label.textContent = `${o.name} `;
    let input;
    if (o.kind.type === 'choice') {
      input = document.createElement('select');
      for (const c of o.kind.choices) {
        const opt = document.createElement('option');
        opt.value = c;
        opt.textContent = c;
        input.appendChild(opt);
      }
      input.value = o.default;
    } else if (o.kind.type === 'bool') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = !!o.default;
    } else {
      input = document.createElement('input');
      input.type = 'number';
      input.min = o.kind.min;
      input.max = o.kind.max;
      input.value = o.default;
    }
    input.dataset.option = o.name;
    if (o.doc) label.title = o.doc;
    // Options may change who plays (one player per board of a team game).
    input.addEventListener('change', refreshSeats);
    input.addEventListener('input', refreshSeats);
    label.appendChild(input);
    opts.appendChild(label);
  }
  showSeats(v.players);
}

// The players of the chosen variant under the chosen options, asked of the server.
async function refreshSeats() {
  const v = currentVariant();
  if (!v) return;
  try {
    const r = await api('/api/players', { variant: v.name, options: chosenOptions() });
    if (currentVariant() !== v) return;
    const now = r.players.map((p) => p.name).join(' ');
    if ($('seat-choice').dataset.players !== now) showSeats(r.players);
    showError(null);
  } catch (e) {
    showError(e.message);
  }
}

function showSeats(players) {
  const seats = $('seat-choice');
  seats.innerHTML = '';
  seats.dataset.players = players.map((p) => p.name).join(' ');
  players.forEach((p, i) => {
    const label = document.createElement('label');
    label.innerHTML = `<span class="swatch"></span>`;
    label.querySelector('.swatch').style.background = p.colour;
    label.append(`${p.name} `);
    // By default a person plays the first seat and the computer the others.
    const sel = levelSelect(i === 0 ? 0 : 4);
    sel.dataset.seat = String(i);
    label.appendChild(sel);
    seats.appendChild(label);
  });
}

function chosenOptions() {
  const v = currentVariant();
  const out = [];
  for (const input of $('options').querySelectorAll('[data-option]')) {
    const o = v.options.find((x) => x.name === input.dataset.option);
    const value = input.type === 'checkbox' ? String(input.checked) : input.value;
    if (String(o.default) !== value) out.push([o.name, value]);
  }
  return out;
}

function chosenSeats() {
  return [...$('seat-choice').querySelectorAll('select')].map((s) => {
    const level = Number(s.value);
    return level === 0 ? { computer: false } : { computer: true, level };
  });
}

async function newGame(extra) {
  showError(null);
  const body = Object.assign({
    variant: $('variant').value,
    options: chosenOptions(),
    seats: chosenSeats(),
  }, extra || {});
  const state = await api('/api/games', body);
  ui.rotationChosen = false;
  ui.handedTo = null;
  history.replaceState(null, '', `?game=${state.id}`);
  setState(state);
}

// ---------------------------------------------------------------- play: state

function stateUrl(id) {
  return `/api/games/${id}` + (ui.seat ? `?seat=${encodeURIComponent(ui.seat)}` : '');
}

async function refresh() {
  if (!ui.game) return;
  const id = ui.game.id;
  try {
    const s = await api(stateUrl(id));
    // An answer that crossed a move, an undo or a new game on its way is older than
    // what the page shows: drawing it would take the move back on screen (and the
    // next click would be refused as made on an old version).
    const cur = ui.game;
    if (!cur || cur.id !== id) return;
    if (s.version > cur.version || (s.version === cur.version && s.thinking !== cur.thinking)) setState(s);
  } catch (e) {
    showError(e);
  }
}

function schedulePoll() {
  clearTimeout(ui.poll);
  if (!ui.game) return;
  const fast = ui.game.thinking;
  ui.poll = setTimeout(async () => { await refresh(); schedulePoll(); }, fast ? 250 : 1000);
}

function setState(s) {
  const first = !ui.game || ui.game.id !== s.id;
  // A new move brings the board back to the game.
  if (first || (ui.game && s.moves.length !== ui.game.moves.length)) ui.frame = null;
  ui.game = s;
  ui.selected = null;
  ui.dropping = null;
  if (first && !ui.rotationChosen) {
    // The board is seen from this page's seat, else from the first person's.
    const me = s.viewer !== null ? s.viewer : s.players.findIndex((p) => !p.player.computer);
    ui.rotation = me >= 0 ? me : 0;
  }
  drawRotationChoices();
  drawBoard();
  drawSide();
  drawStatus();
  schedulePoll();
}

function playerName(i) {
  return ui.game.players[i] ? ui.game.players[i].name : '?';
}

function drawStatus() {
  const s = ui.game;
  const el = $('status');
  el.classList.toggle('over', s.over);
  if (s.result) {
    el.textContent = `Game over: ${s.result.text} (${s.result.reason})`;
  } else {
    let t = `${playerName(s.toMove)} to move`;
    if (s.check.length) t += ' — check';
    if (s.thinking) t += ' — the computer is thinking…';
    el.textContent = t;
  }
  $('about').textContent = s.about ? `computer: ${s.about}` : '';
  const offer = s.offer && !s.over;
  $('offer').hidden = !offer;
  if (offer) $('offer-text').textContent = `${playerName(s.offer.by)} offers a draw.`;
  $('pass').hidden = !s.legal.some((m) => m.from === null && m.to === null);
  // Drops: one button per piece that can be dropped.
  const drops = $('drops');
  drops.innerHTML = '';
  const names = [...new Set(s.legal.filter((m) => m.drop).map((m) => m.drop))];
  for (const name of names) {
    const b = document.createElement('button');
    b.textContent = `drop ${name}`;
    b.dataset.drop = name;
    b.addEventListener('click', () => { ui.dropping = name; ui.selected = null; drawOverlays(); });
    drops.appendChild(b);
  }
  // Hidden information at one screen: hand the screen over between players.
  const humans = s.players.filter((p) => !p.player.computer).length;
  const needHandover = s.hidden && s.viewer === null && humans > 1 && !s.over;
  const hand = $('handover');
  if (needHandover && ui.handedTo !== s.toMove) {
    $('handover-text').textContent = `Hand the screen to ${playerName(s.toMove)}. Only ${playerName(s.toMove)} may look.`;
    hand.hidden = false;
  } else {
    hand.hidden = true;
  }
}

function drawSide() {
  const s = ui.game;
  const list = $('players');
  list.innerHTML = '';
  s.players.forEach((p, i) => {
    const li = document.createElement('li');
    li.innerHTML = '<span class="swatch"></span><span class="name"></span> ';
    li.querySelector('.swatch').style.background = p.colour;
    li.querySelector('.name').textContent = p.name + (p.movedBy.length ? ` (moved by ${p.movedBy.join(', ')})` : '');
    if (p.eliminated) li.classList.add('eliminated');
    if (i === s.toMove && !s.over) li.classList.add('to-move');
    if (s.result) li.append(` ${s.result.points[i]}`);
    if (p.lost) li.append(` (lost ${p.lost})`);
    for (const c of p.counters || []) if (c.value) li.append(` ${c.name} ${c.value}`);
    if (ui.seat === null) {
      const sel = levelSelect(p.player.computer ? p.player.level : 0);
      sel.dataset.seat = String(i);
      sel.addEventListener('change', changeSeats);
      li.appendChild(sel);
    }
    list.appendChild(li);
  });
  const links = $('links');
  links.innerHTML = '';
  if (ui.seat === null) {
    for (const p of s.players) {
      const a = document.createElement('a');
      a.href = `?game=${s.id}&seat=${encodeURIComponent(p.name)}`;
      a.target = '_blank';
      a.textContent = `open ${p.name}'s seat in another browser`;
      links.appendChild(a);
    }
  }
  const moves = $('moves');
  moves.innerHTML = '';
  for (const [i, m] of s.moves.entries()) {
    const li = document.createElement('li');
    li.textContent = `${s.players[m.player] ? s.players[m.player].tag : ''} ${m.text}`;
    // A click shows the position after that move.
    li.dataset.ply = String(i + 1);
    li.title = 'show the position after this move';
    li.addEventListener('click', () => showPly(i + 1));
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  drawReplay();
  $('announcements').textContent = s.announcements.length ? `referee: ${s.announcements.slice(-3).join('; ')}` : '';
}

async function changeSeats() {
  const seats = [...$('players').querySelectorAll('select')].map((sel) => {
    const level = Number(sel.value);
    return level === 0 ? { computer: false } : { computer: true, level };
  });
  await act('seats', { seats });
}

function drawRotationChoices() {
  const sel = $('rotate');
  sel.innerHTML = '';
  ui.game.players.forEach((p, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = p.name;
    sel.appendChild(o);
  });
  sel.value = String(ui.rotation);
}

// ---------------------------------------------------------------- play: board

function cellCentre(svg, name) {
  const poly = svg.querySelector(`polygon.cell[data-cell="${CSS.escape(name)}"]`);
  if (!poly) return null;
  const b = poly.getBBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

// The angle (degrees, clockwise on screen) that brings the seat's home cells to the
// bottom of the board. Players sharing a board seat (a team game's players of one
// colour, one per board) share its home: the homes of all of them.
function rotationFor(svg, seat) {
  const p = ui.game.players[seat];
  if (!p) return 0;
  const mates = ui.game.players.filter((q) => q.seat === p.seat);
  const home = mates.flatMap((q) => q.home);
  if (!home.length) return 0;
  const all = [...svg.querySelectorAll('polygon.cell')].map((c) => c.getBBox());
  const cx = all.reduce((a, b) => a + b.x + b.width / 2, 0) / all.length;
  const cy = all.reduce((a, b) => a + b.y + b.height / 2, 0) / all.length;
  let hx = 0, hy = 0, n = 0;
  for (const name of home) {
    const c = cellCentre(svg, name);
    if (c) { hx += c[0]; hy += c[1]; n += 1; }
  }
  if (!n) return 0;
  // A home all round the board (Tapatan's men, a1 c2 b3) points nowhere: no turn.
  const size = Math.min(
    Math.max(...all.map((b) => b.x + b.width)) - Math.min(...all.map((b) => b.x)),
    Math.max(...all.map((b) => b.y + b.height)) - Math.min(...all.map((b) => b.y)));
  if (Math.hypot(hx / n - cx, hy / n - cy) < size * 0.1) return 0;
  const angle = Math.atan2(hy / n - cy, hx / n - cx) * 180 / Math.PI;
  let turn = 90 - angle;
  // Turns come in steps of a full turn shared among the players (half turns for two,
  // thirds for three): a home off the middle line (racing kings' a1-d2) tilts nothing.
  const seats = new Set(ui.game.players.map((q) => q.seat)).size;
  const step = 360 / Math.max(2, seats);
  turn = Math.round(turn / step) * step;
  return ((turn % 360) + 360) % 360;
}

function drawBoard() {
  const wrap = $('board');
  // A past position (stepping through the moves) is drawn instead of the game's.
  wrap.innerHTML = ui.frame ? ui.frame.svg : ui.game.svg;
  const svg = wrap.querySelector('svg');
  if (!svg) return;
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  // Everything but the background and the line of pieces in hand goes into one group
  // that can turn.
  const turnable = document.createElementNS(SVGNS, 'g');
  turnable.id = 'turnable';
  const hands = svg.querySelector('text.hands');
  for (const child of [...svg.children]) {
    if (child.tagName === 'title' || child === hands || (child.tagName === 'rect' && child.getAttribute('width') === '100%')) continue;
    turnable.appendChild(child);
  }
  svg.insertBefore(turnable, hands);
  const overlay = document.createElementNS(SVGNS, 'g');
  overlay.id = 'overlay';
  // Overlays go over the cells and under the names and pieces.
  const cellsGroup = svg.querySelector('polygon.cell') && svg.querySelector('polygon.cell').parentNode;
  if (cellsGroup && cellsGroup.nextSibling) turnable.insertBefore(overlay, cellsGroup.nextSibling);
  else turnable.appendChild(overlay);
  const angle = rotationFor(svg, ui.rotation);
  if (angle) turn(svg, turnable, hands, angle);
  svg.setAttribute('data-rotation', String(angle));
  // The board is at most 80% of the window's height: a wide board (boards side by
  // side) may then take the table's whole width, a tall one is narrower.
  const box = svg.viewBox.baseVal;
  if (box.width > 0 && box.height > 0) {
    $('board-wrap').style.maxWidth = `calc(80vh * ${(box.width / box.height).toFixed(3)})`;
  }
  drawOverlays();
}

// Turns the board by `angle` degrees about the middle of its cells. Each cell's name and
// piece turn back about the cell's centre, so they stay upright and where they were in
// their cell (a name below the centre stays below it, inside the cell); the line of
// pieces in hand stays under the board.
function turn(svg, turnable, hands, angle) {
  const vb = svg.viewBox.baseVal;
  const polys = [...turnable.querySelectorAll('polygon.cell')];
  if (!polys.length) return;
  const centre = new Map();
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of polys) {
    const pts = [...p.points];
    centre.set(p.getAttribute('data-cell'), [
      pts.reduce((a, q) => a + q.x, 0) / pts.length,
      pts.reduce((a, q) => a + q.y, 0) / pts.length,
    ]);
    for (const q of pts) {
      x0 = Math.min(x0, q.x); y0 = Math.min(y0, q.y);
      x1 = Math.max(x1, q.x); y1 = Math.max(y1, q.y);
    }
  }
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  turnable.setAttribute('transform', `rotate(${angle} ${cx} ${cy})`);
  const upright = (el, cell) => {
    const c = centre.get(cell);
    if (c) el.setAttribute('transform', `rotate(${-angle} ${c[0]} ${c[1]})`);
    else el.setAttribute('transform', `rotate(${-angle} ${el.getAttribute('x')} ${el.getAttribute('y')})`);
  };
  for (const g of turnable.querySelectorAll('g.piece')) upright(g, g.getAttribute('data-cell'));
  for (const t of turnable.querySelectorAll('text')) {
    if (t.closest('g.piece')) continue;
    upright(t, t.textContent);
  }
  // The turned cells' extent, with the drawing's margin round it.
  const margin = Math.max(0, Math.min(x0 - vb.x, y0 - vb.y));
  const rad = angle * Math.PI / 180;
  const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
  let [u0, v0, u1, v1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of polys) {
    for (const q of p.points) {
      const [dx, dy] = [q.x - cx, q.y - cy];
      const [u, v] = [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos];
      u0 = Math.min(u0, u); v0 = Math.min(v0, v);
      u1 = Math.max(u1, u); v1 = Math.max(v1, v);
    }
  }
  const [left, top] = [u0 - margin, v0 - margin];
  const width = u1 - u0 + 2 * margin;
  let height = v1 - v0 + 2 * margin;
  if (hands) {
    const band = Math.max(0, vb.y + vb.height - y1 - margin);
    hands.setAttribute('x', String(left + margin));
    hands.setAttribute('y', String(top + height + band / 2));
    height += band;
  }
  svg.setAttribute('viewBox', `${left} ${top} ${width} ${height}`);
  // The white ground covers the new view.
  const ground = [...svg.children].find((c) => c.tagName === 'rect' && c.getAttribute('width') === '100%');
  if (ground) {
    for (const [k, val] of [['x', left], ['y', top], ['width', width], ['height', height]]) ground.setAttribute(k, String(val));
  }
}

function overlayCell(svg, name, cls) {
  const poly = svg.querySelector(`polygon.cell[data-cell="${CSS.escape(name)}"]`);
  if (!poly) return;
  const o = poly.cloneNode(false);
  o.removeAttribute('data-cell');
  o.setAttribute('class', cls);
  o.removeAttribute('fill');
  svg.querySelector('#overlay').appendChild(o);
}

function movesFrom(cell) {
  return ui.game.legal.filter((m) => m.from === cell && !m.drop);
}

function drawOverlays() {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  svg.querySelector('#overlay').innerHTML = '';
  if (ui.frame) {
    const f = ui.frame;
    if (f.last) { overlayCell(svg, f.last.from, 'ov-last'); overlayCell(svg, f.last.to, 'ov-last'); }
    for (const c of f.check) overlayCell(svg, c, 'ov-check');
    return;
  }
  const s = ui.game;
  if (s.last) { overlayCell(svg, s.last.from, 'ov-last'); overlayCell(svg, s.last.to, 'ov-last'); }
  for (const c of s.check) overlayCell(svg, c, 'ov-check');
  if (ui.selected) {
    overlayCell(svg, ui.selected, 'ov-selected');
    for (const m of movesFrom(ui.selected)) overlayCell(svg, m.to, 'ov-target');
  }
  if (ui.dropping) {
    for (const m of s.legal.filter((x) => x.drop === ui.dropping)) overlayCell(svg, m.to, 'ov-target');
  }
}

function onBoardClick(ev) {
  const hit = ev.target.closest('[data-cell]');
  if (!hit || !ui.game || ui.frame) return;
  const cell = hit.getAttribute('data-cell');
  const s = ui.game;
  if (ui.dropping) {
    const choices = s.legal.filter((m) => m.drop === ui.dropping && m.to === cell);
    ui.dropping = null;
    if (choices.length) return choose(choices);
  }
  if (ui.selected) {
    const choices = movesFrom(ui.selected).filter((m) => m.to === cell);
    if (choices.length) return choose(choices);
  }
  ui.selected = movesFrom(cell).length ? cell : null;
  drawOverlays();
}

// One move is played at once; several that share from and to (promotions, gating)
// are offered in a chooser.
function choose(moves) {
  if (moves.length === 1) return playMove(moves[0]);
  const box = $('chooser-moves');
  box.innerHTML = '';
  for (const m of moves) {
    const b = document.createElement('button');
    b.textContent = m.san;
    b.dataset.long = m.long;
    b.addEventListener('click', () => { $('chooser').hidden = true; playMove(m); });
    box.appendChild(b);
  }
  $('chooser').hidden = false;
}

async function playMove(m) {
  ui.selected = null;
  await act('move', { index: m.index });
}

async function act(action, extra) {
  showError(null);
  const body = Object.assign({ version: ui.game.version }, extra || {});
  if (ui.seat) body.seat = ui.seat;
  try {
    const s = await api(`/api/games/${ui.game.id}/${action}`, body);
    setState(s);
    if (s.message) $('about').textContent = String(s.message);
  } catch (e) {
    showError(e);
    await refresh();
  }
}

async function copy(text) {
  const area = $('copy-area');
  area.hidden = false;
  area.value = text;
  area.select();
  try { await navigator.clipboard.writeText(text); } catch (e) { /* the text stays selected to copy by hand */ }
}

// ---------------------------------------------------------------- stepping through

// Shows the position after `ply` moves (0: the start); the game goes on meanwhile and
// its next move brings the board back.
async function showPly(ply) {
  showError(null);
  const s = ui.game;
  if (!s) return;
  if (ply >= s.moves.length) {
    ui.frame = null;
  } else {
    try {
      ui.frame = await api(`/api/games/${s.id}/at/${Math.max(0, ply)}`);
    } catch (e) {
      showError(e);
      return;
    }
  }
  ui.selected = null;
  drawBoard();
  drawReplay();
}

function drawReplay() {
  const bar = $('replay');
  bar.hidden = !ui.frame;
  if (ui.frame) $('replay-text').textContent = `after ${ui.frame.ply} of ${ui.frame.plies} moves`;
  for (const li of $('moves').children) li.classList.toggle('shown', !!ui.frame && Number(li.dataset.ply) === ui.frame.ply);
}

// ---------------------------------------------------------------- design

const design = { timer: null, job: null, jobTimer: null, boardFile: 'board.yaml', rulesFile: null };

function sources() {
  const name = $('design-name').value.trim();
  return {
    name: name || null,
    rules: $('rules').value,
    board: $('board-text').value,
    boardFile: design.boardFile,
  };
}

async function openDesign(name) {
  showError(null);
  if (!name) {
    $('design-name').value = '';
    design.boardFile = 'board.yaml';
    $('rules-file').textContent = '';
    $('board-file').textContent = 'board.yaml';
    check();
    return;
  }
  const f = await api(`/api/design/files/${encodeURIComponent(name)}`);
  $('design-name').value = name;
  $('rules').value = f.rules;
  $('board-text').value = f.board;
  design.boardFile = f.boardFile;
  $('rules-file').textContent = f.rulesFile || '';
  $('board-file').textContent = f.boardFile;
  check();
}

function gutter(textarea, gutterEl, badLines) {
  const n = textarea.value.split('\n').length;
  const parts = [];
  for (let i = 1; i <= n; i++) parts.push(badLines.has(i) ? `<span class="bad">${i}</span>` : `${i}`);
  gutterEl.innerHTML = parts.join('\n');
  gutterEl.scrollTop = textarea.scrollTop;
}

function escapeHtml(t) {
  return String(t).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

async function check() {
  let res;
  try {
    res = await api('/api/design/check', sources());
  } catch (e) {
    showError(e);
    return;
  }
  const bad = { rules: new Set(), board: new Set() };
  const box = $('diagnostics');
  box.innerHTML = '';
  for (const d of res.diagnostics) {
    if (d.editor && d.line) bad[d.editor].add(d.line);
    const div = document.createElement('div');
    div.className = `diag ${d.severity}`;
    const where = d.line ? `${d.file}:${d.line}:${d.column}` : (d.file || '');
    const src = d.editor === 'rules' ? $('rules') : d.editor === 'board' ? $('board-text') : null;
    const lineText = src && d.line ? src.value.split('\n')[d.line - 1] || '' : '';
    const caret = lineText ? `${' '.repeat(Math.max(0, d.column - 1))}^ ${d.label || ''}` : '';
    div.innerHTML = `<div><span class="where">${escapeHtml(where)}</span> ${escapeHtml(d.severity)}: ${escapeHtml(d.message)}</div>` +
      (lineText ? `<pre>${escapeHtml(lineText)}\n${escapeHtml(caret)}</pre>` : '') +
      (d.help ? `<div class="help">hint: ${escapeHtml(d.help)}</div>` : '');
    if (src && d.line) div.addEventListener('click', () => selectLine(src, d.line));
    box.appendChild(div);
  }
  $('design-status').textContent = res.ok ? `compiles: ${res.title}, ${res.players.join(', ')}, ${res.cells} cells` : `${res.diagnostics.length} problem(s)`;
  if (res.ok) $('design-board').innerHTML = res.svg;
  else $('design-board').innerHTML = '';
  gutter($('rules'), $('rules-gutter'), bad.rules);
  gutter($('board-text'), $('board-gutter'), bad.board);
}

function selectLine(textarea, line) {
  const lines = textarea.value.split('\n');
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  textarea.focus();
  textarea.setSelectionRange(start, start + (lines[line - 1] || '').length);
}

function scheduleCheck() {
  clearTimeout(design.timer);
  design.timer = setTimeout(check, 300);
}

async function startJob(kind, extra) {
  showError(null);
  try {
    const r = await api(`/api/design/${kind}`, Object.assign(sources(), extra));
    design.job = r.job;
    $('job-table').innerHTML = '';
    $('job-summary').textContent = 'running…';
    pollJob();
  } catch (e) {
    showError(e);
  }
}

async function pollJob() {
  clearTimeout(design.jobTimer);
  if (!design.job) return;
  const j = await api(`/api/jobs/${design.job}`);
  const table = $('job-table');
  if (j.rows.length) {
    // Columns in the order a person reads them; any others after.
    const order = ['depth', 'nodes', 'ms', 'game', 'result', 'reason', 'plies', 'error'];
    const present = Object.keys(j.rows[0]);
    const keys = order.filter((k) => present.includes(k)).concat(present.filter((k) => !order.includes(k)));
    table.innerHTML = `<tr>${keys.map((k) => `<th>${escapeHtml(k)}</th>`).join('')}</tr>` +
      j.rows.map((r) => `<tr>${keys.map((k) => `<td>${escapeHtml(r[k] === null ? '-' : r[k])}</td>`).join('')}</tr>`).join('');
  }
  let summary = j.done ? 'done' : 'running…';
  if (j.summary && j.summary.points) {
    summary += ': ' + j.summary.points.map((p) => `${p.player} ${p.points}`).join(', ') + `; decided ${j.summary.decided}, unfinished ${j.summary.unfinished}`;
  }
  if (j.notes.length) summary += ` (${j.notes.join('; ')})`;
  $('job-summary').textContent = summary;
  if (!j.done) design.jobTimer = setTimeout(pollJob, 300);
}

async function save(overwrite) {
  showError(null);
  const s = sources();
  if (!s.name) { showError(new Error('give the variant a name (letters, digits, - and _)')); return; }
  try {
    const r = await api('/api/design/save', Object.assign(s, { overwrite: !!overwrite }));
    await loadVariants($('variant').value);
    $('design-variant').value = s.name;
    $('design-status').textContent = `saved ${r.saved.join(', ')}`;
  } catch (e) {
    if (e.status === 409 && !overwrite) {
      if (confirm(`${e.message}. Replace them?`)) return save(true);
      return;
    }
    showError(e);
  }
}

// ---------------------------------------------------------------- wiring

function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t.dataset.tab === name);
  $('play').hidden = name !== 'play';
  $('design').hidden = name !== 'design';
}

async function start() {
  for (const t of document.querySelectorAll('.tab')) t.addEventListener('click', () => showTab(t.dataset.tab));
  $('variant').addEventListener('change', showVariantChoices);
  $('new-game').addEventListener('click', () => newGame().catch(showError));
  $('load-position').addEventListener('click', () => newGame({ position: $('load-text').value }).catch(showError));
  $('load-record').addEventListener('click', () => newGame({ record: $('load-text').value }).catch(showError));
  $('board').addEventListener('click', onBoardClick);
  $('undo').addEventListener('click', () => act('undo'));
  $('resign').addEventListener('click', () => { if (confirm('Resign this game?')) act('resign'); });
  $('draw').addEventListener('click', () => act('draw', { accept: true }));
  $('offer-accept').addEventListener('click', () => act('draw', { accept: true }));
  $('offer-decline').addEventListener('click', () => act('draw', { accept: false }));
  $('pass').addEventListener('click', () => {
    const m = ui.game.legal.find((x) => x.from === null && x.to === null);
    if (m) playMove(m);
  });
  $('rotate').addEventListener('change', () => { ui.rotation = Number($('rotate').value); ui.rotationChosen = true; drawBoard(); });
  $('copy-position').addEventListener('click', () => copy(ui.game.fen || ui.game.position));
  $('copy-record').addEventListener('click', () => copy(ui.game.record || 'the record is shown when the game is over'));
  $('chooser-cancel').addEventListener('click', () => { $('chooser').hidden = true; });
  const shownPly = () => (ui.frame ? ui.frame.ply : ui.game.moves.length);
  $('step-back').addEventListener('click', () => showPly(shownPly() - 1));
  $('replay-start').addEventListener('click', () => showPly(0));
  $('replay-prev').addEventListener('click', () => showPly(shownPly() - 1));
  $('replay-next').addEventListener('click', () => showPly(shownPly() + 1));
  $('replay-back').addEventListener('click', () => showPly(ui.game.moves.length));
  $('handover-ready').addEventListener('click', () => { ui.handedTo = ui.game.toMove; drawStatus(); });
  $('design-variant').addEventListener('change', () => openDesign($('design-variant').value).catch(showError));
  for (const [area, gut] of [['rules', 'rules-gutter'], ['board-text', 'board-gutter']]) {
    $(area).addEventListener('input', scheduleCheck);
    $(area).addEventListener('scroll', () => { $(gut).scrollTop = $(area).scrollTop; });
  }
  $('design-save').addEventListener('click', () => save(false));
  $('design-play').addEventListener('click', async () => {
    const name = $('design-name').value.trim();
    await loadVariants(name);
    showTab('play');
  });
  $('perft-run').addEventListener('click', () => startJob('perft', { depth: Number($('perft-depth').value) }));
  $('selfplay-run').addEventListener('click', () => startJob('selfplay', { games: Number($('selfplay-games').value), ms: Number($('selfplay-ms').value) }));
  $('job-cancel').addEventListener('click', () => design.job && api(`/api/jobs/${design.job}/cancel`, {}).catch(showError));
  try {
    await loadVariants();
    const id = params.get('game');
    if (id) {
      const s = await api(stateUrl(id));
      setState(s);
    } else if (!ui.seat) {
      await newGame();
    }
    if (params.get('tab') === 'design') showTab('design');
  } catch (e) {
    showError(e);
  }
  document.body.dataset.ready = '1';
}

start();
