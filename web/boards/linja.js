// Linja: eight rows "0".."7" separated by seven sticks; the pieces of each
// colour drawn as stones with their count; each row's points; the scores.
// The clickable cells are the rows (ids "0".."7").

import { s, begin, finish, cellGroup, stateClasses, focusRect, catalogPicker, catalogVariantLabel } from './common.js';
import { h } from '../dom.js';
import { t, sideName, gameName, getLang } from '../i18n.js';
import { entry as catalogEntry } from '../games.js';

const W = 460;
const RH = 52;
const STICK = 10;
const LM = 34;
const PTS = 92; // room on the right for the row's points
const TOP = 6;

export const SEAT_CLASS = ['red', 'black'];

export function draw(svg, view, ui) {
  const rows = entered(view.rows || [], ui.selected || []);
  const n = rows.length || 8;
  const height = TOP * 2 + n * RH + (n - 1) * STICK;
  begin(svg, W, height, t('board_label', { game: gameName('linja') }));
  const limit = view.row_limit || 6;
  // Default: row 7 (Black's start, seat 1) at the top.
  const order = rows.slice().sort((a, b) => Number(a.row) - Number(b.row));
  const display = ui.flip ? order : order.slice().reverse();

  display.forEach((r, i) => {
    const y = TOP + i * (RH + STICK);
    const id = String(r.row);
    const idx = Number(r.row);
    const counts = r.counts || [0, 0];
    const field = idx > 0 && idx < n - 1;
    const full = field && counts[0] + counts[1] >= limit;
    const pts = r.points || [0, 0];
    const ptsText = [0, 1].filter((seat) => pts[seat]).map((seat) => `, ${t('linja_points', { n: pts[seat], side: sideName('linja', seat) })}`).join('');
    const label = t('linja_row', { row: id, red: counts[0], black: counts[1] }) + (full ? `, ${t('linja_full')}` : '') + ptsText;
    const cls = stateClasses(id, ui);
    if (!field) cls.push('line-row');
    if (full) cls.push('full');
    const grp = cellGroup(id, W / 2, y + RH / 2, label, cls);
    grp.append(s('rect', { class: 'lrow', x: 2, y, width: W - 4, height: RH, rx: 6 }));
    // The row's words are drawn beside its button, not in it: its name
    // says them (a button's name must hold the text it shows).
    const words = s('g', { class: 'row-words', 'aria-hidden': 'true' });
    words.append(s('text', { class: 'coord row-num', x: LM / 2 + 7, y: y + RH / 2 + 6, 'text-anchor': 'middle', text: id }));

    // stones
    const total = counts[0] + counts[1];
    const avail = W - LM - PTS - 16;
    const step = total > 0 ? Math.min(24, avail / Math.max(total, 1)) : 24;
    const rad = Math.min(10, step * 0.48);
    let x = LM + 10 + rad;
    for (const seat of [0, 1]) {
      for (let k = 0; k < counts[seat]; k++) {
        grp.append(s('circle', { class: `stone stone-${SEAT_CLASS[seat]}`, cx: x, cy: y + RH / 2 - 4, r: rad }));
        x += step;
      }
      if (counts[seat] > 0) {
        // count below the group
        const groupStart = x - step * counts[seat];
        words.append(s('text', {
          class: `count count-${SEAT_CLASS[seat]}`, x: groupStart + (step * counts[seat]) / 2 - step / 2 + rad, y: y + RH - 4,
          'text-anchor': 'middle', text: `${counts[seat]}`,
        }));
        x += 6;
      }
    }
    if (full) words.append(s('text', { class: 'full-tag', x: W - PTS - 10, y: y + 16, 'text-anchor': 'end', text: t('linja_full') }));

    // the row's points
    let py = y + RH / 2 + 5;
    const nz = [0, 1].filter((seat) => pts[seat]);
    if (nz.length === 2) py = y + RH / 2 - 4;
    nz.forEach((seat, j) => {
      words.append(s('text', {
        class: `row-pts pts-${SEAT_CLASS[seat]}`, x: W - 10, y: py + j * 18, 'text-anchor': 'end',
        text: t('linja_points', { n: pts[seat], side: sideName('linja', seat) }),
      }));
    });
    if (ui.targets && ui.targets.has(id)) {
      grp.append(s('rect', { class: 'target-band', x: 5, y: y + 3, width: W - 10, height: RH - 6, rx: 6 }));
      grp.append(s('path', { class: 'target-arrow', d: `M${6} ${y + RH / 2 - 8} l9 8 l-9 8 z` }));
    }
    grp.append(focusRect(0, y - 2, W, RH + 4, 8));
    svg.append(grp, words);

    if (i < display.length - 1) {
      svg.append(s('rect', { class: 'stick', x: 6, y: y + RH + 1, width: W - 12, height: STICK - 2, rx: 4 }));
    }
  });
  finish(svg, ui.onCell, { path: ui.lastPath, tracks: lastTracks });
}

/**
 * The rows as they stand after the moves entered so far (`selected`: the
 * rows clicked, two per move): each complete move takes one stone of the
 * mover (Red goes up the rows, Black down) from its row to the next.
 */
export function entered(rows, selected) {
  const out = rows.map((r) => ({ ...r, counts: [...(r.counts || [0, 0])] }));
  const at = (id) => out.find((r) => String(r.row) === id);
  for (let i = 0; i + 1 < selected.length; i += 2) {
    const a = at(selected[i]);
    const b = at(selected[i + 1]);
    if (!a || !b || a === b) continue;
    const seat = Number(b.row) > Number(a.row) ? 0 : 1;
    if (a.counts[seat] > 0) {
      a.counts[seat] -= 1;
      b.counts[seat] += 1;
    }
  }
  return out;
}

/** The moves of `prefix` written as a turn is ("0-1 3-5; 1-2 2-4"): complete moves only. */
function enteredText(prefix) {
  const moves = [];
  for (let i = 0; i + 1 < prefix.length; i += 2) moves.push(`${prefix[i]}-${prefix[i + 1]}`);
  const turns = [];
  for (let i = 0; i < moves.length; i += 2) turns.push(moves.slice(i, i + 2).join(' '));
  return turns.join('; ');
}

export function info(view) {
  const sc = view.scores || [0, 0];
  const out = [h('p', { class: 'info-line', text: t('linja_scores', { red: sc[0], black: sc[1] }) })];
  if (view.rules) out.push(h('p', { class: 'info-line', 'data-testid': 'rules-line', text: t('linja_rules_line', { rules: variantLabel(view.rules, t, catalogEntry('linja'), getLang()) }) }));
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

/**
 * The rows of the last move ("0-1 3-5", "2-1 5-2; 1-0 1-0"; "pass": none):
 * every row a piece left or reached, in the order of the moves.
 */
export function lastMoveCells(move) {
  const path = [];
  for (const m of String(move || '').matchAll(/(\d)-(\d)/g)) path.push(m[1], m[2]);
  return { set: new Set(path), path };
}

/**
 * The stones' paths of a turn's rows ["0", "1", "3", "5"]: one stone per
 * pair of rows, Red's when it goes up the rows, Black's when it goes down.
 */
export function lastTracks(path) {
  const out = [];
  for (let i = 0; i + 1 < path.length; i += 2) {
    const [a, b] = [path[i], path[i + 1]];
    if (a === b) continue;
    const cls = `.stone-${SEAT_CLASS[Number(b) > Number(a) ? 0 : 1]}`;
    const last = (g) => {
      const all = g ? [...g.querySelectorAll(cls)] : [];
      return all.length ? [all[all.length - 1]] : [];
    };
    out.push({ cells: [a, b], from: last, to: last });
  }
  return out;
}

/** The variant picker: the catalog's list. */
export function variantPicker(opts) {
  return catalogPicker(opts);
}

/**
 * What comes next while a turn is entered: `prefix` the rows clicked,
 * `moves` the legal moves that go on from it (each {move, path}).
 */
export function entryPrompt(prefix, moves, tr) {
  const longer = moves.filter((m) => (m.path || []).length > prefix.length);
  if (!prefix.length || !longer.length) return '';
  const k = prefix.length % 4; // a turn: first move (2 rows), following move (2 rows)
  if (prefix.length >= 4 && k === 0) return tr('linja_extra_turn', { done: enteredText(prefix) });
  if (k === 2) {
    // the goal line stops a piece short: the full count is the longest step
    const d = longer.map((m) => Math.abs(Number(m.path[prefix.length + 1]) - Number(m.path[prefix.length]))).filter((x) => x > 0);
    if (d.length) return tr('linja_now_rows', { n: Math.max(...d) });
  }
  return '';
}
