// Shared SVG helpers for the boards: element creation, focusable cell
// groups (roving tabindex, Enter/Space, arrow keys) and click delegation.

import { t } from '../i18n.js';
import { h } from '../dom.js';

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
 */
export function finish(svg, onCell) {
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
