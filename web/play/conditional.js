// Conditional moves (issue #49; docs/rulings.md, "Around the board", 12):
// in a correspondence game, the player who waits writes lines "their
// move, my answer, their move, my answer…", one per row; the rows become
// the tree the server keeps privately (POST /api/games/{id}/conditional)
// and plays from at once when the opponent's move matches. The same tree
// is built on the analysis board (`createPlan`): play their move and your
// answer there, add the line, see the tree and remove a branch.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import * as api from '../api.js';

/** Adds the line `path` (their move, my answer, …) to `tree` in place;
 *  throws an Error with `move` and `answer` when the tree already answers
 *  one of its moves otherwise. */
function addLine(tree, path) {
  let level = tree;
  for (let i = 0; i + 1 < path.length; i += 2) {
    let node = level.find((n) => n.if === path[i]);
    if (node && node.then !== path[i + 1]) {
      throw Object.assign(new Error(`${path[i]}: ${node.then} / ${path[i + 1]}`), { move: path[i], answer: node.then });
    }
    if (!node) { node = { if: path[i], then: path[i + 1], next: [] }; level.push(node); }
    if (!node.next) node.next = [];
    level = node.next;
  }
}

/** The tree of `rows` (each a list of moves: theirs, mine, …); throws on
 *  a row of odd length or two answers to one move. */
export function treeOf(rows) {
  const tree = [];
  for (const row of rows) {
    if (row.length % 2) throw new Error(`${row.join(' ')}: ?`);
    addLine(tree, row);
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

/** `tree` with the line `path` (their move, my answer, …) added, as a
 *  copy; throws as `addLine` does. */
export function withLine(tree, path) {
  const copy = structuredClone(tree);
  addLine(copy, path);
  return copy;
}

/** Whether `tree` holds the line `path` (from its root). */
export function holds(tree, path) {
  let level = tree;
  for (let i = 0; i + 1 < path.length; i += 2) {
    const node = level.find((n) => n.if === path[i] && n.then === path[i + 1]);
    if (!node) return false;
    level = node.next || [];
  }
  return true;
}

/** `tree` without the branch at `path` (the node whose line is `path`). */
export function withoutBranch(tree, path) {
  const copy = structuredClone(tree);
  let level = copy;
  for (let i = 0; i + 1 < path.length; i += 2) {
    const at = level.findIndex((n) => n.if === path[i] && n.then === path[i + 1]);
    if (at < 0) return copy;
    if (i + 2 >= path.length) { level.splice(at, 1); return copy; }
    level = level[at].next || [];
  }
  return copy;
}

/** Whether a player holding `live.you` may keep conditional moves now:
 *  'wait' (the opponent is to move), 'turn' (their own move), or null (a
 *  live game, a game over, a spectator or both seats). */
export function conditionalPhase(live) {
  const mine = (live && live.you) || [];
  if (!live || live.result || !live.clock || !live.clock.days || mine.length !== 1 || live.to_move === null) return null;
  return live.to_move === mine[0] ? 'turn' : 'wait';
}

/** The conditional moves on the analysis board of game `id`: `el`, and
 *  `render({ live, gameLine, line, ply })` after each change of the board;
 *  `show(moves)` is asked to show the game's line with `moves` after it. */
export function createPlan({ id, tokens, show }) {
  const title = h('h2', { class: 'moves-title' });
  const help = h('p', { class: 'hint' });
  const add = h('button', { type: 'button', 'data-testid': 'plan-add' });
  const treeEl = h('div', { class: 'plan-tree', 'data-testid': 'plan-tree' });
  const state = h('p', { class: 'conditional-state', 'data-testid': 'plan-state', 'aria-live': 'polite' });
  const el = h('div', { class: 'plan', 'data-testid': 'plan', hidden: true }, title, help, h('p', { class: 'account-buttons' }, add), state, treeEl);
  let tree = null;
  let loaded = false;
  let last = null;
  let message = null; // [key, args] or a server's text

  const pending = () => {
    if (!last) return null;
    const { gameLine, line, ply } = last;
    if (!gameLine || ply <= gameLine.length || (ply - gameLine.length) % 2) return null;
    if (line.slice(0, gameLine.length).join('|') !== gameLine.join('|')) return null;
    return line.slice(gameLine.length, ply);
  };
  const say = (m, kind) => { message = m; state.dataset.state = kind; draw(); };
  const send = async (next) => {
    try {
      const c = await api.post(`/api/games/${encodeURIComponent(id)}/conditional`, { lines: next }, tokens());
      tree = c.lines || [];
      say(['conditional_saved', { lines: rowsOf(tree).length }], 'saved');
    } catch (e) {
      say((e && e.message) || String(e), 'error');
    }
  };
  add.addEventListener('click', () => {
    const path = pending();
    if (!path || !tree) return;
    try {
      send(withLine(tree, path));
    } catch (e) {
      say(['conditional_conflict', { move: e.move, answer: e.answer }], 'error');
    }
  });

  function branch(node, before, depth) {
    const path = [...before, node.if, node.then];
    const shown = pending();
    const here = shown && shown.join('|') === path.join('|');
    const item = h('li', { 'data-testid': 'plan-line', 'data-line': path.join(' '), class: here ? 'current' : '' },
      h('button', { type: 'button', class: 'move-btn', onclick: () => show(path), text: t('conditional_if', { their: node.if, mine: node.then }) }),
      h('button', {
        type: 'button', class: 'icon plan-remove', 'data-testid': 'plan-remove', text: '×',
        'aria-label': t('conditional_remove', { move: node.if }), title: t('conditional_remove', { move: node.if }),
        onclick: () => send(withoutBranch(tree, path)),
      }));
    if (node.next && node.next.length) item.append(h('ul', null, ...node.next.map((n) => branch(n, path, depth + 1))));
    return item;
  }

  function draw() {
    title.textContent = t('conditional_title');
    help.textContent = t('conditional_plan_help');
    add.textContent = t('conditional_add');
    const path = pending();
    add.disabled = !path || !tree || holds(tree, path);
    if (Array.isArray(message)) state.textContent = t(message[0], message[1]);
    else state.textContent = message || '';
    if (tree === null) { treeEl.replaceChildren(); return; }
    treeEl.replaceChildren(tree.length
      ? h('ul', null, ...tree.map((n) => branch(n, [], 0)))
      : h('p', { class: 'hint', text: t('conditional_saved', { lines: 0 }) }));
  }

  function render(now) {
    // A refusal is about the line it was given: it goes with that line.
    const key = (p) => (p ? p.line.slice(0, p.ply).join('|') : '');
    if (state.dataset.state === 'error' && key(last) !== key(now)) { message = null; state.dataset.state = ''; }
    last = now;
    const phase = conditionalPhase(now.live);
    el.hidden = !phase;
    if (phase === 'turn') { help.textContent = t('api_conditional_your_turn'); add.hidden = true; treeEl.replaceChildren(); return; }
    add.hidden = false;
    if (phase === 'wait' && !loaded) {
      loaded = true;
      api.get(`/api/games/${encodeURIComponent(id)}/conditional`, tokens())
        .then((c) => { tree = c.lines || []; draw(); })
        .catch((e) => say((e && e.message) || String(e), 'error'));
    }
    draw();
  }
  return { el, render };
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
  const plan = h('a', { href: `/analysis/${encodeURIComponent(id)}`, 'data-link': '', 'data-testid': 'conditional-plan' });
  const el = h('div', { class: 'conditional', 'data-testid': 'conditional', hidden: true }, title, h('p', null, plan), help, area, h('p', { class: 'account-buttons' }, save, clear), state);
  let loadedAt = null;
  let count = null;

  const words = () => {
    title.textContent = t('conditional_title');
    help.textContent = t('conditional_help');
    plan.textContent = t('conditional_plan');
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
    const waiting = conditionalPhase(live) === 'wait';
    el.hidden = !waiting;
    if (waiting && loadedAt !== live.ply) {
      loadedAt = live.ply;
      api.get(`/api/games/${encodeURIComponent(id)}/conditional`, tokens()).then(shown).catch(() => { el.hidden = true; });
    }
  }
  return { el, render };
}
