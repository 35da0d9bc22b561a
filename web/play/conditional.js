// Conditional moves (issue #49; docs/rulings.md, "Around the board", 12):
// in a correspondence game, the player who waits writes lines "their
// move, my answer, their move, my answer…", one per row; the rows become
// the tree the server keeps privately (POST /api/games/{id}/conditional)
// and plays from at once when the opponent's move matches.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import * as api from '../api.js';

/** The tree of `rows` (each a list of moves: theirs, mine, …); throws on
 *  a row of odd length or two answers to one move. */
export function treeOf(rows) {
  const tree = [];
  for (const row of rows) {
    if (row.length % 2) throw new Error(`${row.join(' ')}: ?`);
    let level = tree;
    for (let i = 0; i < row.length; i += 2) {
      let node = level.find((n) => n.if === row[i]);
      if (!node) { node = { if: row[i], then: row[i + 1], next: [] }; level.push(node); }
      if (node.then !== row[i + 1]) throw new Error(`${row[i]}: ${node.then} / ${row[i + 1]}`);
      level = node.next;
    }
  }
  return tree;
}

/** The rows of `tree`: one per path from its root to a leaf. */
export function rowsOf(tree, before = []) {
  return tree.flatMap((n) => {
    const path = [...before, n.if, n.then];
    return n.next && n.next.length ? rowsOf(n.next, path) : [path];
  });
}

/** The conditional moves' box of game `id` (`tokens()`: the page's seat
 *  tokens): `el`, and `render(live)` after each state. */
export function createConditional({ id, tokens }) {
  const title = h('h2', { class: 'conditional-title' });
  const help = h('p', { class: 'hint' });
  const area = h('textarea', { class: 'conditional-text', 'data-testid': 'conditional-lines', rows: 3, spellcheck: 'false' });
  const save = h('button', { type: 'button', 'data-testid': 'conditional-save' });
  const clear = h('button', { type: 'button', class: 'secondary', 'data-testid': 'conditional-clear' });
  const state = h('p', { class: 'conditional-state', 'data-testid': 'conditional-state', 'aria-live': 'polite' });
  const el = h('div', { class: 'conditional', 'data-testid': 'conditional', hidden: true }, title, help, area, h('p', { class: 'account-buttons' }, save, clear), state);
  let loadedAt = null;
  let count = null;

  const words = () => {
    title.textContent = t('conditional_title');
    help.textContent = t('conditional_help');
    save.textContent = t('conditional_save');
    clear.textContent = t('conditional_clear');
    if (count !== null) state.textContent = t('conditional_saved', { lines: count });
  };
  const shown = (c) => {
    const rows = rowsOf(c.lines || []);
    count = rows.length;
    if (document.activeElement !== area) area.value = rows.map((r) => r.join(' ')).join('\n');
    state.dataset.state = 'saved';
    words();
  };
  const send = async (lines) => {
    try {
      shown(await api.post(`/api/games/${encodeURIComponent(id)}/conditional`, { lines }, tokens()));
    } catch (e) {
      state.textContent = (e && e.message) || String(e);
      state.dataset.state = 'error';
    }
  };
  save.addEventListener('click', () => {
    let lines;
    try {
      const rows = area.value.split('\n').map((r) => r.split(/[\s,;]+/).filter(Boolean)).filter((r) => r.length);
      lines = treeOf(rows);
    } catch (e) {
      state.textContent = e.message;
      state.dataset.state = 'error';
      return;
    }
    send(lines);
  });
  clear.addEventListener('click', () => { area.value = ''; send([]); });

  function render(live) {
    words();
    const mine = (live && live.you) || [];
    const waiting = !!live && !live.result && live.clock && live.clock.days
      && mine.length === 1 && live.to_move !== null && live.to_move !== mine[0];
    el.hidden = !waiting;
    if (waiting && loadedAt !== live.ply) {
      loadedAt = live.ply;
      api.get(`/api/games/${encodeURIComponent(id)}/conditional`, tokens()).then(shown).catch(() => { el.hidden = true; });
    }
  }
  return { el, render };
}
