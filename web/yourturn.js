// The games waiting for this browser's move: counted in the tab's title
// ("(2) tablero"), listed on the home page with the time left on each, and
// announced by the browser's notifications when the reader has allowed
// them. Read from POST /api/my-games with the tokens this browser holds
// when the notices socket (GET /api/notices/ws) says a game of this
// browser's account or seats moved or ended, when it (re)connects, and
// whenever a page asks; only while the socket is down, every 30 seconds.

import * as api from './api.js';
import { loggedInHint } from './account.js';
import { t, gameName } from './i18n.js';

let base = document.title || 'tablero';
let waiting = []; // summaries of the games where a held seat is to move
const listeners = new Set();
let known = null; // ids waiting at the last look (null before the first)
let timer = null;

/** Whether a game summary waits for a move of a seat this browser holds. */
export function isMyTurn(s) {
  return !s.result && (s.to_move === 0 || s.to_move === 1) && (s.you || []).includes(s.to_move);
}

/** Sets the tab's title: `text`, after the count of games waiting for a move. */
export function setTitle(text) {
  base = text;
  document.title = waiting.length ? `(${waiting.length}) ${base}` : base;
}

/** The games waiting for a move at the last look. */
export function waitingGames() {
  return waiting;
}

/** Calls `fn(games)` after every look; returns the function that stops it. */
export function onWaiting(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Whether notifications can be asked for and what the reader said. */
export function notifyState() {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission; // 'default' | 'granted' | 'denied'
}

/** Asks the reader to allow notifications (from a click). */
export async function askNotify() {
  if (typeof Notification === 'undefined') return 'unsupported';
  try { return await Notification.requestPermission(); } catch { return Notification.permission; }
}

function notifyNew(games) {
  if (known === null || notifyState() !== 'granted' || document.visibilityState === 'visible') return;
  for (const g of games) {
    if (known.has(g.id)) continue;
    try {
      const n = new Notification(t('your_turn_notice', { game: gameName(g.game) }), { tag: `tablero-${g.id}` });
      n.onclick = () => { window.focus(); location.assign(`/play/${encodeURIComponent(g.id)}`); };
    } catch { /* a browser without page notifications: nothing to do */ }
  }
}

// ---- email notices (the server's --smtp) ----

const MAIL_KEY = 'tablero.notify';
let mailTokens = 0; // how many tokens the address was last left for

/** The address this browser left for its games' notices, if any. */
export function notifyEmail() {
  try { return localStorage.getItem(MAIL_KEY) || null; } catch { return null; }
}

/** Whether the server sends mail, and the address the seats lead to. */
export async function mailStatus() {
  return api.post('/api/notify/status', { tokens: api.allTokens() });
}

/** Leaves `email` for every seat this browser holds (and later ones). */
export async function setNotifyEmail(email, lang) {
  const res = await api.post('/api/notify', { email, lang, tokens: api.allTokens() });
  try { localStorage.setItem(MAIL_KEY, res.email); } catch { /* private mode */ }
  mailTokens = api.allTokens().length;
  return res;
}

/** No more mail about this browser's seats. */
export async function stopNotifyEmail() {
  await api.post('/api/notify/stop', { tokens: api.allTokens() });
  try { localStorage.removeItem(MAIL_KEY); } catch { /* private mode */ }
}

/** Games started since the address was left get it too. */
async function keepEmail(tokens, lang) {
  const email = notifyEmail();
  if (!email || tokens.length === mailTokens) return;
  try {
    await api.post('/api/notify', { email, lang, tokens });
    mailTokens = tokens.length;
  } catch { /* the server has no mail now, or is away: try at the next look */ }
}

// ---- the notices socket: "your turn" and challenges at once ----

let socket = null;
let socketUp = false;
let helloTokens = ''; // the tokens last sent in a hello
let retry = 1000;
const noticeListeners = new Set();

/** Calls `fn(message)` for every challenge notice; returns the function that stops it. */
export function onNotice(fn) {
  noticeListeners.add(fn);
  return () => noticeListeners.delete(fn);
}

function hello() {
  if (!socketUp) return;
  const tokens = api.allTokens().slice(0, 200);
  const key = tokens.join(',');
  if (key === helloTokens) return;
  helloTokens = key;
  try { socket.send(JSON.stringify({ type: 'hello', tokens })); } catch { /* closing */ }
}

function connect() {
  if (typeof WebSocket === 'undefined') return;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  try { socket = new WebSocket(`${proto}//${location.host}/api/notices/ws`); } catch { return; }
  socket.onopen = () => {
    socketUp = true;
    retry = 1000;
    helloTokens = '';
    hello();
    refresh(); // re-ask once: what moved while the socket was down
  };
  socket.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    if (m.type === 'turn' || m.type === 'resync') refresh();
    if (m.type === 'challenge' || m.type === 'resync') for (const fn of noticeListeners) fn(m);
  };
  socket.onclose = () => {
    socketUp = false;
    socket = null;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30_000);
    refresh(); // the slow poll takes over while the socket is down
  };
}

/** Opens the notices socket again (after a login or logout: the cookie changed). */
export function reconnectNotices() {
  if (socket) { try { socket.close(); } catch { /* closing */ } }
}

/** Looks again now (a page that has just moved, or shown the list). */
export async function refresh() {
  clearTimeout(timer);
  // Only while the socket is down: the socket says when to look again.
  if (!socketUp) timer = setTimeout(refresh, 30_000);
  const tokens = api.allTokens();
  hello(); // games started since the last hello are listened for too
  keepEmail(tokens, document.documentElement.lang || 'en');
  let games = [];
  if (tokens.length || loggedInHint()) {
    try {
      const res = await api.post('/api/my-games', { tokens });
      games = ((res && res.games) || []).filter(isMyTurn);
    } catch {
      return; // offline: keep what was known
    }
  }
  // The most urgent first: the earliest deadline, then the oldest change.
  games.sort((a, b) => ((a.clock?.deadline ?? Infinity) - (b.clock?.deadline ?? Infinity)) || (a.updated - b.updated));
  notifyNew(games);
  known = new Set(games.map((g) => g.id));
  waiting = games;
  setTitle(base);
  for (const fn of listeners) fn(waiting);
}

refresh();
connect();
