// Super Dimensiones: the 6x6 board (view.squares playable), pieces coloured
// by army, kings with a crown, frozen pieces faded, the four signal cells by
// the corners with the token (a black disc) on the army to move.

import { s, begin, finish, cellGroup, parseCell, cellName, stateClasses, focusRect, targetMarker, namedCells, lastMarker } from './common.js';
import { h } from '../dom.js';
import { t, sideName, armyName, gameName } from '../i18n.js';
import { cardPicker, cardRow, facesOf } from '../cards.js';

const C = 60;
const M = 52;

export function draw(svg, view, ui) {
  const cols = view.cols || 6;
  const rows = view.rows || 6;
  const width = M * 2 + cols * C;
  const height = M * 2 + rows * C;
  const flip = !!ui.flip;
  const pos = (col, row) => (flip
    ? { x: M + (cols - 1 - col) * C, y: M + row * C }
    : { x: M + col * C, y: M + (rows - 1 - row) * C });
  begin(svg, width, height, t('board_label', { game: gameName('dimensiones') }));
  const playable = new Set(view.squares || []);
  const pieces = new Map((view.pieces || []).map((p) => [p.cell, p]));

  svg.append(s('rect', { class: 'dboard-frame', x: M - 4, y: M - 4, width: cols * C + 8, height: rows * C + 8, rx: 4 }));

  for (let c = 0; c < cols; c++) {
    const { x } = pos(c, 0);
    svg.append(s('text', { class: 'coord', x: x + C / 2, y: M + rows * C + 22, 'text-anchor': 'middle', text: String.fromCharCode(97 + c) }));
  }
  for (let r = 0; r < rows; r++) {
    const { y } = pos(0, r);
    svg.append(s('text', { class: 'coord', x: M - 16, y: y + C / 2 + 5, 'text-anchor': 'middle', text: String(r + 1) }));
  }

  // The army letters are drawn beside the cells' buttons, not in them: a
  // button's name must hold the words it shows ("Az" is not in "peón azul").
  const letters = s('g', { class: 'army-letters', 'aria-hidden': 'true' });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const id = cellName(c, r);
      const { x, y } = pos(c, r);
      const p = pieces.get(id);
      let label = t('cell_empty', { cell: id });
      if (p) {
        label = t(p.king ? 'dim_king' : 'dim_man', { cell: id, army: armyName(p.army).toLowerCase() });
        if (p.frozen) label += `, ${t('dim_frozen')}`;
      }
      const cls = stateClasses(id, ui);
      cls.push((c + r) % 2 === 0 ? 'dark' : 'lightsq'); // a1 is dark
      if (!playable.has(id)) cls.push('unplayable');
      const grp = cellGroup(id, x + C / 2, y + C / 2, label, cls);
      grp.append(s('rect', { class: 'dsq', x, y, width: C, height: C }));
      if (ui.last && ui.last.has(id)) grp.append(lastMarker(x, y, C, C, 2));
      if (p) {
        grp.append(pieceShape(p, x + C / 2, y + C / 2));
        // a letter as well as a colour (told apart without colour)
        letters.append(s('text', { class: `army-letter${p.frozen ? ' frozen' : ''}`, 'data-letter-cell': id, x: x + C / 2 + 13, y: y + C / 2 - 10, 'text-anchor': 'middle', text: t(`army_letter_${p.army}`) }));
      }
      if (ui.targets && ui.targets.has(id)) grp.append(targetMarker(x + C / 2, y + C / 2, !!p, C * 0.42));
      grp.append(focusRect(x, y, C, C, 4));
      svg.append(grp);
    }
  }

  svg.append(letters);

  // signal cells by the corners
  const bx = M + (cols * C) / 2;
  const by = M + (rows * C) / 2;
  for (const a of view.armies || []) {
    const pc = parseCell(a.corner || '');
    if (!pc) continue;
    const { x, y } = pos(pc.col, pc.row);
    const cx = x + C / 2; const cy = y + C / 2;
    const dx = Math.sign(cx - bx) || 1; const dy = Math.sign(cy - by) || 1;
    const tx = cx + dx * (C / 2 + 22);
    const ty = cy + dy * (C / 2 + 22);
    const active = view.army_to_move === a.army;
    svg.append(s('rect', { class: `signal signal-${a.army}${active ? ' active' : ''}`, x: tx - 17, y: ty - 17, width: 34, height: 34, rx: 7 }));
    if (active) svg.append(s('circle', { class: 'signal-token', cx: tx, cy: ty, r: 11 }, s('title', { text: t('dim_to_move', { army: armyName(a.army) }) })));
    else svg.append(s('text', { class: `signal-letter army-text-${a.army}`, x: tx, y: ty + 5, 'text-anchor': 'middle', text: t(`army_letter_${a.army}`) }));
  }
  finish(svg, ui.onCell, { path: ui.lastPath });
}

function pieceShape(p, cx, cy) {
  const g = s('g', { class: `dpiece army-${p.army}${p.frozen ? ' frozen' : ''}${p.king ? ' king' : ''}` });
  g.append(s('circle', { class: 'dp-body', cx, cy, r: 22 }));
  g.append(s('circle', { class: 'dp-rim', cx, cy, r: 16 }));
  if (p.king) {
    g.append(s('path', {
      class: 'crown',
      d: `M${cx - 11} ${cy + 7} L${cx - 13} ${cy - 7} L${cx - 5} ${cy - 1} L${cx} ${cy - 10} L${cx + 5} ${cy - 1} L${cx + 13} ${cy - 7} L${cx + 11} ${cy + 7} Z`,
    }));
  }
  if (p.frozen) g.append(s('path', { class: 'frost', d: `M${cx - 8} ${cy} h16 M${cx} ${cy - 8} v16 M${cx - 6} ${cy - 6} l12 12 M${cx + 6} ${cy - 6} l-12 12` }));
  return g;
}

function subgameText(state) {
  if (state === 'open') return t('sub_open');
  if (state === 'drawn') return t('sub_drawn');
  const m = /^won-(\d)$/.exec(state || '');
  if (m) return t('sub_won', { side: sideName('dimensiones', Number(m[1])) });
  return String(state);
}

export function info(view) {
  const out = [];
  const armies = view.armies || [];
  for (const seat of [0, 1]) {
    const mine = armies.filter((a) => a.seat === seat).map((a) => a.army);
    if (mine.length === 2) {
      out.push(h('p', { class: 'info-line' },
        ...mine.map((a) => h('span', { class: `swatch swatch-${a}`, 'aria-hidden': 'true' })),
        t('dim_armies', { side: sideName('dimensiones', seat), a: armyName(mine[0]), b: armyName(mine[1]) })));
    }
  }
  const pairs = [['red', 'blue'], ['aqua', 'orange']];
  (view.subgames || []).forEach((st, i) => {
    const [a, b] = pairs[i] || ['?', '?'];
    out.push(h('p', { class: 'info-line', text: t('dim_subgame', { a: armyName(a), b: armyName(b), state: subgameText(st) }) }));
  });
  if (view.army_to_move) out.push(h('p', { class: 'info-line', text: t('dim_to_move', { army: armyName(view.army_to_move) }) }));
  out.push(h('p', { class: 'info-line', text: t('dim_clock', { n: view.clock ?? 0 }) }));
  if (view.rules) out.push(h('p', { class: 'info-line', 'data-testid': 'rules-line', text: t('dim_rules', { rules: variantLabel(view.rules) }) }));
  return out;
}

// ---- what the pages ask of every board module ----

/** CSS swatch classes of a seat: its two armies. */
export function swatches(seat) {
  if (seat === 0) return ['red', 'aqua'];
  if (seat === 1) return ['blue', 'orange'];
  return [];
}

/** Extra status text: the army to move. */
export function statusExtra(state, tr) {
  const army = state && state.view && state.view.army_to_move;
  return army ? tr('status_army', { army: armyName(army) }) : '';
}

/**
 * A rule set as shown: its five cards' faces by name ("Multidimensional ·
 * Conquer · No armour · Western · Real"), with the huff option when on; a
 * text that is no rule set as it is.
 */
export function variantLabel(variant, tr = t) {
  const code = String(variant || '');
  if (!facesOf(code)) return code;
  const cards = code.replace(/\+huff$/, '').split('-').map((letter) => tr(`card_face_${letter}`)).join(' · ');
  return code.endsWith('+huff') ? tr('dim_rules_huff', { cards }) : cards;
}

/**
 * Why the game ended, when both sub-games are decided: what decided each
 * (view.subgame_ends: an army with no pieces left, or one that could not
 * move); '' when the state does not tell.
 */
export function endReason(state, me, tr) {
  const r = state && state.result;
  const ends = state && state.view && state.view.subgame_ends;
  if (!r || r.reason !== 'subgames' || !Array.isArray(ends) || ends.length !== 2) return '';
  const why = (e) => {
    if (!e || !e.army) return '';
    const army = armyName(e.army);
    if (e.why === 'no-pieces') return tr('dim_end_no_pieces', { army });
    if (e.why === 'blocked') return tr('dim_end_blocked', { army });
    return '';
  };
  const [first, second] = ends.map(why);
  return first && second ? tr('dim_end', { first, second }) : '';
}

/** The cells of the last move: the piece's start and every landing. */
export function lastMoveCells(move) {
  const path = namedCells(move);
  return { set: new Set(path), path };
}

const CARDS = [['M', 'I'], ['C', 'D'], ['A', 'N'], ['W', 'E'], ['R', 'S']];
const DEFAULT_RULES = 'M-C-N-W-R';

/** All 32 rule sets, the default first. */
export function allRuleSets() {
  const out = [];
  const rec = (i, acc) => {
    if (i === CARDS.length) { out.push(acc.join('-')); return; }
    for (const c of CARDS[i]) rec(i + 1, [...acc, c]);
  };
  rec(0, []);
  out.sort((a, b) => (a === DEFAULT_RULES ? -1 : b === DEFAULT_RULES ? 1 : a.localeCompare(b)));
  return out;
}

/**
 * The rule set picker: the five cards, each flipped by a click (web/cards.js),
 * kept in step with the list of the 32 codes (from the catalog), and the
 * huff box where capture is compulsory ("+huff" added to the value).
 */
export function variantPicker({ value, entry, t: tr, lang, onChange }) {
  const fromCat = (entry && Array.isArray(entry.variants) ? entry.variants : []).map((v) => v && v.id).filter((x) => typeof x === 'string');
  let sets = fromCat.filter((n) => !n.includes('+huff'));
  if (!sets.length) sets = allRuleSets();
  const huffable = (rs) => rs.split('-')[2] === 'N';
  let huff = (value || '').includes('+huff');
  const base = (value || (entry && entry.default_variant) || DEFAULT_RULES).replace('+huff', '');
  const full = (rs) => (huff && huffable(rs) ? `${rs}+huff` : rs);
  const sel = h('select', { id: 'variant', 'data-testid': 'variant' }, ...sets.map((n) => h('option', { value: n, text: n })));
  sel.value = sets.includes(base) ? base : sets[0];
  const huffBox = h('input', { type: 'checkbox', id: 'huff', 'data-testid': 'huff' });
  const sync = () => {
    huffBox.disabled = !huffable(sel.value);
    if (huffBox.disabled) huff = false;
    huffBox.checked = huff;
  };
  const cards = cardPicker({
    code: sel.value,
    lang,
    t: tr,
    onChange: (code) => {
      if (sets.includes(code)) sel.value = code;
      sync();
      onChange(full(sel.value));
    },
  });
  sync();
  sel.addEventListener('change', () => { cards.set(sel.value); sync(); onChange(full(sel.value)); });
  huffBox.addEventListener('change', () => { huff = huffBox.checked; onChange(full(sel.value)); });
  return {
    node: h('div', { class: 'field' },
      h('span', { class: 'label', id: 'cards-label', text: tr('ruleset') }),
      h('p', { class: 'hint', text: tr('cards_flip_hint') }),
      cards.node,
      h('div', { class: 'code-form' },
        h('label', { for: 'variant', text: `${tr('cards_code')} ` }), sel,
        h('p', { class: 'hint', text: tr('cards_help') })),
      h('label', { class: 'check' }, huffBox, ` ${tr('huff')}`)),
    value: full(sel.value),
  };
}

/** A running game's rule set as its five cards (null for a code that is not one). */
export function variantCards(variant, tr, lang) {
  return cardRow(variant, lang, tr);
}

/**
 * What comes next while a move is entered: after a piece that captures,
 * the square where its capture ends; after a landing that goes on, the
 * next square it lands on.
 */
export function entryPrompt(prefix, moves, tr) {
  const longer = moves.filter((m) => (m.path || []).length > prefix.length);
  if (prefix.length >= 2 && longer.length) return tr('dim_jump_on');
  // A capture is entered as its start and end (its full path only where two
  // captures share both): a multiple capture's end is its last square.
  if (prefix.length === 1 && longer.some((m) => /x/.test(m.move || ''))) return tr('dim_capture_end');
  return '';
}
