// The analysis board: any finished game (/analysis/ID?ply=N) or any
// position (/analysis?game=G&variant=V&first=F&position=P&moves=[...]&ply=N).
// Step through the moves, branch off by playing your own on the board or
// from the list, and see what the server's analysis says (POST
// /api/analyse): every legal move's exact value where the game knows it,
// else the search's evaluation and best line. Nothing is stored.
// A game still going gets no computer analysis (fair play); a
// correspondence player who waits builds conditional moves on it instead
// (web/play/conditional.js, `createPlan`).

import { h, fill } from './dom.js';
import { t, gameName, sideName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { setTitle } from './yourturn.js';
import { loadBoard, loadCatalog } from './games.js';
import { nextCells, pickCell } from './play.js';
import { createPlan } from './play/conditional.js';

/** The analysis page's address for `start` and `line` shown at `ply`. */
export function analysisUrl({ game, variant, first, position }, line, ply) {
  const q = new URLSearchParams({ game });
  if (variant) q.set('variant', variant);
  if (first) q.set('first', String(first));
  if (position) q.set('position', position);
  if (line && line.length) q.set('moves', JSON.stringify(line));
  if (ply !== undefined && ply !== null) q.set('ply', String(ply));
  return `/analysis?${q}`;
}

/** A value's words in the page's language: win in 5 / loss in 2 / draw / +3. */
export function valueText(v) {
  if (!v) return '';
  if (v.margin !== null && v.margin !== undefined) {
    if (v.margin > 0) return t('an_win_by', { n: v.margin });
    if (v.margin < 0) return t('an_loss_by', { n: -v.margin });
    return t('an_draw');
  }
  if (v.result === 'win') return t('an_win_in', { n: v.plies });
  if (v.result === 'loss') return v.plies === 0 ? t('an_lost') : t('an_loss_in', { n: v.plies });
  return t('an_draw');
}

/** "With best play, Red wins in 5." / "With best play, the game is a draw." */
export function bestPlayText(st, v) {
  const drawn = v && (v.margin !== null && v.margin !== undefined ? v.margin === 0 : v.result !== 'win' && v.result !== 'loss');
  if (drawn) return t('an_best_draw');
  return t('an_best_play', { side: sideName(st.game, st.to_move, ((st.seats || [])[st.to_move] || {}).name, st.variant), value: valueText(v) });
}

function scoreText(s) {
  if (!s) return '';
  if (s.proved !== null && s.proved !== undefined) {
    return s.proved > 0 ? t('an_win_in', { n: s.proved }) : t('an_loss_in', { n: -s.proved });
  }
  const x = s.score / 100;
  return `${x > 0 ? '+' : ''}${x.toFixed(2)}`;
}

export function mountAnalysis(root, source) {
  const ctx = {
    start: null, // {game, variant, first, position}
    line: [], // the moves of the line shown
    gameLine: null, // the game's own moves, to come back to
    gameId: source.id || null,
    live: null, // the game's state as the browser's seats see it (GET /api/games/ID)
    going: false, // the game is not over: no computer analysis
    ply: 0,
    state: null, // POST /api/position at ply
    analysis: null, // POST /api/analyse at ply
    played: [], // the line's moves judged (exact games)
    prefix: [],
    board: null,
    seq: 0,
    destroyed: false,
    error: '',
  };

  const title = h('h1', { class: 'play-title', 'data-testid': 'analysis-title' });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const boardWrap = h('div', { class: 'board-wrap', 'data-testid': 'board' }, svg);
  const statusEl = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  const infoEl = h('div', { class: 'board-info' });
  const mk = (testid, onclick, text) => h('button', { type: 'button', class: 'icon', 'data-testid': testid, onclick, text });
  const bFirst = mk('hist-first', () => goTo(0), '«');
  const bPrev = mk('hist-prev', () => goTo(ctx.ply - 1), '‹');
  const bNext = mk('hist-next', () => goTo(ctx.ply + 1), '›');
  const bLast = mk('hist-last', () => goTo(ctx.line.length), '»');
  const histText = h('span', { class: 'hist-text', 'data-testid': 'hist-text' });
  const bBack = h('button', { type: 'button', 'data-testid': 'back-to-game', onclick: () => { ctx.line = ctx.gameLine.slice(); goTo(Math.min(ctx.ply, ctx.line.length)); } });
  const aGame = h('a', { 'data-link': '', 'data-testid': 'to-game', hidden: true });
  // The explorer (web/explore.js) of the position shown, for the solved
  // games from their start.
  const aExplore = h('a', { 'data-link': '', 'data-testid': 'to-explore', hidden: true });
  const valuesTitle = h('h2', { class: 'moves-title' });
  const valuesEl = h('div', { class: 'analysis-values', 'data-testid': 'analysis', 'aria-live': 'polite' });
  const movesTitle = h('h2', { class: 'moves-title' });
  const movesEl = h('ol', { class: 'moves', 'data-testid': 'moves' });
  const plan = source.id ? createPlan({
    id: source.id,
    tokens: () => api.tokensFor(source.id),
    show: (moves) => { ctx.line = [...ctx.gameLine, ...moves]; goTo(ctx.line.length); },
  }) : null;
  const page = h('section', { class: 'play analysis' },
    h('div', { class: 'play-head' }, h('div', null, title), h('div', { class: 'head-links' }, aExplore, aGame)),
    h('div', { class: 'status-bar' }, statusEl),
    h('div', { class: 'play-grid' },
      h('div', { class: 'board-col' }, boardWrap, h('div', { class: 'hist-nav' }, bFirst, bPrev, bNext, bLast, histText, bBack), infoEl),
      h('aside', { class: 'side-col' }, valuesTitle, valuesEl, ...(plan ? [plan.el] : []), movesTitle, h('div', { class: 'moves-box' }, movesEl))));
  fill(root, page);
  title.textContent = t('loading');

  function body(ply) {
    return { ...ctx.start, moves: ctx.line.slice(0, ply) };
  }

  function syncUrl() {
    const url = ctx.gameId && ctx.gameLine && ctx.line.join('|') === ctx.gameLine.join('|')
      ? `/analysis/${encodeURIComponent(ctx.gameId)}?ply=${ctx.ply}`
      : analysisUrl(ctx.start, ctx.line, ctx.ply);
    history.replaceState(history.state, '', url);
  }

  async function goTo(ply) {
    if (ply < 0 || ply > ctx.line.length) return;
    ctx.ply = ply;
    ctx.prefix = [];
    ctx.analysis = null;
    const seq = ++ctx.seq;
    syncUrl();
    try {
      const st = await api.post('/api/position', body(ply));
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.state = st;
      ctx.error = '';
      render();
      if (ctx.going) return;
      const a = await api.post('/api/analyse', body(ply), null, 30000);
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.analysis = a;
      // Each played move's judgement, kept for the whole line.
      (a.played || []).forEach((p, i) => { ctx.played[i] = p ? { ...p, move: ctx.line[i] } : null; });
      render();
    } catch (e) {
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.error = e.message;
      render();
    }
  }

  function play(move) {
    // Playing the line's own next move steps on; another move branches.
    if (ctx.line[ctx.ply] !== move) {
      ctx.line = [...ctx.line.slice(0, ctx.ply), move];
      ctx.played.length = Math.min(ctx.played.length, ctx.ply);
    }
    goTo(ctx.ply + 1);
  }

  function onCell(cell) {
    const legal = (ctx.state && ctx.state.legal) || [];
    const pick = pickCell(legal, ctx.prefix, cell);
    ctx.prefix = pick.prefix;
    if (pick.move) {
      play(pick.move);
      return;
    }
    render();
  }

  function render() {
    if (ctx.destroyed) return;
    valuesTitle.textContent = ctx.analysis && ctx.analysis.method === 'search' ? t('an_search_title') : t('an_values');
    movesTitle.textContent = t('moves_title');
    bBack.textContent = t('an_back_to_game');
    [bFirst, bPrev, bNext, bLast].forEach((b, i) => {
      const label = t(['hist_first', 'hist_prev', 'hist_next', 'hist_last'][i]);
      b.setAttribute('aria-label', label); b.title = label;
    });
    if (!ctx.start) return;
    title.textContent = t('an_title', { game: gameName(ctx.start.game) });
    setTitle(`${title.textContent} · tablero`);
    aGame.hidden = !ctx.gameId;
    if (ctx.gameId) {
      aGame.href = `/play/${encodeURIComponent(ctx.gameId)}`;
      aGame.textContent = t('an_open_game');
    }
    // A game's line is explored from the game's start (its games counted);
    // a set-up position from that position (values only).
    const explorable = !ctx.going && ['imago', 'linja', 'dimensiones'].includes(ctx.start.game);
    aExplore.hidden = !explorable;
    if (explorable) {
      const q = new URLSearchParams();
      if (ctx.start.variant) q.set('variant', ctx.start.variant);
      if (!ctx.gameId && ctx.start.position) q.set('position', ctx.start.position);
      const first = ctx.gameId ? ctx.firstSeat : ctx.start.first;
      if (first) q.set('first', String(first));
      if (ctx.ply > 0) q.set('moves', JSON.stringify(ctx.line.slice(0, ctx.ply)));
      aExplore.href = `/explore/${ctx.start.game}${q.toString() ? `?${q}` : ''}`;
      aExplore.textContent = t('ex_open');
      aExplore.title = t('ex_open_title');
    }
    const branched = ctx.gameLine && ctx.line.join('|') !== ctx.gameLine.join('|');
    bBack.hidden = !branched;
    bFirst.disabled = ctx.ply === 0; bPrev.disabled = ctx.ply === 0;
    bNext.disabled = ctx.ply >= ctx.line.length; bLast.disabled = ctx.ply >= ctx.line.length;
    histText.textContent = ctx.ply === 0 ? t('hist_start') : t('hist_showing', { n: ctx.ply, total: ctx.line.length });
    const st = ctx.state;
    boardWrap.dataset.shownPly = String(ctx.ply);
    if (ctx.error) statusEl.textContent = t('error_prefix', { error: ctx.error });
    else if (st && st.result) statusEl.textContent = t('an_over');
    else if (st) statusEl.textContent = t('an_to_move', { side: sideName(st.game, st.to_move, (st.seats[st.to_move] || {}).name, st.variant) });
    const mod = ctx.board;
    if (mod && st && st.view) {
      const last = ctx.ply > 0 ? ctx.line[ctx.ply - 1] : null;
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
    // The values.
    const a = ctx.analysis;
    valuesEl.dataset.method = a ? a.method : '';
    if (plan) plan.render({ live: ctx.live, gameLine: ctx.gameLine, line: ctx.line, ply: ctx.ply });
    if (ctx.going) {
      valuesTitle.textContent = t('an_search_title');
      fill(valuesEl, h('p', { class: 'hint', 'data-testid': 'an-going', text: t('an_going') }));
    } else if (!a) {
      fill(valuesEl, h('p', { class: 'hint', 'data-testid': 'analysis-wait', text: st && st.result ? '' : t('an_thinking') }));
    } else if (a.method === 'exact') {
      const rows = a.moves.map((m) => h('li', {
        class: `an-move${m.best ? ' best' : ''}`, 'data-testid': 'an-move', 'data-move': m.move, 'data-value': m.value.text,
      }, h('button', { type: 'button', class: 'choice', text: m.move, onclick: () => play(m.move) }),
      h('span', { class: 'an-value', text: valueText(m.value) })));
      const top = a.moves[0];
      fill(valuesEl,
        top ? h('p', { 'data-testid': 'an-value', text: bestPlayText(st, top.value) }) : '',
        h('p', { class: 'hint', text: t('an_exact_note') }),
        rows.length ? h('ol', { class: 'an-moves' }, ...rows) : h('p', { text: t('an_over') }));
    } else if (a.search) {
      const s = a.search;
      fill(valuesEl,
        h('p', { 'data-testid': 'an-eval', text: t('an_eval', { score: scoreText(s), depth: s.depth }) }),
        h('p', { class: 'hint', text: t('an_search_note') }),
        h('p', { 'data-testid': 'an-line' }, t('an_line'), ' ',
          ...s.line.map((m, i) => h('button', {
            type: 'button', class: 'choice', text: m, 'data-move': m,
            onclick: () => { const line = s.line.slice(0, i + 1); line.forEach((x) => play(x)); },
          }))));
    } else {
      fill(valuesEl, h('p', { 'data-testid': 'an-over', text: t('an_over') }));
    }
    // The line, with the moves that changed the exact value marked.
    const items = ctx.line.map((mv, i) => {
      const p = ctx.played[i];
      const changed = p && p.move === mv && p.changed;
      return h('li', {
        class: `${i + 1 === ctx.ply ? 'current' : ''}${changed ? ' changed' : ''}`,
        'data-testid': `an-ply-${i + 1}`, 'data-changed': changed ? '1' : '0',
        title: changed ? t('an_changed', { best: valueText(p.best), played: valueText(p.played) }) : '',
      }, h('button', { type: 'button', class: 'move-btn', onclick: () => goTo(i + 1), text: `${mv}${changed ? ' ?' : ''}` }));
    });
    movesEl.replaceChildren(...(items.length ? items : [h('li', { class: 'none', text: t('no_moves_yet') })]));
  }

  async function init() {
    try {
      await loadCatalog();
      if (source.id) {
        const [start, end] = await Promise.all([
          api.get(`/api/games/${encodeURIComponent(source.id)}?ply=0`),
          api.get(`/api/games/${encodeURIComponent(source.id)}`, api.tokensFor(source.id)),
        ]);
        ctx.live = end;
        ctx.going = !end.result;
        ctx.start = { game: end.game, variant: end.variant, position: start.position };
        if (['imago', 'linja'].includes(end.game)) {
          // The seat that moved first, for the explorer's link: the side to
          // move in the start position.
          const s0 = await api.post('/api/position', ctx.start);
          ctx.firstSeat = s0.to_move || 0;
        }
        ctx.line = (end.moves || []).slice();
        ctx.gameLine = ctx.line.slice();
      } else {
        ctx.start = { game: source.game, variant: source.variant || undefined, position: source.position || undefined };
        if (source.first) ctx.start.first = Number(source.first);
        ctx.line = source.moves || [];
      }
      ctx.board = await loadBoard(ctx.start.game);
      if (!ctx.board) throw new Error(t('not_found'));
      const ply = Number.isInteger(source.ply) ? Math.max(0, Math.min(source.ply, ctx.line.length)) : ctx.line.length;
      await goTo(ply);
    } catch (e) {
      fill(page, h('p', { class: 'error', 'data-testid': 'error', text: e.status === 404 ? t('not_found') : t('error_prefix', { error: e.message }) }),
        h('p', null, h('a', { href: '/', 'data-link': '', text: t('back_home') })));
    }
  }

  const off = onLangChange(render);
  init();
  return () => { ctx.destroyed = true; off(); };
}

/** The page's source from its address: a game id or a position. */
export function analysisSource(path, search) {
  const q = new URLSearchParams(search);
  const plyText = q.get('ply');
  const ply = plyText !== null && /^\d+$/.test(plyText) ? Number(plyText) : null;
  const m = /^\/analysis\/([A-Za-z0-9_-]+)$/.exec(path);
  if (m) return { id: m[1], ply };
  let moves = [];
  try {
    const parsed = JSON.parse(q.get('moves') || '[]');
    if (Array.isArray(parsed)) moves = parsed.filter((x) => typeof x === 'string');
  } catch { moves = []; }
  return { game: q.get('game') || '', variant: q.get('variant'), first: q.get('first'), position: q.get('position'), moves, ply };
}
