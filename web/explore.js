// The explorer: a solved game's position (/explore/GAME?variant=V&first=F&
// moves=[...]), every legal move with its exact value (POST /api/explore,
// the analysis's values) and how the finished games of this server played
// it. A move of the table (or of the board) goes one move deeper, with a
// history entry: the browser's back and forward (app.js shows the page of
// the address again) and the line of moves above the table go back up.
// Imago (any layout), Linja, and Super Dimensiones inside its installed
// endgame tables (from a set-up position: &position=P, values but no counts).

import { h, fill } from './dom.js';
import { t, gameName, sideName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { setTitle } from './yourturn.js';
import { loadBoard, loadCatalog } from './games.js';
import { nextCells, pickCell } from './play.js';
import { analysisUrl, valueText } from './analysis.js';

/** The games the explorer knows exact values of. */
export const EXPLORED = ['imago', 'linja', 'dimensiones'];

/** The explorer's address for `start` ({game, variant, first, position}) and `moves`. */
export function exploreUrl({ game, variant, first, position }, moves) {
  const q = new URLSearchParams();
  if (variant) q.set('variant', variant);
  if (position) q.set('position', position);
  if (first) q.set('first', String(first));
  if (moves && moves.length) q.set('moves', JSON.stringify(moves));
  const s = q.toString();
  return `/explore/${encodeURIComponent(game)}${s ? `?${s}` : ''}`;
}

/** The page's source from its address. */
export function exploreSource(path, search) {
  const m = /^\/explore\/([a-z]+)$/.exec(path);
  const q = new URLSearchParams(search);
  let moves = [];
  try {
    const parsed = JSON.parse(q.get('moves') || '[]');
    if (Array.isArray(parsed)) moves = parsed.filter((x) => typeof x === 'string');
  } catch { moves = []; }
  const first = q.get('first') === '1' ? 1 : 0;
  return { game: m ? m[1] : '', variant: q.get('variant') || undefined, position: q.get('position') || undefined, first, moves };
}

export function mountExplore(root, source) {
  const ctx = {
    start: { game: source.game, variant: source.variant, position: source.position, first: source.first || 0 },
    moves: source.moves.slice(),
    answer: null,
    prefix: [],
    board: null,
    seq: 0,
    destroyed: false,
    error: '',
  };

  const title = h('h1', { class: 'play-title', 'data-testid': 'explore-title' });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const boardWrap = h('div', { class: 'board-wrap', 'data-testid': 'board' }, svg);
  const statusEl = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  const infoEl = h('div', { class: 'board-info' });
  const lineTitle = h('h2', { class: 'moves-title', id: 'ex-line-title' });
  const lineEl = h('ol', { class: 'ex-line', 'data-testid': 'ex-line', 'aria-labelledby': 'ex-line-title' });
  const toAnalysis = h('a', { 'data-link': '', 'data-testid': 'ex-to-analysis' });
  const movesTitle = h('h2', { class: 'moves-title', id: 'ex-moves-title' });
  const noteEl = h('p', { class: 'hint', 'data-testid': 'ex-note' });
  const reachedEl = h('p', { 'data-testid': 'ex-reached' });
  const tableBox = h('div', { class: 'table-wrap ex-table-wrap' });
  const page = h('section', { class: 'play explore' },
    h('div', { class: 'play-head' }, h('div', null, title), toAnalysis),
    h('div', { class: 'status-bar' }, statusEl),
    h('div', { class: 'play-grid' },
      h('div', { class: 'board-col' }, boardWrap, infoEl),
      h('aside', { class: 'side-col' }, lineTitle, lineEl, movesTitle, noteEl, reachedEl, tableBox)));
  fill(root, page);
  title.textContent = t('loading');

  /** Shows the position after `moves`; `push` adds a history entry. */
  async function show(moves, push) {
    ctx.moves = moves;
    ctx.prefix = [];
    ctx.answer = null;
    const url = exploreUrl(ctx.start, moves);
    if (push) history.pushState(null, '', url);
    else history.replaceState(history.state, '', url);
    const seq = ++ctx.seq;
    render();
    try {
      const a = await api.post('/api/explore', { ...ctx.start, moves }, null, 30000);
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.answer = a;
      ctx.error = '';
    } catch (e) {
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.error = e.message;
    }
    render();
  }

  function deeper(move) {
    show([...ctx.moves, move], true);
  }

  function onCell(cell) {
    const st = ctx.answer && ctx.answer.state;
    const legal = (st && st.legal) || [];
    const pick = pickCell(legal, ctx.prefix, cell);
    ctx.prefix = pick.prefix;
    if (pick.move) {
      deeper(pick.move);
      return;
    }
    render();
  }

  function resultsText(p) {
    if (!p || !p.games) return t('ex_not_played');
    return t('ex_results', { wins: p.wins, draws: p.draws, losses: p.losses });
  }

  function render() {
    if (ctx.destroyed) return;
    const game = ctx.start.game;
    title.textContent = t('ex_title', { game: gameName(game) });
    setTitle(`${title.textContent} · tablero`);
    lineTitle.textContent = t('ex_line');
    movesTitle.textContent = t('ex_moves');
    toAnalysis.textContent = t('ex_to_analysis');
    toAnalysis.href = analysisUrl({ game, variant: ctx.start.variant, first: ctx.start.first, position: ctx.start.position }, ctx.moves);
    // The line: the start and each move, a button back to it.
    const crumbs = [t('ex_start'), ...ctx.moves].map((label, i) => {
      const here = i === ctx.moves.length;
      return h('li', null, h('button', {
        type: 'button',
        class: `move-btn${here ? ' current' : ''}`,
        'data-testid': `ex-ply-${i}`,
        'aria-current': here ? 'step' : null,
        text: label,
        onclick: () => { if (!here) show(ctx.moves.slice(0, i), true); },
      }));
    });
    lineEl.replaceChildren(...crumbs);
    const a = ctx.answer;
    const st = a && a.state;
    if (ctx.error) statusEl.textContent = t('error_prefix', { error: ctx.error });
    else if (!a) statusEl.textContent = t('an_thinking');
    else if (st.result) statusEl.textContent = t('an_over');
    else statusEl.textContent = t('an_to_move', { side: sideName(game, st.to_move, ((st.seats || [])[st.to_move] || {}).name, st.variant) });
    boardWrap.dataset.shownPly = String(ctx.moves.length);
    const mod = ctx.board;
    if (mod && st && st.view) {
      const last = ctx.moves.length ? ctx.moves[ctx.moves.length - 1] : null;
      const lm = last && mod.lastMoveCells ? mod.lastMoveCells(last, st.view) : { set: new Set(), path: [] };
      mod.draw(svg, st.view, {
        flip: false,
        selected: ctx.prefix,
        targets: nextCells(st.legal || [], ctx.prefix),
        last: lm.set,
        lastPath: lm.path,
        onCell,
      });
      fill(infoEl, ...mod.info(st.view));
    }
    if (!a) {
      tableBox.dataset.method = '';
      noteEl.textContent = '';
      reachedEl.textContent = '';
      tableBox.replaceChildren();
      return;
    }
    tableBox.dataset.method = a.method;
    const beyond = ctx.start.game === 'dimensiones' ? 'ex_beyond_note_dimensiones' : 'ex_beyond_note';
    noteEl.textContent = a.method === 'beyond' ? t(beyond) : a.method === 'exact' ? t('ex_exact_note') : '';
    reachedEl.textContent = a.reached
      ? `${t('ex_reached', { n: a.reached.games })} ${t('ex_counted', { games: a.max_games, plies: a.max_plies })}`
      : ctx.start.position ? t('ex_set_up') : t('ex_too_deep', { plies: a.max_plies });
    if (!a.moves.length) {
      tableBox.replaceChildren(h('p', { 'data-testid': 'ex-over', text: t('an_over') }));
      return;
    }
    // A set-up position counts no games: no columns for them.
    const counted = !ctx.start.position;
    const head = h('tr', null,
      h('th', { scope: 'col', text: t('ex_col_move') }),
      h('th', { scope: 'col', text: t('ex_col_value') }),
      counted ? h('th', { scope: 'col', class: 'num', text: t('ex_col_played') }) : null,
      counted ? h('th', { scope: 'col', text: t('ex_col_results') }) : null);
    const rows = a.moves.map((m) => h('tr', {
      class: `ex-move${m.best ? ' best' : ''}`,
      'data-testid': 'ex-move',
      'data-move': m.move,
      'data-value': m.value ? m.value.text : '',
      'data-played': String(m.played.games),
    },
    h('th', { scope: 'row' }, h('button', { type: 'button', class: 'choice', text: m.move, onclick: () => deeper(m.move) })),
    h('td', { class: 'ex-value', text: m.value ? valueText(m.value) : t('ex_beyond') }),
    counted ? h('td', { class: 'num', text: String(m.played.games) }) : null,
    counted ? h('td', { class: 'ex-results', text: resultsText(m.played) }) : null));
    tableBox.replaceChildren(h('table', { class: 'data-table ex-table', 'data-testid': 'ex-moves', 'aria-labelledby': 'ex-moves-title' },
      h('thead', null, head), h('tbody', null, ...rows)));
  }

  async function init() {
    try {
      await loadCatalog();
      ctx.board = await loadBoard(ctx.start.game);
      if (!ctx.board) throw Object.assign(new Error(t('not_found')), { status: 404 });
      await show(ctx.moves, false);
    } catch (e) {
      fill(page, h('p', { class: 'error', 'data-testid': 'error', text: e.status === 404 ? t('not_found') : t('error_prefix', { error: e.message }) }),
        h('p', null, h('a', { href: '/', 'data-link': '', text: t('back_home') })));
    }
  }

  const off = onLangChange(render);
  init();
  return () => { ctx.destroyed = true; off(); };
}
