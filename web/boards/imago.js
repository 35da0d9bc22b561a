// Imago: an 8x6 grid of which only view.cells exist (the 6x6 grid b–g and
// the goal cells a1, a6, h1, h6), goal cells in the colour of the seat
// heading there, walls as thick bars on edges, red and blue pieces.
// With ui.edges the editor's edge handles are drawn too (data-cell "c3-d3").

import { s, begin, finish, cellGroup, parseCell, cellName, stateClasses, focusRect, targetMarker, namedCells, lastMarker, pathTracks } from './common.js';
import { h } from '../dom.js';
import { t, sideName, gameName } from '../i18n.js';

const C = 64;
const LM = 28;
const TM = 8;
const BM = 28;
const RM = 8;
export const SEAT_CLASS = ['red', 'blue'];

export function geometry(view, flip) {
  const cols = view.cols || 8;
  const rows = view.rows || 6;
  const pos = (col, row) => (flip
    ? { x: LM + (cols - 1 - col) * C, y: TM + row * C }
    : { x: LM + col * C, y: TM + (rows - 1 - row) * C });
  return { cols, rows, pos, width: LM + cols * C + RM, height: TM + rows * C + BM };
}

/** The list of all cells of the Imago board (used by the editor). */
export const IMAGO_CELLS = (() => {
  const out = [];
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 8; c++) {
      if ((c === 0 || c === 7) && r !== 0 && r !== 5) continue;
      out.push(String.fromCharCode(97 + c) + (r + 1));
    }
  }
  return out;
})();

export const IMAGO_GOALS = [
  { cell: 'h1', seat: 0 }, { cell: 'h6', seat: 0 }, { cell: 'a1', seat: 1 }, { cell: 'a6', seat: 1 },
];

/** The pairs of neighbouring existing cells (every possible wall). */
export function allEdges(cells = IMAGO_CELLS) {
  const set = new Set(cells);
  const out = [];
  for (const a of cells) {
    const p = parseCell(a);
    const right = String.fromCharCode(97 + p.col + 1) + (p.row + 1);
    const up = String.fromCharCode(97 + p.col) + (p.row + 2);
    if (set.has(right)) out.push([a, right]);
    if (set.has(up)) out.push([a, up]);
  }
  return out;
}

export function draw(svg, view, ui) {
  const g = geometry(view, ui.flip);
  begin(svg, g.width, g.height, t('board_label', { game: gameName('imago') }));
  const goals = new Map((view.goals || []).map((x) => [x.cell, x.seat]));
  const pieces = new Map((view.pieces || []).map((x) => [x.cell, x.seat]));
  // While a move is entered, the stepping piece stands where it would go.
  let ghost = null;
  const sel = ui.selected || [];
  if (sel.length >= 2 && pieces.has(sel[0]) && !pieces.has(sel[1])) {
    ghost = sel[0];
    pieces.set(sel[1], pieces.get(sel[0]));
    pieces.delete(sel[0]);
  }

  // column and row labels
  for (let c = 0; c < g.cols; c++) {
    const { x } = g.pos(c, 0);
    svg.append(s('text', { class: 'coord', x: x + C / 2, y: g.height - 8, 'text-anchor': 'middle', text: String.fromCharCode(97 + c) }));
  }
  for (let r = 0; r < g.rows; r++) {
    const { y } = g.pos(0, r);
    svg.append(s('text', { class: 'coord', x: LM / 2, y: y + C / 2 + 5, 'text-anchor': 'middle', text: String(r + 1) }));
  }

  for (const id of view.cells || []) {
    const p = parseCell(id);
    if (!p) continue;
    const { x, y } = g.pos(p.col, p.row);
    const goal = goals.get(id);
    const piece = pieces.get(id);
    let label;
    if (piece !== undefined) label = t('imago_piece', { cell: id, side: sideName('imago', piece).toLowerCase() });
    else label = t('cell_empty', { cell: id });
    if (goal !== undefined) label += `, ${t('imago_goal', { side: sideName('imago', goal) })}`;
    const cls = stateClasses(id, ui);
    if (goal !== undefined) cls.push(`goal goal-${SEAT_CLASS[goal]}`);
    const grp = cellGroup(id, x + C / 2, y + C / 2, label, cls);
    grp.append(s('rect', { class: 'sq', x: x + 1, y: y + 1, width: C - 2, height: C - 2, rx: 3 }));
    if (goal !== undefined) {
      grp.append(s('rect', { class: `goal-mark goal-${SEAT_CLASS[goal]}`, x: x + 7, y: y + 7, width: C - 14, height: C - 14, rx: 4 }));
      // a little flag
      grp.append(s('path', { class: `goal-flag goal-${SEAT_CLASS[goal]}`, d: `M${x + C - 20} ${y + 12} v16 M${x + C - 20} ${y + 12} l10 4 l-10 4 z` }));
    }
    if (piece !== undefined) {
      grp.append(s('circle', { class: `piece piece-${SEAT_CLASS[piece]}`, cx: x + C / 2, cy: y + C / 2, r: C * 0.32 }));
      // an arrow showing the direction the side heads for
      const dir = (piece === 0) !== !!ui.flip ? 1 : -1;
      const cx = x + C / 2;
      const cy = y + C / 2;
      grp.append(s('path', { class: 'piece-arrow', d: `M${cx - 7 * dir} ${cy - 7} L${cx + 7 * dir} ${cy} L${cx - 7 * dir} ${cy + 7}` }));
    }
    if (ghost === id) grp.append(s('circle', { class: 'piece-ghost', cx: x + C / 2, cy: y + C / 2, r: C * 0.32 }));
    if (ui.last && ui.last.has(id)) grp.append(lastMarker(x, y, C, C));
    if (ui.targets && ui.targets.has(id)) grp.append(targetMarker(x + C / 2, y + C / 2, piece !== undefined, C * 0.4));
    grp.append(focusRect(x, y, C, C));
    svg.append(grp);
  }

  // walls, on top
  const wallSet = new Set();
  for (const [a, b] of view.walls || []) {
    wallSet.add(`${a}-${b}`);
    wallSet.add(`${b}-${a}`);
    const bar = wallBar(g, a, b, 9);
    if (bar) svg.append(s('rect', { class: 'wall', ...bar, rx: 3 }));
  }

  // editor: edge handles
  if (ui.edges) {
    // At least ui.handlePx on screen (the board is scaled to its box), and
    // never so thick that a cell's middle cannot be clicked.
    const shown = svg.getBoundingClientRect().width;
    const perUnit = shown > 0 ? shown / g.width : 1;
    const px = ui.handlePx || 24;
    const thick = Math.min(40, Math.max(22, px / perUnit));
    const long = Math.min(0.8, Math.max(0.7, px / perUnit / C));
    for (const [a, b] of allEdges(view.cells)) {
      const bar = wallBar(g, a, b, thick, long);
      if (!bar) continue;
      const on = wallSet.has(`${a}-${b}`);
      const id = `${a}-${b}`;
      const grp = cellGroup(id, bar.x + bar.width / 2, bar.y + bar.height / 2,
        t('edge_label', { a, b, state: on ? t('edge_wall') : t('edge_open') }), ['edge', on ? 'on' : 'off']);
      grp.append(s('rect', { class: 'edge-hit', ...bar, rx: 4 }));
      // what shows: a short bar on the edge (the hit area around it is larger)
      const line = wallBar(g, a, b, 6, 0.5);
      if (!on) grp.append(s('rect', { class: 'edge-line', ...line, rx: 3 }));
      grp.append(focusRect(bar.x - 2, bar.y - 2, bar.width + 4, bar.height + 4, 4));
      svg.append(grp);
    }
  }
  finish(svg, ui.onCell, ui.edges ? null : { path: ui.lastPath, tracks: (p) => lastTracks(p, view) });
}

/** The rectangle of a wall between cells a and b (thickness th, length factor). */
function wallBar(g, a, b, th, lenFactor = 1.08) {
  const pa = parseCell(a);
  const pb = parseCell(b);
  if (!pa || !pb) return null;
  const A = g.pos(pa.col, pa.row);
  const B = g.pos(pb.col, pb.row);
  const ax = A.x + C / 2; const ay = A.y + C / 2;
  const bx = B.x + C / 2; const by = B.y + C / 2;
  const mx = (ax + bx) / 2; const my = (ay + by) / 2;
  const len = C * lenFactor;
  if (Math.abs(ax - bx) > Math.abs(ay - by)) {
    return { x: mx - th / 2, y: my - len / 2, width: th, height: len };
  }
  return { x: mx - len / 2, y: my - th / 2, width: len, height: th };
}

export function info(view) {
  const out = [];
  if (view.passes) out.push(h('p', { text: `${t('pass')}: ${view.passes}` }));
  return out;
}

// ---- what the pages ask of every board module ----

/** CSS swatch classes of a seat. */
export function swatches(seat) {
  return SEAT_CLASS[seat] ? [SEAT_CLASS[seat]] : [];
}

/** Extra status text: none. */
export function statusExtra() {
  return '';
}

/** A layout as shown: the default one by name, others as their text. */
export function variantLabel(variant, tr) {
  return variant === 'default' ? tr('layout_default') : variant;
}

/**
 * The cells of the last move ("b2-c2 g5"): the step's two cells and the
 * pushed piece where it stands now (one cell against the step, when the
 * push went through).
 */
export function lastMoveCells(move, view) {
  const path = namedCells(move);
  const set = new Set(path.slice(0, 2));
  if (path.length === 3) {
    const [a, b, pushed] = path.map(parseCell);
    let at = path[2];
    if (a && b && pushed) {
      const col = pushed.col + (a.col - b.col);
      const row = pushed.row + (a.row - b.row);
      const moved = String.fromCharCode(97 + col) + (row + 1);
      if (view && (view.pieces || []).some((p) => p.cell === moved) && !(view.pieces || []).some((p) => p.cell === path[2])) at = moved;
    }
    set.add(at);
  }
  return { set, path };
}

/**
 * The pieces' paths of a move ("b2-c2 g5"): the step, then the pushed
 * piece one cell against the step (where that cell exists).
 */
export function lastTracks(path, view) {
  const out = pathTracks(path.slice(0, 2));
  if (path.length === 3) {
    const [a, b, pushed] = path.map(parseCell);
    if (a && b && pushed) {
      const to = cellName(pushed.col + (a.col - b.col), pushed.row + (a.row - b.row));
      if ((view.cells || []).includes(to)) out.push({ cells: [path[2], to] });
    }
  }
  return out;
}

/** What the new-game form needs first: the saved layouts. */
export async function pickerData(get) {
  try { return (await get('/api/layouts')).layouts || []; } catch { return []; }
}

/** The layout picker: the default, the saved layouts, one from the editor. */
export function variantPicker({ value, data, t: tr, onChange }) {
  const opts = [h('option', { value: 'default', text: tr('layout_default') })];
  const known = new Set(['default']);
  for (const l of data || []) {
    if (!l || typeof l.layout !== 'string') continue;
    known.add(l.layout);
    opts.push(h('option', { value: l.layout, text: `${l.name} — ${l.layout}` }));
  }
  if (value && !known.has(value)) opts.push(h('option', { value, text: tr('layout_from_editor', { layout: value }) }));
  const sel = h('select', { id: 'variant', 'data-testid': 'variant', onchange: (e) => onChange(e.target.value) }, ...opts);
  sel.value = value || 'default';
  return {
    node: h('div', { class: 'field' }, h('label', { for: 'variant', text: tr('layout') }), sel,
      h('p', { class: 'hint' }, h('a', { href: '/editor', 'data-link': '', text: tr('nav_editor') }))),
    value: sel.value,
  };
}

/** What comes next while a move is entered: after the step, the push. */
export function entryPrompt(prefix, moves, tr) {
  const longer = moves.filter((m) => (m.path || []).length > prefix.length);
  return prefix.length === 2 && longer.length ? tr('imago_push_which') : '';
}
