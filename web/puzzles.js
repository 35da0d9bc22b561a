// Puzzles (/puzzles?game=G&theme=T&variant=V, issue #35): a proven puzzle
// near the player's puzzle rating (GET /api/puzzles/next), drawn from its
// position (POST /api/position); the player's move is judged at once by
// the puzzle's proof (POST /api/puzzles/ID/answer): right or wrong, the
// value of the move played (the refutation of a wrong one) and of the
// answer, every legal move with its value, the streak and the puzzle
// rating after the try. The board then shows the move played, or the
// answer on request. Themes by game and variant come from
// GET /api/puzzles/themes. Logged in, the rating is the account's (kept
// by the server; the server uses it even while the page does not yet know
// who is logged in); otherwise this browser keeps it (localStorage) and
// sends it with each request.

import { h, fill } from './dom.js';
import { t, gameName, sideName, onLangChange, getLang } from './i18n.js';
import * as api from './api.js';
import { setTitle } from './yourturn.js';
import { loadBoard, loadCatalog, offered, entry as catalogEntry } from './games.js';
import { nextCells, pickCell } from './play.js';
import { reviewValueText } from './review.js';
import { currentAccount } from './account.js';

const RATING_KEY = 'tablero.puzzleRating';
const STREAK_KEY = 'tablero.puzzleStreak';
const RECENT_KEY = 'tablero.puzzleRecent';
/** Puzzles not posed again soon after (the server reads at most 50). */
const RECENT = 20;

function readJson(storage, key, fallback) {
  try {
    const v = JSON.parse(storage.getItem(key));
    return v ?? fallback;
  } catch { return fallback; }
}

function writeJson(storage, key, value) {
  try { storage.setItem(key, JSON.stringify(value)); } catch { /* private mode: kept in the page only */ }
}

/** The rating this browser keeps for a player not logged in. */
function keptRating() {
  const r = readJson(localStorage, RATING_KEY, null);
  return r && Number.isFinite(r.rating) && Number.isFinite(r.deviation) ? r : null;
}

/** The page's choice from its address. */
export function puzzlesSource(search) {
  const q = new URLSearchParams(search);
  return { game: q.get('game') || '', theme: q.get('theme') || '', variant: q.get('variant') || '' };
}

/** A choice's query: its game, variant and theme, those given. */
function choiceQuery({ game, theme, variant }) {
  const q = new URLSearchParams();
  if (game) q.set('game', game);
  if (variant) q.set('variant', variant);
  if (theme) q.set('theme', theme);
  return q;
}

/** The page's address for a choice. */
export function puzzlesUrl(choice) {
  const s = choiceQuery(choice).toString();
  return `/puzzles${s ? `?${s}` : ''}`;
}

/** A theme's name: "Win in 2", "Only winning move". */
export function themeName(theme) {
  const m = /^win-in-(\d+)$/.exec(theme || '');
  if (m) return t('pz_theme_win_in', { n: Number(m[1]) });
  return t('pz_theme', { theme: theme || '' });
}

export function mountPuzzles(root, source) {
  const ctx = {
    choice: { game: source.game, theme: source.theme, variant: source.variant },
    themes: null,
    posed: null,
    state: null, // the puzzle's position, with its legal moves
    prefix: [],
    judged: null,
    shown: 'puzzle', // 'puzzle' | 'played' | 'answer'
    after: {}, // move -> the state after it
    streak: Number(readJson(sessionStorage, STREAK_KEY, 0)) || 0,
    recent: readJson(sessionStorage, RECENT_KEY, []),
    rating: null, // the last rating the server gave
    change: null,
    busy: false,
    waiting: false, // the server is still mining this game's puzzles
    error: '',
    board: null,
    seq: 0,
    timer: null,
    destroyed: false,
  };
  if (!Array.isArray(ctx.recent)) ctx.recent = [];

  const title = h('h1', { class: 'play-title', 'data-testid': 'pz-title' });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const boardWrap = h('div', { class: 'board-wrap', 'data-testid': 'board' }, svg);
  const statusEl = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  const infoEl = h('div', { class: 'board-info' });
  const pickBox = h('div', { class: 'pz-pick' });
  const taskEl = h('p', { class: 'pz-task', 'data-testid': 'pz-task' });
  const verdictEl = h('div', { class: 'pz-verdict', 'data-testid': 'pz-verdict', 'aria-live': 'polite' });
  const scoreEl = h('p', { class: 'pz-score', 'data-testid': 'pz-score' });
  const buttons = h('div', { class: 'actions pz-actions' });
  const proofTitle = h('h2', { class: 'moves-title', id: 'pz-proof-title' });
  // The proof's table scrolls (at most 60% of the screen's height): while
  // it is drawn its box is focusable, so that the keyboard can scroll it,
  // and a region named by the title.
  const proofBox = h('div', { class: 'table-wrap ex-table-wrap' });
  const page = h('section', { class: 'play puzzles' },
    h('div', { class: 'play-head' }, h('div', null, title)),
    h('div', { class: 'status-bar' }, statusEl),
    h('div', { class: 'play-grid' },
      h('div', { class: 'board-col' }, boardWrap, infoEl),
      h('aside', { class: 'side-col' }, pickBox, taskEl, verdictEl, scoreEl, buttons, proofTitle, proofBox)));
  fill(root, page);
  title.textContent = t('loading');

  /** The games with stored puzzles (every offered game until the counts come). */
  function games() {
    const all = offered();
    if (!ctx.themes) return all;
    const have = new Set(ctx.themes.map((x) => x.game));
    return all.filter((g) => have.has(g));
  }

  function themesOf(game, variant) {
    return (ctx.themes || []).filter((x) => x.game === game && (!variant || x.variant === variant));
  }

  function variantsOf(game) {
    return [...new Set(themesOf(game).map((x) => x.variant))];
  }

  function setChoice(change) {
    ctx.choice = { ...ctx.choice, ...change };
    history.replaceState(history.state, '', puzzlesUrl(ctx.choice));
    next();
  }

  /** A variant's name in words (the board module's), once the game's module is loaded. */
  function variantName(game, v) {
    const mod = ctx.boardGame === game ? ctx.board : null;
    return mod && mod.variantLabel ? mod.variantLabel(v, t, catalogEntry(game), getLang()) : v;
  }

  function renderPick() {
    const game = ctx.choice.game;
    const gameSel = h('select', {
      id: 'pz-game', 'data-testid': 'pz-game',
      onchange: (e) => setChoice({ game: e.target.value, theme: '', variant: '' }),
    }, ...games().map((g) => h('option', { value: g, text: gameName(g) })));
    gameSel.value = game;
    const variants = variantsOf(game);
    let variantField = null;
    if (variants.length > 1) {
      const sel = h('select', {
        id: 'pz-variant', 'data-testid': 'pz-variant',
        onchange: (e) => setChoice({ variant: e.target.value, theme: '' }),
      }, h('option', { value: '', text: t('pz_any_variant') }),
      ...variants.map((v) => h('option', { value: v, text: variantName(game, v) })));
      sel.value = ctx.choice.variant;
      variantField = h('div', { class: 'field' }, h('label', { for: 'pz-variant', text: t('pz_variant') }), sel);
    }
    const counts = new Map();
    for (const x of themesOf(game, ctx.choice.variant)) counts.set(x.theme, (counts.get(x.theme) || 0) + x.count);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const themeSel = h('select', {
      id: 'pz-theme', 'data-testid': 'pz-theme',
      onchange: (e) => setChoice({ theme: e.target.value }),
    }, h('option', { value: '', text: t('pz_any_theme', { count: total }) }),
    ...[...counts].map(([theme, count]) => h('option', { value: theme, text: t('pz_theme_count', { theme: themeName(theme), count }) })));
    if (ctx.choice.theme && !counts.has(ctx.choice.theme)) {
      themeSel.append(h('option', { value: ctx.choice.theme, text: themeName(ctx.choice.theme) }));
    }
    themeSel.value = ctx.choice.theme;
    const focused = document.activeElement && document.activeElement.id;
    fill(pickBox,
      h('div', { class: 'field' }, h('label', { for: 'pz-game', text: t('pz_game') }), gameSel),
      variantField,
      h('div', { class: 'field' }, h('label', { for: 'pz-theme', text: t('pz_theme_label') }), themeSel));
    if (focused && focused.startsWith('pz-')) document.getElementById(focused)?.focus();
  }

  async function loadThemes() {
    try {
      ctx.themes = await api.get('/api/puzzles/themes');
    } catch { ctx.themes = ctx.themes || null; }
  }

  /** Asks for the next puzzle of the choice. */
  async function next() {
    clearTimeout(ctx.timer);
    const seq = ++ctx.seq;
    ctx.posed = null;
    ctx.state = null;
    ctx.judged = null;
    ctx.prefix = [];
    ctx.after = {};
    ctx.shown = 'puzzle';
    ctx.error = '';
    ctx.waiting = false;
    render();
    const { game } = ctx.choice;
    const q = choiceQuery(ctx.choice);
    if (ctx.recent.length) q.set('skip', ctx.recent.join(','));
    const kept = currentAccount() ? null : keptRating();
    if (kept) {
      q.set('rating', String(kept.rating));
      q.set('deviation', String(kept.deviation));
    }
    try {
      const [posed, board] = await Promise.all([api.get(`/api/puzzles/next?${q}`), loadBoard(game)]);
      if (seq !== ctx.seq || ctx.destroyed) return;
      const st = await api.post('/api/position', { game, variant: posed.variant, position: posed.position });
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.posed = posed;
      ctx.board = board;
      ctx.boardGame = game;
      ctx.state = st;
      ctx.rating = posed.rating;
    } catch (e) {
      if (seq !== ctx.seq || ctx.destroyed) return;
      if (e.status === 503) {
        // The server is still mining this game's puzzles: ask again soon.
        ctx.waiting = true;
        ctx.error = e.message;
        ctx.timer = setTimeout(() => { loadThemes().then(next); }, 3000);
      } else {
        ctx.error = e.message;
      }
    }
    render();
  }

  async function answer(move) {
    if (!ctx.posed || ctx.judged || ctx.busy) return;
    const seq = ctx.seq;
    ctx.busy = true;
    render();
    const body = { move };
    const kept = currentAccount() ? null : keptRating();
    if (kept) { body.rating = kept.rating; body.deviation = kept.deviation; }
    try {
      const j = await api.post(`/api/puzzles/${encodeURIComponent(ctx.posed.id)}/answer`, body);
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.judged = j;
      ctx.rating = j.rating;
      ctx.change = j.rated ? j.change : null;
      ctx.streak = j.right ? ctx.streak + 1 : 0;
      writeJson(sessionStorage, STREAK_KEY, ctx.streak);
      ctx.recent = [ctx.posed.id, ...ctx.recent.filter((x) => x !== ctx.posed.id)].slice(0, RECENT);
      writeJson(sessionStorage, RECENT_KEY, ctx.recent);
      if (!currentAccount()) writeJson(localStorage, RATING_KEY, { rating: j.rating.rating, deviation: j.rating.deviation });
      ctx.prefix = [];
      await show('played');
    } catch (e) {
      if (seq !== ctx.seq || ctx.destroyed) return;
      ctx.error = e.message;
      ctx.prefix = [];
    } finally {
      ctx.busy = false;
    }
    render();
  }

  /** Shows the board after the move played or after the answer. */
  async function show(which) {
    ctx.shown = which;
    const move = shownMove();
    if (!ctx.after[move]) {
      const p = ctx.posed;
      ctx.after[move] = await api.post('/api/position', { game: p.game, variant: p.variant, position: p.position, moves: [move] });
    }
    render();
  }

  function onCell(cell) {
    if (ctx.judged || ctx.busy || !ctx.state) return;
    const legal = ctx.state.legal || [];
    const pick = pickCell(legal, ctx.prefix, cell);
    ctx.prefix = pick.prefix;
    if (pick.move) {
      answer(pick.move);
      return;
    }
    render();
  }

  /** The move the board shows played: none (the puzzle), the player's or the answer. */
  function shownMove() {
    const j = ctx.judged;
    if (ctx.shown === 'puzzle' || !j) return null;
    return ctx.shown === 'answer' ? j.answer : j.move;
  }

  function sideOf(posed) {
    return posed.side === 'p2' ? 1 : 0;
  }

  function ratingText() {
    const r = ctx.rating;
    if (!r) return '';
    const base = t('pz_rating', { rating: Math.round(r.rating), deviation: Math.round(r.deviation) });
    if (ctx.change === null || !ctx.judged) return base;
    const c = Math.round(ctx.change);
    return `${base} (${c >= 0 ? '+' : '−'}${Math.abs(c)})`;
  }

  function render() {
    if (ctx.destroyed) return;
    title.textContent = ctx.choice.game ? t('pz_title_game', { game: gameName(ctx.choice.game) }) : t('pz_title');
    setTitle(`${title.textContent} · tablero`);
    renderPick();
    const p = ctx.posed;
    const j = ctx.judged;
    if (ctx.error && !p) statusEl.textContent = ctx.waiting ? t('pz_waiting') : t('error_prefix', { error: ctx.error });
    else if (!p) statusEl.textContent = t('loading');
    else if (!j) statusEl.textContent = t('pz_to_move', { side: sideName(p.game, sideOf(p), null, p.variant) });
    else statusEl.textContent = j.right ? t('pz_right_short') : t('pz_wrong_short');
    boardWrap.dataset.shown = ctx.shown;
    // The puzzle on the board (for tests and for a link to it).
    boardWrap.dataset.puzzle = p ? p.id : '';
    boardWrap.dataset.variant = p ? p.variant : '';
    boardWrap.dataset.position = p ? p.position : '';
    const mod = ctx.board;
    const last = shownMove();
    const st = last ? ctx.after[last] : ctx.state;
    if (mod && st && st.view) {
      const lm = last && mod.lastMoveCells ? mod.lastMoveCells(last, st.view) : { set: new Set(), path: [] };
      const live = !j && !ctx.busy;
      mod.draw(svg, st.view, {
        flip: p ? sideOf(p) === 1 : false,
        selected: live ? ctx.prefix : [],
        targets: live ? nextCells(st.legal || [], ctx.prefix) : new Set(),
        last: lm.set,
        lastPath: lm.path,
        onCell,
      });
      fill(infoEl, ...mod.info(st.view));
    } else if (ctx.error) {
      // (While the next puzzle loads the last board stays, not clickable.)
      svg.replaceChildren();
      infoEl.replaceChildren();
    }
    taskEl.textContent = p
      ? t('pz_task', { theme: themeName(p.theme), difficulty: p.difficulty })
      : '';
    taskEl.dataset.theme = p ? p.theme : '';
    verdict();
    scoreEl.textContent = [ratingText(), t('pz_streak', { n: ctx.streak })].filter(Boolean).join(' · ');
    scoreEl.dataset.streak = String(ctx.streak);
    const nextBtn = h('button', { type: 'button', class: j ? 'primary' : '', 'data-testid': 'pz-next', disabled: ctx.busy, onclick: () => next(), text: j ? t('pz_next') : t('pz_skip') });
    const toggle = j && !j.right
      ? h('button', {
        type: 'button', 'data-testid': 'pz-show',
        onclick: () => show(ctx.shown === 'answer' ? 'played' : 'answer'),
        text: ctx.shown === 'answer' ? t('pz_show_mine') : t('pz_show_answer'),
      })
      : null;
    fill(buttons, toggle, nextBtn);
    proof();
  }

  function verdict() {
    const j = ctx.judged;
    verdictEl.className = `pz-verdict${j ? (j.right ? ' right' : ' wrong') : ''}`;
    verdictEl.dataset.right = j ? (j.right ? '1' : '0') : '';
    if (!j) {
      fill(verdictEl, ctx.error && ctx.posed ? h('p', { class: 'error', role: 'alert', 'data-testid': 'error', text: t('error_prefix', { error: ctx.error }) }) : null);
      return;
    }
    if (j.right) {
      fill(verdictEl, h('p', { class: 'pz-mark', text: `✓ ${t('pz_right', { move: j.move, value: reviewValueText(j.best) })}` }));
    } else {
      fill(verdictEl,
        h('p', { class: 'pz-mark', text: `✗ ${t('pz_wrong', { move: j.move, value: reviewValueText(j.played) })}` }),
        h('p', { 'data-testid': 'pz-answer', text: t('pz_answer_was', { move: j.answer, value: reviewValueText(j.best) }) }));
    }
  }

  function proof() {
    const j = ctx.judged;
    proofTitle.textContent = j ? t('pz_proof') : '';
    proofTitle.hidden = !j;
    if (!j) {
      proofBox.replaceChildren();
      for (const a of ['tabindex', 'role', 'aria-labelledby']) proofBox.removeAttribute(a);
      return;
    }
    proofBox.tabIndex = 0;
    proofBox.setAttribute('role', 'region');
    proofBox.setAttribute('aria-labelledby', 'pz-proof-title');
    const head = h('tr', null,
      h('th', { scope: 'col', text: t('ex_col_move') }),
      h('th', { scope: 'col', text: t('pz_col_value') }));
    const rows = j.proof.map((m) => h('tr', {
      class: `pz-move${m.move === j.answer ? ' best' : ''}${m.move === j.move ? ' played' : ''}`,
      'data-testid': 'pz-proof-move',
      'data-move': m.move,
    },
    h('th', { scope: 'row', text: `${m.move}${m.move === j.move ? ` · ${t('pz_yours')}` : ''}` }),
    h('td', { class: 'ex-value', text: reviewValueText(m.deep || m.value) })));
    proofBox.replaceChildren(h('table', { class: 'data-table ex-table', 'data-testid': 'pz-proof', 'aria-labelledby': 'pz-proof-title' },
      h('thead', null, head), h('tbody', null, ...rows)));
  }

  async function init() {
    try {
      await loadCatalog();
      await loadThemes();
      const have = games();
      if (!ctx.choice.game || !offered().includes(ctx.choice.game)) {
        ctx.choice.game = have[0] || offered()[0];
        history.replaceState(history.state, '', puzzlesUrl(ctx.choice));
      }
      await next();
    } catch (e) {
      fill(page, h('p', { class: 'error', 'data-testid': 'error', text: t('error_prefix', { error: e.message }) }),
        h('p', null, h('a', { href: '/', 'data-link': '', text: t('back_home') })));
    }
  }

  // (A login or logout shows the page again: app.js routes anew.)
  const off = onLangChange(render);
  init();
  return () => { ctx.destroyed = true; clearTimeout(ctx.timer); off(); };
}
