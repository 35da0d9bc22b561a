// The JSON API (docs/web-api.md): fetch wrapper, the tokens kept in
// localStorage, and a game's WebSocket with reconnect.

import { errorText, t } from './i18n.js';
import { timeSample, stateSample } from './clock.js';

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** method, path ('/api/...'), JSON body or null, tokens (array). */
export async function request(method, path, body, tokens, timeoutMs = 20000) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined && body !== null) headers['Content-Type'] = 'application/json';
  const toks = (tokens || []).filter(Boolean);
  if (toks.length) headers.Authorization = `Bearer ${toks.join(',')}`;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body !== undefined && body !== null ? JSON.stringify(body) : undefined,
      signal: ctrl.signal,
    });
  } catch (e) {
    throw new ApiError(0, e && e.name === 'AbortError' ? t('api_timeout') : t('net_error'));
  } finally {
    clearTimeout(timer);
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    // An error answer's `code` is shown in the reader's language (its
    // English `error` when the catalogue lacks the code); an answer that
    // is not the server's JSON (a proxy's page) by its status.
    const msg = (data && typeof data.error === 'string')
      ? errorText(data)
      : errorText({ code: 'api_refused', args: { status: res.status }, error: `${res.status} ${res.statusText}` });
    throw new ApiError(res.status, msg);
  }
  return data;
}

export const get = (path, tokens, timeoutMs) => request('GET', path, null, tokens, timeoutMs);
export const post = (path, body, tokens, timeoutMs) => request('POST', path, body ?? {}, tokens, timeoutMs);

// ---- the catalog: asked once per page load ----

let catalogAnswer = null;

/** GET /api/catalog, cached: resolves to its list of games ([] if malformed). */
export function catalog() {
  if (!catalogAnswer) {
    catalogAnswer = get('/api/catalog').then((c) => (c && Array.isArray(c.games) ? c.games : []));
    catalogAnswer.catch(() => { catalogAnswer = null; }); // a failure may be retried
  }
  return catalogAnswer;
}

// ---- tokens and links kept per game id ----

const STORE = 'tablero.games';

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(STORE) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

function save(v) {
  try { localStorage.setItem(STORE, JSON.stringify(v)); } catch { /* ignore */ }
}

/** The stored entry of a game: {tokens: [T...], links: {seat: path}, game, you: [seat...], created,
 * declined: [seat...] (the seats this browser chose to play without its account)}. */
export function storedGame(id) {
  return load()[id] || null;
}

export function tokensFor(id) {
  const g = storedGame(id);
  return g && Array.isArray(g.tokens) ? g.tokens : [];
}

/** Merge what we learnt about a game into the store. */
export function rememberGame(id, { tokens = [], links = null, game = null, you = null, declined = null } = {}) {
  const all = load();
  const cur = all[id] || { tokens: [], links: {}, created: Date.now() };
  for (const tk of tokens) if (tk && !cur.tokens.includes(tk)) cur.tokens.push(tk);
  if (links) cur.links = { ...(cur.links || {}), ...links };
  if (game) cur.game = game;
  if (Array.isArray(you)) cur.you = you;
  if (Array.isArray(declined)) cur.declined = declined;
  all[id] = cur;
  save(all);
}

export function allTokens() {
  const all = load();
  const out = [];
  for (const g of Object.values(all)) for (const tk of g.tokens || []) if (!out.includes(tk)) out.push(tk);
  return out;
}

// ---- WebSocket ----

/**
 * Open the game's socket; calls onState(STATE) for each state message and
 * onStatus(true|false) when the connection opens or drops. Reconnects with
 * a growing delay, except when the game does not exist: a socket refused
 * before it opened asks the game once, and a 404 stops the retries (and
 * calls onGone()). Returns {close(), send(obj), isOpen(), gone()}.
 */
export function connectGame(id, tokens, { onState, onStatus, onMessage, onGone } = {}) {
  let ws = null;
  let closed = false;
  let delay = 500;
  let timer = null;
  let open = false;
  let gone = false;

  const setOpen = (v) => {
    if (open !== v) {
      open = v;
      if (onStatus) onStatus(v);
    }
  };

  function connect() {
    if (closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    try {
      ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws`);
    } catch {
      schedule();
      return;
    }
    let opened = false;
    ws.onopen = () => {
      opened = true;
      delay = 500;
      setOpen(true);
      const toks = (tokens || []).filter(Boolean);
      if (toks.length) ws.send(JSON.stringify({ type: 'hello', tokens: toks }));
      askTime();
    };
    ws.onmessage = (ev) => {
      const received = Date.now();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && msg.type === 'time') {
        const sent = asked.get(msg.id);
        asked.delete(msg.id);
        if (typeof sent === 'number' && typeof msg.now === 'number') timeSample(sent, msg.now, received);
        return;
      }
      if (msg && msg.type === 'state' && msg.game) {
        stateSample(msg.game.clock, received);
        if (onState) onState(msg.game);
      }
      // An error message (a refused action, the rate limit, why the server
      // closes the socket) carries its text in the reader's language.
      if (msg && msg.type === 'error') msg.text = errorText(msg);
      if (onMessage) onMessage(msg);
    };
    ws.onclose = () => {
      setOpen(false);
      if (opened) schedule();
      else checkThenSchedule();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  // The server answers 404 before the upgrade for a missing game, which a
  // browser's WebSocket cannot see: ask the game over HTTP.
  async function checkThenSchedule() {
    let status = 0;
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
      status = res.status;
    } catch { status = 0; }
    if (closed) return;
    if (status === 404) {
      gone = true;
      closed = true;
      if (onGone) onGone();
      return;
    }
    schedule();
  }

  // The server's time, asked a few times at first and then every 20 s
  // while the socket is open (see clock.js).
  const asked = new Map();
  let timeTimer = null;
  let timeAsks = 0;
  function askTime() {
    clearTimeout(timeTimer);
    if (closed || !ws || ws.readyState !== WebSocket.OPEN) return;
    const n = `t${++timeAsks}`;
    asked.set(n, Date.now());
    if (asked.size > 8) asked.delete(asked.keys().next().value);
    ws.send(JSON.stringify({ type: 'time', id: n }));
    timeTimer = setTimeout(askTime, timeAsks < 4 ? 1000 : 20_000);
  }

  function schedule() {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 8000);
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(timeTimer);
      if (ws) {
        ws.onclose = null;
        try { ws.close(); } catch { /* ignore */ }
      }
      setOpen(false);
    },
    send(obj) {
      if (ws && ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify(obj));
        return true;
      }
      return false;
    },
    isOpen: () => open,
    gone: () => gone,
  };
}
