// The game page: board, status, move entry driven by state.legal, and
// the actions' requests; the modules of play/ hold its other parts: the
// live updates (live.js), the history's replay (history.js), the players'
// bars (players.js), the actions' buttons (actions.js), the move list
// (moves.js).

import { h, fill, fmtScore, bootData } from './dom.js';
import { t, getLang, sideName, gameName, claimName, reasonText, onLangChange } from './i18n.js';
import * as api from './api.js';
import { loadBoard, entry as catalogEntry } from './games.js';
import { setPending, clearPending } from './boards/common.js';
import { stateSample } from './clock.js';
import { setTitle, refresh as refreshWaiting, waitingGames, isMyTurn } from './yourturn.js';
import { createReview } from './review.js';
import { swatchSpans, renderPlayer } from './play/players.js';
import { renderMoves } from './play/moves.js';
import { renderMatch, renderActions, renderInvite } from './play/actions.js';
import { createHistory } from './play/history.js';
import { createLive } from './play/live.js';
import { createTools, plyOfAddress } from './play/tools.js';
import { createConditional } from './play/conditional.js';
import { createChat } from './play/chat.js';
import { currentAccount, onAccountKnown } from './account.js';
import { backToTournament } from './tournament-link.js';
// The screen-reader mode (#49): the board as text, moves and commands typed.
import { blindWanted, createBlind } from './play/blind.js';

export { swatchSpans };

/** A score as "a–b"; `first`: the seat whose points come first (0: seat order). */
export function scoreText(score, first = 0) {
  if (!Array.isArray(score) || score.length !== 2) return '';
  const [a, b] = first === 1 ? [score[1], score[0]] : score;
  return `${fmtScore(a)}–${fmtScore(b)}`;
}

/** The seat a state is read from: the reader's one seat, else null (a spectator, or both seats on one screen). */
function readerSeat(st) {
  const you = (st && st.you) || [];
  return you.length === 1 ? you[0] : null;
}

/** How a finished game ended for its reader: 'won', 'lost', 'drawn', or 'over' (a spectator's, or both seats'); '' while it goes on. */
export function outcomeOf(st) {
  const r = st && st.result;
  if (!r) return '';
  const won = r.winner === 0 || r.winner === 1;
  if (!won) return 'drawn';
  const me = readerSeat(st);
  if (me === null) return 'over';
  return me === r.winner ? 'won' : 'lost';
}

/** The status sentence of a state (translated); `board`: its board module, if loaded. */
export function statusText(st, board) {
  if (!st) return '';
  if (st.result) {
    const r = st.result;
    const me = readerSeat(st);
    const won = r.winner === 0 || r.winner === 1;
    // The score read from the reader's side (their own points first), else
    // the winner's first; a board module may say why the game ended more
    // exactly than the reason's name (such as whose archers arrived).
    const first = me !== null ? me : (won ? r.winner : 0);
    const reason = (board && board.endReason && board.endReason(st, me, t)) || reasonText(r.reason);
    const vars = { score: scoreText(r.score, first), reason };
    // A player who holds one seat reads the end from their side.
    if (me !== null) {
      if (!won) return t('status_you_drew', vars);
      return t(me === r.winner ? 'status_you_won' : 'status_you_lost', vars);
    }
    if (won) return t('status_win', { ...vars, side: sideName(st.game, r.winner, st.seats?.[r.winner]?.name, st.variant) });
    return t('status_draw', vars);
  }
  if (st.to_move === null || st.to_move === undefined) return '';
  const side = sideName(st.game, st.to_move, st.seats?.[st.to_move]?.name, st.variant);
  let s = (st.you || []).includes(st.to_move) ? t('status_your_turn', { side }) : t('status_turn', { side });
  const extra = board && board.statusExtra ? board.statusExtra(st, t) : '';
  if (extra) s += ` · ${extra}`;
  return s;
}

function startsWith(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/** The cells that may come next after `prefix`. */
export function nextCells(legal, prefix) {
  const out = new Set();
  for (const m of legal || []) {
    const p = m.path || [];
    if (p.length > prefix.length && startsWith(p, prefix)) out.add(p[prefix.length]);
  }
  return out;
}

/** The moves whose whole path is `prefix` (non-empty prefix only). */
export function exactMoves(legal, prefix) {
  if (!prefix.length) return [];
  return (legal || []).filter((m) => (m.path || []).length === prefix.length && startsWith(m.path, prefix));
}

/**
 * A click on `cell` of a board where moves are entered cell by cell (the
 * analysis board, the explorer, the puzzles): the selection it makes (the
 * path so far extended by `cell`, else a new path from `cell`, else none)
 * and the move it completes, if that path is the whole of exactly one
 * legal move and no longer one goes on from it (else null).
 */
export function pickCell(legal, prefix, cell) {
  const cand = [...prefix, cell];
  let next = [];
  if ((legal || []).some((mv) => startsWith(mv.path || [], cand))) next = cand;
  else if ((legal || []).some((mv) => startsWith(mv.path || [], [cell]))) next = [cell];
  const exact = exactMoves(legal, next);
  const move = exact.length === 1 && nextCells(legal, next).size === 0 ? exact[0].move : null;
  return { prefix: next, move };
}

const FLIP_KEY = 'tablero.flip';

/** The remembered orientation of a game's board (null: none chosen). */
function storedFlip(id) {
  try {
    const v = JSON.parse(localStorage.getItem(FLIP_KEY) || '{}')[id];
    return typeof v === 'boolean' ? v : null;
  } catch {
    return null;
  }
}

function storeFlip(id, flip) {
  try {
    const all = JSON.parse(localStorage.getItem(FLIP_KEY) || '{}') || {};
    all[id] = flip;
    localStorage.setItem(FLIP_KEY, JSON.stringify(all));
  } catch { /* storage blocked */ }
}

/**
 * The seat a logged-in reader may take for their account: one they hold by
 * this browser's token (a link opened, a game begun before logging in),
 * a person's seat no account holds, in a game not over, and not one they
 * chose to play without the account; null when there is none. A seat
 * becomes an account's only when its player says yes
 * (`POST /api/games/ID/seats/N/claim`), never by opening a link.
 */
export function claimableSeat(st, account, hasTokens, declined) {
  if (!st || !account || !hasTokens || st.result) return null;
  for (const s of st.you || []) {
    const seat = st.seats && st.seats[s];
    if (seat && seat.kind !== 'ai' && !seat.player && !(declined || []).includes(s)) return s;
  }
  return null;
}

/** The default orientation: the second seat's player sees the board turned, its own pieces at the bottom.
 * Until the server has read our tokens (the state in the page is a spectator's), the seats remembered
 * with them decide, so a seat holder's board does not turn round once its own state arrives. */
function defaultFlip(st, id) {
  let you = (st && st.you) || [];
  if (!you.length && id) {
    const g = api.storedGame(id);
    if (g && Array.isArray(g.you) && api.tokensFor(id).length) you = g.you;
  }
  return you.length === 1 && you[0] === 1;
}

export function mountPlay(root, id, navigate) {
  // A position's link: /play/ID#ply=N opens the board at ply N.
  const askedPly = plyOfAddress();
  // A seat's link: /play/ID#token=T -> keep the token, drop it from the address bar.
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash || '');
  if (m) {
    api.rememberGame(id, { tokens: [decodeURIComponent(m[1])] });
    history.replaceState(history.state, '', location.pathname + location.search);
  }

  const ctx = {
    live: null,
    prefix: [],
    busy: false,
    flip: storedFlip(id),
    resignAsk: false,
    claimSure: false,
    msg: '',
    msgTimer: null,
    destroyed: false,
    board: null,
    boardGame: null,
    // A hint shown: {ply, move, path}; 'wait' while asked.
    hint: null,
    // Whether this page saw the game without a next one (then it follows
    // the next game when it starts).
    sawNoNext: false,
    moving: false,
    nextTimer: null,
    // No such game (then no socket is opened).
    gone: false,
    askedPly,
  };
  const tokens = () => api.tokensFor(id);

  // ---- static DOM ----
  const title = h('h1', { class: 'play-title' });
  const variantLine = h('p', { class: 'variant-line', 'data-testid': 'variant-line' });
  // ---- rules (#18): the link to the rules page, and the rule set drawn by the board module (its cards)
  const rulesLink = h('a', { class: 'rules-link', 'data-link': '', 'data-testid': 'rules-link' });
  const variantArt = h('div', { class: 'variant-art' });
  const connEl = h('span', { class: 'conn', 'data-testid': 'conn', 'aria-live': 'polite' });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const boardWrap = h('div', { class: 'board-wrap', 'data-testid': 'board' }, svg);
  const selectionEl = h('p', { class: 'selection', 'data-testid': 'selection' });
  const choicesEl = h('div', { class: 'choices', 'data-testid': 'choices' });
  const passEl = h('div', { class: 'pass-buttons' });
  const messageEl = h('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'message' });
  const mkBtn = (testid, onclick, cls = '') => h('button', { type: 'button', class: cls, 'data-testid': testid, onclick });
  const hist = createHistory({ id, ctx, tokens, render: () => render(), say: (text, kind) => say(text, kind) });
  const histNav = hist.el;
  const goToPly = hist.goToPly;
  const infoEl = h('div', { class: 'board-info', 'data-testid': 'board-info' });

  const statusEl = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  const promptEl = h('p', { class: 'prompt', 'data-testid': 'prompt', 'aria-live': 'polite' });
  const thinkingEl = h('p', { class: 'thinking', 'data-testid': 'thinking', hidden: true });
  const drawNote = h('p', { class: 'draw-note', 'data-testid': 'draw-note', hidden: true });
  // "Play this seat as NAME?": a logged-in reader holding a seat by its
  // link is asked before the seat becomes the account's.
  const claimAsk = h('p', { class: 'seat-claim-ask', 'data-testid': 'seat-claim-ask' });
  const claimNote = h('p', { class: 'seat-claim-note' });
  const bClaimYes = mkBtn('seat-claim-yes', () => claimSeat(), 'primary');
  const bClaimNo = mkBtn('seat-claim-no', () => declineSeat());
  const claimEl = h('div', { class: 'seat-claim', 'data-testid': 'seat-claim', role: 'group', hidden: true },
    claimAsk, claimNote, h('p', { class: 'seat-claim-buttons' }, bClaimYes, bClaimNo));
  const mkPlayer = (where) => h('div', { class: `seat player player-${where}`, 'data-testid': `player-${where}` });
  const playerTop = mkPlayer('top');
  const playerBottom = mkPlayer('bottom');
  const seatsEl = h('div', { class: 'seats', 'data-testid': 'seats' });
  const bRematch = mkBtn('rematch', () => rematch(), 'primary');
  const bHint = mkBtn('hint', () => askHint());
  const rematchNote = h('p', { class: 'rematch-note', 'data-testid': 'rematch-note', 'aria-live': 'polite', hidden: true });
  const matchEl = h('p', { class: 'match-total', 'data-testid': 'match-total', 'aria-live': 'polite', hidden: true });
  const hintEl = h('p', { class: 'hint-text', 'data-testid': 'hint-text', 'aria-live': 'polite', hidden: true });
  const aPrev = h('a', { 'data-link': '', 'data-testid': 'prev-game', hidden: true });
  const bUndo = mkBtn('undo', () => act('undo'));
  // A claim is confirmed first: a claim the solver does not prove loses.
  const bClaim = mkBtn('claim', () => { ctx.claimSure = true; render(); bClaimSure.focus(); });
  const bClaimSure = mkBtn('claim-confirm', () => { ctx.claimSure = false; act('claim'); }, 'danger');
  const bClaimBack = mkBtn('claim-cancel', () => { ctx.claimSure = false; render(); bClaim.focus(); });
  const bResign = mkBtn('resign', () => { ctx.resignAsk = true; render(); bResignYes.focus(); }, 'danger');
  const bResignYes = mkBtn('resign-confirm', () => { ctx.resignAsk = false; act('resign'); }, 'danger');
  const bResignNo = mkBtn('resign-cancel', () => { ctx.resignAsk = false; render(); bResign.focus(); });
  const bDrawOffer = mkBtn('draw-offer', () => act('draw', { action: 'offer' }));
  const bDrawAccept = mkBtn('draw-accept', () => act('draw', { action: 'accept' }));
  const bDrawDecline = mkBtn('draw-decline', () => act('draw', { action: 'decline' }));
  const flipped = () => (ctx.flip === null ? defaultFlip(ctx.live, id) : ctx.flip);
  const bFlip = mkBtn('flip', () => { ctx.flip = !flipped(); storeFlip(id, ctx.flip); render(); });
  const announceEl = h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'announce' });
  const aAgain = h('a', { class: 'button primary', 'data-link': '', 'data-testid': 'play-again', hidden: true });
  const aAnalyse = h('a', { class: 'button', 'data-link': '', 'data-testid': 'analyse', hidden: true });
  const review = createReview({ id, goToPly: (n) => goToPly(n), changed: () => render() });
  const tools = createTools({ id, ctx, tokens, act: (w, b) => act(w, b), say: (x, k) => say(x, k), navigate, shownPly: () => hist.shownPly() });
  // Conditional moves while one waits (#49, web/play/conditional.js).
  const conditional = createConditional({ id, tokens });
  const actionsEl = h('div', { class: 'actions' }, bHint, bRematch, bUndo, bClaim, bClaimSure, bClaimBack, bDrawOffer, bDrawAccept, bDrawDecline, bResign, bResignYes, bResignNo, ...tools.buttons, bFlip, aAgain, aAnalyse, review.button);
  const inviteEl = h('div', { class: 'invite', 'data-testid': 'invite', hidden: true });
  const movesTitle = h('h2', { class: 'moves-title' });
  const movesEl = h('ol', { class: 'moves', 'data-testid': 'moves' });
  const movesBox = h('div', { class: 'moves-box' }, movesEl);

  const playHead = h('div', { class: 'play-head' }, h('div', null, title, variantLine, variantArt, rulesLink), connEl);
  const statusBar = h('div', { class: 'status-bar' }, statusEl, claimEl, matchEl, rematchNote, hintEl, promptEl, thinkingEl, drawNote, tools.note, messageEl, announceEl);
  const boardCol = h('div', { class: 'board-col' }, playerTop, boardWrap, playerBottom, selectionEl, choicesEl, passEl, histNav, infoEl);
  const chat = createChat({ id, tokens: () => api.tokensFor(id), seatName: (s) => ctx.live && sideName(ctx.live.game, s, null, ctx.live.variant) });
  const sideCol = h('aside', { class: 'side-col' }, seatsEl, actionsEl, inviteEl, aPrev, movesTitle, movesBox, chat.el, tools.shareBox, tools.notesBox, conditional.el);
  const page = h('section', { class: 'play' }, playHead, statusBar, h('div', { class: 'play-grid' }, boardCol, sideCol));
  // Nothing above the board changes while a move is entered (a tap must
  // land where it was aimed): on a phone (one column) the status, the
  // prompt and the messages go under the board, then the actions; on a
  // wider screen the board fills the column's height with only the
  // players' bars above and below it, the rest beside it (style.css).
  const narrow = window.matchMedia('(max-width: 760px)');
  const placeActions = () => {
    if (narrow.matches) {
      playerBottom.after(statusBar);
      boardCol.append(selectionEl, choicesEl, passEl, actionsEl, histNav, infoEl, variantArt);
      sideCol.prepend(seatsEl);
    } else {
      playHead.after(statusBar);
      variantLine.after(variantArt);
      sideCol.prepend(selectionEl, choicesEl, passEl, seatsEl, actionsEl, histNav, infoEl);
    }
    // The review under the actions (its button's) and the replay's buttons,
    // on the first screen of a laptop, not under the move list.
    histNav.after(review.el);
  };
  placeActions();
  narrow.addEventListener('change', placeActions);
  const blind = blindWanted() ? createBlind({ submit: (mv) => submitMove(mv), svg, status: (st) => statusText(st, ctx.board), refusal: () => refuseReason() }) : null;
  if (blind) {
    page.classList.add('blind-mode');
    announceEl.removeAttribute('aria-live'); // the panel's log says each move
    page.insertBefore(blind.el, page.querySelector('.play-grid'));
  }
  fill(root, page);
  title.textContent = t('loading');
  // The socket opens once the board is drawn (or the first answer is in),
  // so that it does not compete with what the first draw needs.
  const feed = createLive({ id, page, ctx, tokens, apply: (st) => apply(st), load: () => load(), render: () => render() });
  const startLive = feed.start;

  function say(text, testKind = 'info') {
    ctx.msg = text;
    messageEl.textContent = text;
    messageEl.dataset.kind = testKind;
    clearTimeout(ctx.msgTimer);
    if (text) ctx.msgTimer = setTimeout(() => { ctx.msg = ''; messageEl.textContent = ''; }, 5000);
  }

  const sameMoves = (a, b) => a && b && a.ply === b.ply && (a.moves || []).join('|') === (b.moves || []).join('|');

  function apply(st, { fromHttp = false, force = false } = {}) {
    if (ctx.destroyed || !st) return;
    if (st.id && st.id !== id) return;
    if (fromHttp) stateSample(st.clock, Date.now());
    if (fromHttp && !force && ctx.live && st.ply < ctx.live.ply) return;
    // An action's answer can come after the socket's newer word on the same
    // position: the ratings after a rated game (made once it ended) stay.
    const ratedAfter = (s) => !!(s && s.rated && s.rated.seats && s.rated.seats[0].after != null);
    if (fromHttp && ctx.live && st.ply === ctx.live.ply && ratedAfter(ctx.live) && !ratedAfter(st)) {
      st = { ...st, rated: ctx.live.rated };
    }
    // A socket's first state comes before it has read our tokens (a
    // spectator's view): keep the seats we already know for that position.
    if (!fromHttp && ctx.live && !(st.you || []).length && (ctx.live.you || []).length && tokens().length && sameMoves(st, ctx.live)) {
      st = { ...st, you: ctx.live.you, legal: ctx.live.legal };
    }
    const plyChanged = !ctx.live || ctx.live.ply !== st.ply || (ctx.live.moves || []).join('|') !== (st.moves || []).join('|');
    const prev = ctx.live;
    if (prev && st.ply === prev.ply + 1 && (st.moves || []).slice(0, prev.ply).join('|') === (prev.moves || []).join('|')) {
      const mover = prev.to_move;
      if (!(st.you || []).includes(mover) || (st.you || []).length !== 1) {
        const move = (st.moves || [])[st.ply - 1];
        announceEl.textContent = t('announce_move', { side: sideName(st.game, mover, st.seats?.[mover]?.name, st.variant), move });
      }
    } else if (prev && st.ply > prev.ply + 1 && (st.moves || []).slice(0, prev.ply).join('|') === (prev.moves || []).join('|')) {
      // Several moves in one state (ours and a quick reply, read together):
      // when it is our single seat's turn again, the last one was the
      // other side's.
      const me = st.you || [];
      if (me.length === 1 && st.to_move === me[0]) {
        const mover = 1 - me[0];
        const move = (st.moves || [])[st.ply - 1];
        announceEl.textContent = t('announce_move', { side: sideName(st.game, mover, st.seats?.[mover]?.name, st.variant), move });
      }
    }
    ctx.live = st;
    // A tournament's game that ends here goes back to its tournament (#45).
    if (prev && !prev.result && st.result) backToTournament(id, navigate);
    // A correspondence move changes the list of games waiting for a move;
    // so does any state that disagrees with it about this game (a game
    // that ended, a move made here): the tab's count is looked at again,
    // once for each such state.
    const listed = waitingGames().some((g) => g.id === id);
    const waitKey = `${st.ply}|${st.result ? 1 : 0}`;
    if ((plyChanged && prev && st.clock && st.clock.days) || (listed !== isMyTurn(st) && ctx.waitKey !== waitKey)) {
      ctx.waitKey = waitKey;
      refreshWaiting();
    }
    if (!st.next) ctx.sawNoNext = true;
    else if (ctx.sawNoNext && (st.you || []).length) followNext(st);
    if (ctx.hint && ctx.hint !== 'wait' && ctx.hint.ply !== st.ply) ctx.hint = null;
    if (plyChanged) {
      ctx.prefix = [];
      ctx.resignAsk = false;
      ctx.claimSure = false;
    } else if (ctx.prefix.length && nextCells(st.legal, ctx.prefix).size === 0 && exactMoves(st.legal, ctx.prefix).length === 0) {
      ctx.prefix = [];
    }
    hist.follow(st);
    if (ctx.askedPly !== null && ctx.askedPly !== undefined && st.ply >= ctx.askedPly) {
      const n = ctx.askedPly;
      ctx.askedPly = null;
      if (n < st.ply) setTimeout(() => goToPly(n), 0);
    }
    if (tokens().length) {
      const kept = api.storedGame(id) || {};
      const you = st.you || [];
      if (!kept.game || (you.length && String(kept.you) !== String(you))) api.rememberGame(id, { game: st.game, you: you.length ? you : null });
    }
    if (ctx.boardGame !== st.game) {
      const game = st.game;
      ctx.boardGame = game;
      ctx.board = null;
      loadBoard(game).then((mod) => {
        if (ctx.boardGame === game) { ctx.board = mod; render(); }
        startLive();
      }).catch((e) => { say(t('error_prefix', { error: e.message }), 'refused'); startLive(); });
    }
    render();
  }

  async function load() {
    try {
      const st = await api.get(`/api/games/${encodeURIComponent(id)}`, tokens());
      apply(st, { fromHttp: true, force: true });
    } catch (e) {
      if (!ctx.live) {
        if (e.status === 404) {
          ctx.gone = true;
          chat.stop(); // no game, no chat: its socket stops trying too
        }
        title.textContent = gameName('');
        fill(page, h('p', { class: 'error', 'data-testid': 'error', text: e.status === 404 ? t('no_such_game') : t('error_prefix', { error: e.message }) }),
          h('p', null, h('a', { href: '/', 'data-link': '', text: t('back_home') })));
      }
    }
  }

  // ---- actions ----
  async function act(what, body) {
    if (ctx.busy || !ctx.live) return;
    ctx.busy = true;
    try {
      const st = await api.post(`/api/games/${encodeURIComponent(id)}/${what}`, body || {}, tokens());
      apply(st, { fromHttp: true, force: what === 'undo' || what === 'takeback' });
      if (what === 'draw' || what === 'resign' || what === 'claim') say('');
    } catch (e) {
      say(t('msg_refused', { error: e.message }), 'refused');
      load();
    } finally {
      ctx.busy = false;
      render();
    }
  }

  /** The seat this page may take for the logged-in account, or null. */
  const claimable = () => {
    const kept = api.storedGame(id);
    return claimableSeat(ctx.live, currentAccount(), tokens().length > 0, kept && kept.declined);
  };

  /** Yes: the seat becomes the account's. */
  async function claimSeat() {
    const seat = claimable();
    if (ctx.busy || seat === null) return;
    ctx.busy = true;
    try {
      const st = await api.post(`/api/games/${encodeURIComponent(id)}/seats/${seat}/claim`, {}, tokens());
      apply(st, { fromHttp: true });
    } catch (e) {
      say(t('msg_refused', { error: e.message }), 'refused');
      load();
    } finally {
      ctx.busy = false;
      render();
    }
  }

  /** No: this browser plays the seat by its link, and is not asked again. */
  function declineSeat() {
    const seat = claimable();
    if (seat === null) return;
    const kept = api.storedGame(id) || {};
    api.rememberGame(id, { declined: [...(kept.declined || []), seat] });
    render();
  }

  /** Asks for a rematch (or the next game once it exists); moves there when it has started. */
  async function rematch() {
    if (ctx.busy || !ctx.live) return;
    ctx.busy = true;
    try {
      const r = await api.post(`/api/games/${encodeURIComponent(id)}/rematch`, {}, tokens());
      if (r && r.id) goTo(r);
      else load();
    } catch (e) {
      say(t('msg_refused', { error: e.message }), 'refused');
    } finally {
      ctx.busy = false;
      render();
    }
  }

  function goTo(r) {
    if (ctx.destroyed || ctx.moving) return;
    ctx.moving = true;
    api.rememberGame(r.id, { tokens: Object.values(r.tokens || {}), game: ctx.live && ctx.live.game });
    navigate(`/play/${encodeURIComponent(r.id)}`);
  }

  /** The next game started while this page was open: follow it (after a moment to see the end of a match's first game). */
  function followNext(st) {
    if (ctx.nextTimer || ctx.moving) return;
    const wait = st.match && st.match.game === 1 ? 2500 : 0;
    ctx.nextTimer = setTimeout(async () => {
      try {
        const r = await api.post(`/api/games/${encodeURIComponent(id)}/rematch`, {}, tokens());
        if (r && r.id) goTo(r);
      } catch (e) {
        ctx.nextTimer = null;
        say(t('msg_refused', { error: e.message }), 'refused');
      }
    }, wait);
  }

  async function askHint() {
    if (ctx.busy || !ctx.live || ctx.hint === 'wait') return;
    ctx.hint = 'wait';
    render();
    try {
      const r = await api.post(`/api/games/${encodeURIComponent(id)}/hint`, {}, tokens());
      ctx.hint = r && ctx.live && r.ply === ctx.live.ply ? r : null;
    } catch (e) {
      ctx.hint = null;
      say(t('msg_refused', { error: e.message }), 'refused');
    }
    render();
  }

  /** Rings the cells of the hint's move on the board. */
  function markHint() {
    for (const el of svg.querySelectorAll('.hint-mark')) el.remove();
    const hint = ctx.hint;
    if (!hint || hint === 'wait' || hist.browsing()) return;
    for (const cell of hint.path || []) {
      const el = svg.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
      if (!el || typeof el.getBBox !== 'function') continue;
      const b = el.getBBox();
      const r = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      const pad = Math.max(1, Math.min(b.width, b.height) * 0.08);
      r.setAttribute('x', String(b.x + pad));
      r.setAttribute('y', String(b.y + pad));
      r.setAttribute('width', String(Math.max(0, b.width - 2 * pad)));
      r.setAttribute('height', String(Math.max(0, b.height - 2 * pad)));
      r.setAttribute('rx', String(Math.min(b.width, b.height) * 0.2));
      r.setAttribute('class', 'hint-mark');
      r.setAttribute('data-hint-cell', cell);
      r.setAttribute('fill', 'none');
      r.setAttribute('stroke', '#d97706');
      r.setAttribute('stroke-width', String(Math.max(2, Math.min(b.width, b.height) * 0.1)));
      r.setAttribute('stroke-dasharray', '6 3');
      r.setAttribute('pointer-events', 'none');
      const outer = svg.getScreenCTM();
      const inner = el.getScreenCTM();
      const tf = outer && inner ? outer.inverse().multiply(inner) : null;
      if (tf) r.setAttribute('transform', `matrix(${tf.a} ${tf.b} ${tf.c} ${tf.d} ${tf.e} ${tf.f})`);
      svg.append(r);
    }
  }

  async function submitMove(move) {
    if (ctx.busy || !ctx.live) return;
    ctx.busy = true;
    const ply = ctx.live.ply;
    // The own move drawn at once (boards/common.js), rolled back if refused.
    const entered = (ctx.live.legal || []).find((mv) => mv.move === move);
    setPending(svg, ply, entered ? entered.path : []);
    ctx.prefix = [];
    render();
    try {
      const st = await api.post(`/api/games/${encodeURIComponent(id)}/move`, { move, ply }, tokens());
      ctx.prefix = [];
      apply(st, { fromHttp: true });
      tools.moved();
    } catch (e) {
      ctx.prefix = [];
      clearPending(svg);
      say(t('msg_rolled_back', { error: e.message }), 'refused');
      load();
    } finally {
      ctx.busy = false;
      render();
    }
  }

  function refuseReason() {
    const st = ctx.live;
    if (!st) return t('msg_illegal');
    if (st.result) return t('msg_over');
    if (!(st.you || []).length) return t('msg_spectator');
    if (st.thinking) return t('msg_wait');
    if (!(st.you || []).includes(st.to_move)) return t('msg_not_your_turn');
    return t('msg_illegal');
  }

  function onCell(cell) {
    if (!ctx.live) return;
    if (hist.browsing()) {
      say(t('msg_browsing'), 'refused');
      return;
    }
    if (ctx.busy) return;
    const legal = ctx.live.legal || [];
    if (!legal.some((mv) => (mv.path || []).length)) {
      say(refuseReason(), 'refused');
      return;
    }
    const cand = [...ctx.prefix, cell];
    const extends_ = legal.some((mv) => startsWith(mv.path || [], cand));
    if (extends_) {
      ctx.prefix = cand;
    } else if (ctx.prefix.length && ctx.prefix[ctx.prefix.length - 1] === cell) {
      ctx.prefix = ctx.prefix.slice(0, -1); // click the last selected cell again: take it back
      say('');
      render();
      return;
    } else if (legal.some((mv) => startsWith(mv.path || [], [cell]))) {
      ctx.prefix = [cell];
    } else {
      ctx.prefix = [];
      say(t('msg_illegal'), 'refused');
      render();
      return;
    }
    say('');
    const exact = exactMoves(legal, ctx.prefix);
    const longer = nextCells(legal, ctx.prefix).size > 0;
    if (exact.length === 1 && !longer) {
      submitMove(exact[0].move);
      render();
      return;
    }
    render();
  }

  async function copyLink(input, btn) {
    const text = input.value;
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        ok = true;
      }
    } catch { ok = false; }
    if (!ok) {
      input.focus();
      input.select();
      try { ok = document.execCommand('copy'); } catch { ok = false; }
    }
    btn.textContent = ok ? t('copied') : t('copy');
    setTimeout(() => { btn.textContent = t('copy'); }, 2000);
  }

  // ---- rendering ----
  function render() {
    if (ctx.destroyed) return;
    const live = ctx.live;
    hist.draw(live);
    bUndo.textContent = t('undo');
    bClaim.textContent = t('claim', { claim: claimName(live ? live.game : '') });
    bClaimSure.textContent = t('claim_confirm');
    bClaimBack.textContent = t('cancel');
    bResign.textContent = t('resign');
    bResignYes.textContent = t('resign_confirm');
    bResignNo.textContent = t('cancel');
    bDrawOffer.textContent = t('draw_offer');
    bDrawAccept.textContent = t('draw_accept');
    bDrawDecline.textContent = t('draw_decline');
    bFlip.textContent = t('flip');
    movesTitle.textContent = t('moves_title');
    feed.drawConn(connEl);
    tools.render(live, hist.browsing());
    conditional.render(live);
    if (!live) return;
    if (blind) blind.render(live);

    const game = live.game;
    const mod = ctx.board;
    const st = hist.shownState();
    const browsing = hist.browsing();
    const sp = hist.shownPly();
    title.textContent = gameName(game);
    setTitle(`${gameName(game)} · tablero`);
    aAgain.hidden = !live.result;
    aAgain.href = `/new/${game}`;
    aAgain.textContent = t('play_again', { game: gameName(game) });
    aAnalyse.hidden = !live.result;
    aAnalyse.href = `/analysis/${encodeURIComponent(id)}?ply=${sp}`;
    aAnalyse.textContent = t('analyse');
    review.update(live);
    variantLine.textContent = live.variant ? `${t('variant')}: ${(mod && mod.variantLabel ? mod.variantLabel(live.variant, t, catalogEntry(game), getLang()) : live.variant)}` : '';
    rulesLink.href = `/rules/${game}`;
    rulesLink.textContent = t('rules_link', { game: gameName(game) });
    const artKey = `${live.variant}|${getLang()}|${mod ? 1 : 0}`;
    if (variantArt.dataset.key !== artKey) {
      variantArt.dataset.key = artKey;
      fill(variantArt, mod && mod.variantCards && live.variant ? mod.variantCards(live.variant, t, getLang()) : null);
    }

    // board
    const canEnter = !browsing && !ctx.busy && (live.legal || []).length > 0;
    const targets = canEnter ? nextCells(live.legal, ctx.prefix) : new Set();
    const lastMove = sp > 0 ? (live.moves || [])[sp - 1] : null;
    const lm = mod && mod.lastMoveCells && lastMove ? mod.lastMoveCells(lastMove, st && st.view) : { set: new Set(), path: [] };
    boardWrap.dataset.ply = String(live.ply);
    boardWrap.dataset.shownPly = String(sp);
    boardWrap.dataset.game = game;
    boardWrap.dataset.over = live.result ? '1' : '0';
    boardWrap.dataset.myTurn = canEnter ? '1' : '0';
    boardWrap.dataset.flip = flipped() ? '1' : '0';
    boardWrap.classList.toggle('browsing', browsing);
    if (mod && st && st.view) {
      mod.draw(svg, st.view, {
        flip: flipped(),
        selected: browsing ? [] : ctx.prefix,
        targets,
        last: lm.set,
        lastPath: lm.path,
        onCell,
      });
      fill(infoEl, ...mod.info(st.view));
      // the board's proportions size its column on a wide screen (style.css)
      const vb = svg.viewBox && svg.viewBox.baseVal;
      if (vb && vb.width > 0 && vb.height > 0) page.style.setProperty('--aspect', (vb.width / vb.height).toFixed(4));
    }

    // selection and choices
    let prompt = '';
    if (ctx.prefix.length && canEnter && mod && mod.entryPrompt) {
      prompt = mod.entryPrompt(ctx.prefix, (live.legal || []).filter((mv) => startsWith(mv.path || [], ctx.prefix)), t);
    }
    selectionEl.textContent = ctx.prefix.length ? t('selection', { cells: ctx.prefix.join(' → ') }) : '';
    promptEl.textContent = prompt;
    const exact = canEnter ? exactMoves(live.legal, ctx.prefix) : [];
    const longer = targets.size > 0;
    choicesEl.replaceChildren();
    if (exact.length > 1 || (exact.length === 1 && longer)) {
      choicesEl.append(h('p', { class: 'hint', text: t('choose') }));
      for (const mv of exact) {
        choicesEl.append(h('button', {
          type: 'button', class: 'choice', 'data-testid': 'choose-move', 'data-move': mv.move,
          text: t('play_move', { move: mv.move }), onclick: () => submitMove(mv.move),
        }));
      }
    }
    passEl.replaceChildren();
    if (canEnter) {
      const empties = live.legal.filter((mv) => !(mv.path || []).length);
      empties.forEach((mv, i) => {
        passEl.append(h('button', {
          type: 'button', class: 'pass', 'data-testid': i === 0 ? 'pass' : `pass-${i}`, 'data-move': mv.move,
          text: mv.move === 'pass' ? t('pass') : t('play_move', { move: mv.move }), onclick: () => submitMove(mv.move),
        }));
      });
    }

    // status
    statusEl.textContent = statusText(live, mod);
    statusEl.dataset.over = live.result ? '1' : '0';
    statusEl.dataset.outcome = outcomeOf(live);
    statusEl.dataset.ply = String(live.ply);
    thinkingEl.hidden = !live.thinking || !!live.result;
    thinkingEl.textContent = t('thinking');
    const you = live.you || [];
    const over = !!live.result;
    if (live.draw_offer === 0 || live.draw_offer === 1) {
      drawNote.hidden = over;
      drawNote.textContent = t('draw_offered', { side: sideName(game, live.draw_offer, live.seats?.[live.draw_offer]?.name, live.variant) });
    } else {
      drawNote.hidden = true;
    }

    // the seat the account may take
    const claim = claimable();
    claimEl.hidden = claim === null;
    if (claim !== null) {
      const name = currentAccount().name;
      claimAsk.textContent = t('claim_ask', { side: sideName(game, claim, live.seats?.[claim]?.name, live.variant), name });
      claimNote.textContent = t('claim_note');
      bClaimYes.textContent = t('claim_yes', { name });
      bClaimNo.textContent = t('claim_no');
      bClaimYes.disabled = ctx.busy;
    }

    // players, above and below the board (the bottom one is the side drawn at the bottom)
    seatsEl.hidden = true;
    const bottomSeat = flipped() ? 1 : 0;
    renderPlayer(playerBottom, live, bottomSeat, mod);
    renderPlayer(playerTop, live, 1 - bottomSeat, mod);
    feed.tick();
    boardWrap.dataset.you = you.join(',');

    renderMatch(matchEl, live);
    renderActions(
      { rematch: bRematch, hint: bHint, undo: bUndo, claim: bClaim, claimYes: bClaimSure, claimNo: bClaimBack, drawOffer: bDrawOffer, drawAccept: bDrawAccept, drawDecline: bDrawDecline, resign: bResign, resignYes: bResignYes, resignNo: bResignNo },
      { rematch: rematchNote, hint: hintEl },
      aPrev, live, ctx, browsing,
    );
    markHint();
    const stored = api.storedGame(id);
    renderInvite(inviteEl, live, (stored && stored.links) || {}, copyLink);
    renderMoves(movesEl, movesBox, live, { shown: sp, browsing, review, goToPly });
  }

  const onKey = (ev) => {
    if (ev.key === 'Escape' && ctx.prefix.length) {
      ctx.prefix = [];
      say('');
      render();
    }
    tools.onKey(ev);
  };
  document.addEventListener('keydown', onKey);
  const offLang = onLangChange(() => { render(); chat.render(); });
  const offAccount = onAccountKnown(() => render());
  // The state the server put in the page (a spectator's view): the board is
  // drawn from it at once; the app asks again with its tokens, if any.
  const inPage = bootData().game;
  if (inPage && inPage.id === id) {
    delete bootData().game;
    apply(inPage, { fromHttp: true, force: true });
  }
  if (!inPage || inPage.id !== id || tokens().length) load().then(startLive);
  render();

  return () => {
    ctx.destroyed = true;
    review.destroy();
    tools.destroy();
    feed.stop();
    chat.stop();
    clearTimeout(ctx.msgTimer);
    clearTimeout(ctx.nextTimer);
    document.removeEventListener('keydown', onKey);
    narrow.removeEventListener('change', placeActions);
    offLang();
    offAccount();
  };
}
