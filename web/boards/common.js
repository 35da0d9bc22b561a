// Shared SVG helpers for the boards: element creation, focusable cell
// groups (roving tabindex, Enter/Space, arrow keys) and click delegation.

import { t } from '../i18n.js';
import { h } from '../dom.js';
import { playSound } from '../settings.js';

export const SVGNS = 'http://www.w3.org/2000/svg';

/** Create an SVG element: s('circle', {cx: 1}, child...). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'text') el.textContent = String(v);
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else el.setAttribute(k, String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Parse a cell name like "b2" into {col, row} (0-based). */
export function parseCell(name) {
  const m = /^([a-z])(\d+)$/.exec(name);
  if (!m) return null;
  return { col: m[1].charCodeAt(0) - 97, row: Number(m[2]) - 1 };
}

export function cellName(col, row) {
  return String.fromCharCode(97 + col) + (row + 1);
}

/**
 * A clickable cell group: <g data-cell role=button tabindex=-1 aria-label>.
 * cx, cy: its centre on screen (used by the arrow keys).
 */
export function cellGroup(id, cx, cy, label, classes = []) {
  if (classes.includes('selected')) label += `, ${t('cell_selected')}`;
  else if (classes.includes('target')) label += `, ${t('cell_target')}`;
  const g = s('g', {
    class: ['cell', ...classes].filter(Boolean).join(' '),
    role: 'button',
    tabindex: '-1',
    'aria-label': label,
    'data-cell': id,
    'data-cx': cx,
    'data-cy': cy,
  });
  return g;
}

/**
 * Prepare an SVG for drawing: remembers which cell had the focus, empties
 * it, sets the viewBox. Call finish() after drawing.
 */
export function begin(svg, width, height, label) {
  const active = document.activeElement;
  const hadFocus = active && svg.contains(active) && active.dataset ? active.dataset.cell : null;
  svg._refocus = hadFocus || null;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'group');
  if (label) svg.setAttribute('aria-label', label);
  svg.classList.add('board');
}

/**
 * After drawing: gives one cell tabindex=0 (the focused one, or the first
 * highlighted one, or the first), restores focus, installs the handlers.
 * `motion` (a game page's board): {path: the last move's cells, tracks:
 * (path) => the pieces' paths}; see `motionAfterDraw`.
 */
export function finish(svg, onCell, motion = null) {
  if (motion) motionAfterDraw(svg, motion);
  svg._onCell = onCell;
  const cells = [...svg.querySelectorAll('[data-cell]')];
  if (!cells.length) return;
  let home = null;
  if (svg._refocus) home = cells.find((c) => c.dataset.cell === svg._refocus) || null;
  if (!home) home = cells.find((c) => c.classList.contains('target')) || cells[0];
  home.setAttribute('tabindex', '0');
  if (svg._refocus && home.dataset.cell === svg._refocus) home.focus({ preventScroll: true });
  svg._refocus = null;
  if (!svg._installed) install(svg);
}

function install(svg) {
  svg._installed = true;
  svg.addEventListener('click', (ev) => {
    const g = ev.target.closest && ev.target.closest('[data-cell]');
    if (!g || !svg.contains(g)) return;
    if (svg._onCell) svg._onCell(g.dataset.cell, ev);
  });
  svg.addEventListener('keydown', (ev) => {
    const g = ev.target.closest && ev.target.closest('[data-cell]');
    if (!g) return;
    if (ev.key === 'Enter' || ev.key === ' ' || ev.key === 'Spacebar') {
      ev.preventDefault();
      if (svg._onCell) svg._onCell(g.dataset.cell, ev);
      return;
    }
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const d = dirs[ev.key];
    if (!d) return;
    ev.preventDefault();
    const next = nearestInDirection(svg, g, d);
    if (next) moveFocus(svg, g, next);
  });
  svg.addEventListener('focusin', (ev) => {
    const g = ev.target.closest && ev.target.closest('[data-cell]');
    if (!g) return;
    for (const c of svg.querySelectorAll('[data-cell][tabindex="0"]')) if (c !== g) c.setAttribute('tabindex', '-1');
    g.setAttribute('tabindex', '0');
  });
}

function moveFocus(svg, from, to) {
  from.setAttribute('tabindex', '-1');
  to.setAttribute('tabindex', '0');
  to.focus();
}

/** The cell nearest to `from` in direction d ([dx, dy] on screen). */
function nearestInDirection(svg, from, [dx, dy]) {
  const fx = Number(from.dataset.cx);
  const fy = Number(from.dataset.cy);
  let best = null;
  let bestScore = Infinity;
  for (const c of svg.querySelectorAll('[data-cell]')) {
    if (c === from) continue;
    const vx = Number(c.dataset.cx) - fx;
    const vy = Number(c.dataset.cy) - fy;
    const along = vx * dx + vy * dy;
    if (along <= 0.5) continue;
    const across = Math.abs(vx * dy - vy * dx);
    const score = along + 2.5 * across;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** Mark a cell's state classes from the UI options. */
export function stateClasses(id, ui) {
  const out = [];
  if (ui.targets && ui.targets.has(id)) out.push('target');
  if (ui.selected && ui.selected.includes(id)) out.push('selected');
  if (ui.last && ui.last.has(id)) out.push('last');
  return out;
}

/** A focus ring rectangle (shown by CSS when the group has focus). */
export function focusRect(x, y, w, hgt, rx = 6) {
  return s('rect', { class: 'focus-ring', x: x + 2, y: y + 2, width: w - 4, height: hgt - 4, rx });
}

/** The marker drawn on a highlighted cell: a dot for empty cells, a ring around pieces. */
export function targetMarker(cx, cy, occupied, r) {
  if (occupied) return s('circle', { class: 'target-ring', cx, cy, r });
  return s('circle', { class: 'target-dot', cx, cy, r: Math.max(6, r * 0.3) });
}

/** A variant's label from the catalog entry in language `lang`, or null. */
export function catalogVariantLabel(entry, variant, lang) {
  const v = entry && Array.isArray(entry.variants) ? entry.variants.find((x) => x && x.id === variant) : null;
  const label = v && v.label;
  return label ? (label[lang] ?? label.en ?? null) : null;
}

/** The squares named in a move's text ("c2-d2 e5" -> ["c2", "d2", "e5"]). */
export function namedCells(move) {
  return String(move || '').match(/[a-z][1-9]/g) || [];
}

/** A <select> of the catalog's variants with their labels (id when none). */
export function catalogPicker({ value, entry, t, lang, onChange, label = 'variant' }) {
  const ids = (entry && Array.isArray(entry.variants) ? entry.variants : []).map((v) => v && v.id).filter((x) => typeof x === 'string');
  if (!ids.length && entry && entry.default_variant) ids.push(entry.default_variant);
  const sel = h('select', { id: 'variant', 'data-testid': 'variant', onchange: (e) => onChange(e.target.value) },
    ...ids.map((n) => h('option', { value: n, text: catalogVariantLabel(entry, n, lang) || n })));
  if (value && ids.includes(value)) sel.value = value;
  return { node: h('div', { class: 'field' }, h('label', { for: 'variant', text: t(label) }), sel), value: sel.value };
}

/**
 * The last move's mark on a square cell: a dark frame inside a white one,
 * so that it stands out (at least 3:1) on every square colour.
 */
export function lastMarker(x, y, w, hgt, rx = 4) {
  return s('g', { class: 'last-mark', 'aria-hidden': 'true' },
    s('rect', { class: 'last-mark-outer', x: x + 4, y: y + 4, width: w - 8, height: hgt - 8, rx }),
    s('rect', { class: 'last-mark-inner', x: x + 8, y: y + 8, width: w - 16, height: hgt - 16, rx }));
}

// ---- every move visible (#17): paths, ghosts, the own move at once ----

/** The drawn shapes of a piece inside a cell's group. */
export const PIECE = '.piece, .piece-arrow, .archer, .archer-sign, .mark-ring, .mark-dot, .dpiece';

const reducedMotion = () => !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);

function cellEl(svg, cell) {
  return svg.querySelector(`[data-cell="${CSS.escape(String(cell))}"]`);
}

function centre(svg, cell) {
  const g = cellEl(svg, cell);
  return g ? { x: Number(g.dataset.cx), y: Number(g.dataset.cy) } : null;
}

/**
 * The pieces' paths of a move whose cells are `path`, the default: one
 * piece from the first cell through every named cell to the last (a step,
 * or each hop of a capture). Each track: {cells, from(g), to(g)} where
 * from/to pick the piece's shapes in a cell's group before/after the move.
 */
export function pathTracks(path) {
  if (!path || path.length < 2) return [];
  return [{ cells: path.slice() }];
}

const pickPiece = (g) => (g ? [...g.querySelectorAll(PIECE)] : []);

/** The letter drawn for the piece of `cell` outside its button (`data-letter-cell`), if any. */
function letterOf(svg, cell) {
  return svg.querySelector(`[data-letter-cell="${CSS.escape(String(cell))}"]`);
}

/** What the board's wrapper says: shown ply, live ply, over. */
function pageState(svg) {
  const w = svg.parentNode && svg.parentNode.dataset;
  if (!w || w.shownPly === undefined) return null;
  return { shown: Number(w.shownPly), ply: Number(w.ply), over: w.over === '1' };
}

/** A snapshot of every cell's piece shapes (for ghosts of captures). */
function snapshot(svg) {
  const out = new Map();
  for (const g of svg.querySelectorAll('[data-cell]')) {
    const els = pickPiece(g);
    if (els.length) out.set(g.dataset.cell, els.map((e) => e.cloneNode(true)));
  }
  return out;
}

/**
 * The cells whose piece was taken by the move: they had a piece before and
 * now have none or the mover's (a track's end), leaving out the cells the
 * moving pieces left.
 */
function capturedCells(svg, before, tracks) {
  const starts = new Set(tracks.map((tr) => tr.cells[0]));
  const ends = new Set(tracks.map((tr) => tr.cells[tr.cells.length - 1]));
  const out = new Map();
  for (const [cell, els] of before) {
    if (starts.has(cell) && !ends.has(cell)) continue;
    const now = pickPiece(cellEl(svg, cell));
    if (!now.length || ends.has(cell)) out.set(cell, els);
  }
  return out;
}

function drawGhosts(svg, ghosts) {
  for (const [cell, els] of ghosts) {
    const g = cellEl(svg, cell);
    const c = centre(svg, cell);
    if (!g || !c) continue;
    const occupied = pickPiece(g).length > 0;
    const wrap = s('g', { class: 'captured-ghost', 'aria-hidden': 'true', 'data-ghost': cell });
    // On a cell the mover now holds, the ghost sits small in its corner.
    if (occupied) wrap.setAttribute('transform', `translate(${c.x - 20} ${c.y + 20}) scale(.45) translate(${-c.x} ${-c.y})`);
    for (const e of els) wrap.append(e.cloneNode(true));
    const first = g.querySelector(PIECE);
    if (first && !occupied) g.insertBefore(wrap, first);
    else g.append(wrap);
    if (!g.getAttribute('aria-label').includes(t('captured_here'))) g.setAttribute('aria-label', `${g.getAttribute('aria-label')}, ${t('captured_here')}`);
  }
}

/** The layer drawn above the board's cells (moving pieces). */
function overlay(svg) {
  let o = svg.querySelector(':scope > g.move-layer');
  if (!o) {
    o = s('g', { class: 'move-layer', 'aria-hidden': 'true' });
    svg.append(o);
  }
  return o;
}

function animate(svg, tracks) {
  let delay = 0;
  const HOP = 170;
  for (const tr of tracks) {
    const pts = tr.cells.map((c) => centre(svg, c));
    if (pts.some((p) => !p)) continue;
    const end = pts[pts.length - 1];
    const g = cellEl(svg, tr.cells[tr.cells.length - 1]);
    const els = (tr.to || pickPiece)(g);
    if (!els.length) continue;
    const frames = pts.map((p) => ({ transform: `translate(${p.x - end.x}px, ${p.y - end.y}px)` }));
    const duration = HOP * (pts.length - 1);
    // Copies fly above every cell while the pieces themselves wait hidden.
    for (const el of els) {
      const copy = el.cloneNode(true);
      overlay(svg).append(copy);
      el.style.visibility = 'hidden';
      const done = () => { copy.remove(); el.style.visibility = ''; };
      const anim = copy.animate(frames, { duration, delay, easing: 'ease-in-out', fill: 'backwards' });
      anim.onfinish = done;
      anim.oncancel = done;
    }
    // A letter drawn beside the cell's button for its piece (Super
    // Dimensiones' armies) waits hidden too.
    const letter = letterOf(svg, tr.cells[tr.cells.length - 1]);
    if (letter) {
      letter.style.visibility = 'hidden';
      setTimeout(() => { letter.style.visibility = ''; }, delay + duration);
    }
    svg.dataset.animating = String((Number(svg.dataset.animating) || 0) + 1);
    setTimeout(() => { svg.dataset.animating = String(Math.max(0, (Number(svg.dataset.animating) || 1) - 1)); }, delay + duration);
    delay += duration;
  }
}

/** Draw the own move at once: its pieces moved to their ends, its cells marked. */
function drawPending(svg, tracks) {
  for (const tr of tracks) {
    const a = centre(svg, tr.cells[0]);
    const b = centre(svg, tr.cells[tr.cells.length - 1]);
    const g = cellEl(svg, tr.cells[0]);
    if (!a || !b || !g) continue;
    const letter = letterOf(svg, tr.cells[0]);
    for (const el of [...(tr.from || pickPiece)(g), ...(letter ? [letter] : [])]) {
      const copy = el.cloneNode(true);
      copy.style.transform = `translate(${b.x - a.x}px, ${b.y - a.y}px)`;
      copy.classList.add('pending-piece');
      overlay(svg).append(copy);
      el.style.visibility = 'hidden';
    }
    for (const c of [tr.cells[0], tr.cells[tr.cells.length - 1]]) {
      const p = centre(svg, c);
      const cg = cellEl(svg, c);
      if (p && cg) cg.append(s('circle', { class: 'pending-mark', cx: p.x, cy: p.y, r: 26, 'aria-hidden': 'true' }));
    }
  }
  svg.dataset.pending = '1';
}

/**
 * The own move, shown before the server answers: `path` its cells, `ply`
 * the ply it is played at. Kept through redraws until the shown ply moves
 * on or `clearPending` is called (the server refused it).
 */
export function setPending(svg, ply, path) {
  svg._pending = path && path.length ? { ply, path: path.slice(), at: performance.now() } : null;
}

/** Forget the own move shown at once (it was refused). */
export function clearPending(svg) {
  svg._pending = null;
  delete svg.dataset.pending;
}

/**
 * After a game page's board is drawn: when the shown position is one move
 * on from the one drawn before, animate each piece's path (unless reduced
 * motion is asked, or it was the own move already shown), keep the ghosts
 * of captured pieces, and play the move's (or the end's) sound; while the
 * own move waits for the server, draw it at once.
 */
function motionAfterDraw(svg, { path = [], tracks = pathTracks } = {}) {
  const ps = pageState(svg);
  if (!ps) return;
  const prev = svg._drawn || null;
  const key = (path || []).join(' ');
  const stepped = prev && ps.shown === prev.shown + 1;
  const pending = svg._pending;
  if (pending && ps.shown !== pending.ply) {
    svg._pending = null;
    delete svg.dataset.pending;
  }
  const trs = tracks(path || []);
  if (stepped) {
    const ghosts = prev.snapshot ? capturedCells(svg, prev.snapshot, trs) : new Map();
    svg._ghosts = { shown: ps.shown, key, ghosts };
    const ownShown = pending && pending.ply === prev.shown && pending.path.join(' ') === key;
    const live = ps.shown === ps.ply;
    if (!ownShown && !reducedMotion()) animate(svg, trs);
    if (live && prev.shown === prev.ply) {
      if (ps.over && !prev.over) playSound('end');
      else playSound('move');
    }
  } else {
    // a resignation, an agreed draw: the end without a move
    if (prev && ps.over && !prev.over && ps.shown === ps.ply) playSound('end');
    if (!(svg._ghosts && svg._ghosts.shown === ps.shown && svg._ghosts.key === key)) svg._ghosts = null;
  }
  const snap = snapshot(svg);
  if (svg._ghosts) drawGhosts(svg, svg._ghosts.ghosts);
  if (svg._pending) drawPending(svg, tracks(svg._pending.path));
  else delete svg.dataset.pending;
  const same = prev && prev.shown === ps.shown;
  svg._drawn = { shown: ps.shown, ply: ps.ply, over: ps.over, snapshot: same && prev.snapshot && prev.key === key ? prev.snapshot : snap, key };
  if (svg._pending && svg._pending.shownAt === undefined) {
    svg._pending.shownAt = performance.now();
    svg.dataset.pendingMs = (svg._pending.shownAt - svg._pending.at).toFixed(1);
  }
}
