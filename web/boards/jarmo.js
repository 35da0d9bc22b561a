// Jarmo: 5x5 points joined by view.lines, dark and light archers, marked
// archers with a ring, the first rows labelled; lost/owed/points below.

import { s, begin, finish, cellGroup, parseCell, stateClasses, focusRect, targetMarker, namedCells, catalogPicker, catalogVariantLabel } from './common.js';
import { h } from '../dom.js';
import { t, sideName, gameName } from '../i18n.js';

const S = 84;
const M = 46;
const LABEL = 44;

export const SEAT_CLASS = ['dark', 'light'];

/** Default orientation: seat 1's first row at the top. */
function rotated(view, flip) {
  const hr = view.home_rows || [1, 5];
  const natural = hr[1] < hr[0]; // seat 1 starts on a low row: turn the board
  return natural !== !!flip;
}

export function draw(svg, view, ui) {
  const cols = view.cols || 5;
  const rows = view.rows || 5;
  const rot = rotated(view, ui.flip);
  const top = 22;
  const width = M * 2 + (cols - 1) * S;
  const height = top + M * 2 + (rows - 1) * S + LABEL;
  const pos = (col, row) => (rot
    ? { x: M + (cols - 1 - col) * S, y: top + M + row * S }
    : { x: M + col * S, y: top + M + (rows - 1 - row) * S });
  begin(svg, width, height, t('board_label', { game: gameName('jarmo') }));

  // first-row bands and their labels
  const hr = view.home_rows || [1, 5];
  for (const seat of [0, 1]) {
    const row = hr[seat] - 1;
    const { y } = pos(0, row);
    svg.append(s('rect', { class: `home-band home-${SEAT_CLASS[seat]}`, x: 8, y: y - S / 2 + 6, width: width - 16, height: S - 12, rx: 12 }));
    const above = y < height / 2;
    svg.append(s('text', {
      class: 'band-label', x: width / 2, y: above ? y - S / 2 - 2 : y + S / 2 + 36, 'text-anchor': 'middle',
      text: t('jarmo_first_row', { side: sideName('jarmo', seat) }),
    }));
  }

  // coordinates
  for (let c = 0; c < cols; c++) {
    const { x } = pos(c, 0);
    const { y } = pos(0, rot ? rows - 1 : 0);
    svg.append(s('text', { class: 'coord', x, y: y + S / 2 + 14, 'text-anchor': 'middle', text: String.fromCharCode(97 + c) }));
  }
  for (let r = 0; r < rows; r++) {
    const { y } = pos(0, r);
    svg.append(s('text', { class: 'coord', x: 14, y: y + 5, 'text-anchor': 'middle', text: String(r + 1) }));
  }

  // lines
  const lines = s('g', { class: 'lines' });
  for (const [a, b] of view.lines || []) {
    const pa = parseCell(a); const pb = parseCell(b);
    if (!pa || !pb) continue;
    const A = pos(pa.col, pa.row); const B = pos(pb.col, pb.row);
    lines.append(s('line', { class: 'jline', x1: A.x, y1: A.y, x2: B.x, y2: B.y }));
  }
  svg.append(lines);

  // last move: draw the line it used
  if (ui.lastPath && ui.lastPath.length >= 2) {
    const pa = parseCell(ui.lastPath[0]); const pb = parseCell(ui.lastPath[1]);
    if (pa && pb) {
      const A = pos(pa.col, pa.row); const B = pos(pb.col, pb.row);
      svg.append(s('line', { class: 'jline-last', x1: A.x, y1: A.y, x2: B.x, y2: B.y }));
    }
  }

  const archers = new Map((view.archers || []).map((a) => [a.cell, a]));
  const points = view.points || [];
  for (const id of points) {
    const p = parseCell(id);
    if (!p) continue;
    const { x, y } = pos(p.col, p.row);
    const a = archers.get(id);
    let label = t('cell_empty', { cell: id });
    if (a) label = t(a.marked ? 'jarmo_marked' : 'jarmo_archer', { cell: id, side: sideName('jarmo', a.seat).toLowerCase() });
    const grp = cellGroup(id, x, y, label, stateClasses(id, ui));
    grp.append(s('rect', { class: 'hit', x: x - S / 2 + 4, y: y - S / 2 + 4, width: S - 8, height: S - 8, rx: 10 }));
    grp.append(s('circle', { class: 'jpoint', cx: x, cy: y, r: 6 }));
    if (a) {
      if (a.marked) grp.append(s('circle', { class: 'mark-ring', cx: x, cy: y, r: 29 }));
      grp.append(s('circle', { class: `archer archer-${SEAT_CLASS[a.seat]}`, cx: x, cy: y, r: 21 }));
      // a bow-like chevron pointing to the goal
      grp.append(s('path', { class: `archer-sign archer-sign-${SEAT_CLASS[a.seat]}`, d: `M${x - 8} ${y + 3} Q${x} ${y - 12} ${x + 8} ${y + 3}` }));
      if (a.marked) grp.append(s('circle', { class: 'mark-dot', cx: x, cy: y + 8, r: 4 }));
    }
    if (ui.last && ui.last.has(id)) grp.append(s('circle', { class: 'last-ring', cx: x, cy: y, r: 33 }));
    if (ui.targets && ui.targets.has(id)) grp.append(a ? targetMarker(x, y, true, 27) : s('circle', { class: 'target-dot', cx: x, cy: y, r: 12 }));
    grp.append(focusRect(x - S / 2 + 2, y - S / 2 + 2, S - 4, S - 4, 10));
    svg.append(grp);
  }
  finish(svg, ui.onCell, { path: ui.lastPath });
}

export function info(view) {
  const out = [];
  for (const seat of [0, 1]) {
    const onBoard = (view.archers || []).filter((a) => a.seat === seat).length;
    out.push(h('p', { class: `info-line seat-${SEAT_CLASS[seat]}` },
      h('span', { class: `swatch swatch-${SEAT_CLASS[seat]}`, 'aria-hidden': 'true' }),
      t('jarmo_side_line', {
        side: sideName('jarmo', seat),
        board: onBoard,
        lost: (view.lost || [0, 0])[seat],
        owed: (view.owed || [0, 0])[seat],
        points: (view.points_now || [0, 0])[seat],
      })));
  }
  out.push(h('p', { class: 'info-line', text: t('jarmo_quiet', { quiet: view.quiet ?? 0, cap: view.quiet_cap ?? 200 }) }));
  if (Array.isArray(view.shuttle_ban) && view.shuttle_ban.length === 2) {
    out.push(h('p', { class: 'info-line', text: t('jarmo_shuttle', { from: view.shuttle_ban[0], to: view.shuttle_ban[1] }) }));
  }
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

/** A variant's label from the catalog. */
export function variantLabel(variant, tr, entry, lang) {
  return catalogVariantLabel(entry, variant, lang) || variant;
}

/** The cells of the last move: from, to (and a return point). */
export function lastMoveCells(move) {
  const path = namedCells(move);
  return { set: new Set(path), path };
}

/** The variant picker: the catalog's list. */
export function variantPicker(opts) {
  return catalogPicker(opts);
}

/**
 * Why the game ended, when its reason is "all-arrived": whose last archer
 * arrived (or who has none left), from the reader's side (`me`: the
 * reader's one seat, or null); '' when the state does not tell.
 */
export function endReason(state, me, tr) {
  const r = state && state.result;
  const view = state && state.view;
  if (!r || r.reason !== 'all-arrived' || !view || !Array.isArray(view.archers)) return '';
  const hr = view.home_rows || [1, 5];
  const left = [0, 1].map((seat) => view.archers.filter((a) => a.seat === seat));
  const none = [0, 1].filter((seat) => left[seat].length === 0);
  if (none.length === 2) return tr('jarmo_end_none_both');
  if (none.length === 1) {
    return none[0] === me ? tr('jarmo_end_none_you') : tr('jarmo_end_none_side', { side: sideName('jarmo', none[0]) });
  }
  const row = (cell) => { const p = parseCell(cell); return p ? p.row + 1 : -1; };
  const arrived = [0, 1].filter((seat) => left[seat].every((a) => row(a.cell) === hr[1 - seat]));
  if (!arrived.length) return '';
  const seat = arrived.includes(me) ? me : arrived[0];
  return seat === me ? tr('jarmo_end_arrived_you') : tr('jarmo_end_arrived_side', { side: sideName('jarmo', seat) });
}

/**
 * What comes next while a move is entered: after an arrival that earns a
 * return, the point of the own first row where a lost archer comes back.
 */
export function entryPrompt(prefix, moves, tr) {
  const longer = moves.filter((m) => (m.path || []).length > prefix.length);
  return prefix.length === 2 && longer.length ? tr('jarmo_return_where') : '';
}
