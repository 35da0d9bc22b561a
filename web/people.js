// People (issue #44; docs/web-api.md, "People"; docs/web-ui.md): who is
// online, follow and block. Every page opens the online socket
// (/api/online/ws, started by app.js): while it is open this browser's
// account counts as online, and it hears the number of players online,
// which the home page shows. A profile shows the player's online mark,
// "Playing now" and the Follow and Block buttons; /following lists the
// people followed (online or not, and the game each plays now) and the
// players blocked, each with Unblock.

import { h, fill } from './dom.js';
import { t, gameName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { currentAccount, onAccountKnown, loggedInHint } from './account.js';
import { challengeBox } from './challenges.js';

let count = null;
const countListeners = new Set();
let ws = null;

/** Opens the online socket once (again after a drop, waiting longer each time). */
export function startOnline() {
  if (ws) return;
  let delay = 1000;
  const connect = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    try {
      ws = new WebSocket(`${proto}//${location.host}/api/online/ws`);
    } catch {
      setTimeout(connect, delay);
      return;
    }
    ws.onopen = () => { delay = 1000; };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && msg.type === 'online' && typeof msg.online === 'number') {
        count = msg.online;
        for (const fn of countListeners) fn(count);
      }
    };
    ws.onclose = () => {
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  };
  connect();
}

/** Opens the online socket again (after a login or logout: the cookie changed). */
export function restartOnline() {
  if (ws) {
    const old = ws;
    ws = null;
    old.onclose = null;
    old.close();
  }
  startOnline();
}

/** Calls `fn(n)` with the number of players online, now and on each change; answers the unsubscribe. */
export function onOnlineCount(fn) {
  countListeners.add(fn);
  if (count !== null) fn(count);
  return () => countListeners.delete(fn);
}

/** The online mark by a name: a dot, filled when online (its text for screen readers). */
export function onlineMark(on) {
  return h('span', {
    class: `online-mark${on ? ' on' : ''}`,
    'data-testid': 'online-mark',
    'data-online': on ? '1' : '0',
    title: t(on ? 'people_online' : 'people_offline'),
    role: 'img',
    'aria-label': t(on ? 'people_online' : 'people_offline'),
  });
}

/** A player's name as a link to the profile, with the online mark if `on` is given. */
export function nameLink(name, { on = null, testid = null } = {}) {
  if (!name) return h('span', { class: 'muted', text: t('profile_vs_anonymous') });
  return h('span', { class: 'player-name' },
    on === null ? null : onlineMark(on),
    h('a', { href: `/@/${encodeURIComponent(name)}`, 'data-link': '', 'data-testid': testid, text: name }));
}

/** The home page's count of players online. */
export function mountOnlineCount(box) {
  const draw = (n) => fill(box, h('span', { class: 'online-count', 'data-testid': 'online-count', 'data-n': String(n) },
    onlineMark(n > 0), ' ', t('people_online_count', { n })));
  const off = onOnlineCount(draw);
  const offLang = onLangChange(() => { if (count !== null) draw(count); });
  return () => { off(); offLang(); };
}

function playingLink(p) {
  return h('a', { class: 'playing-now', href: p.url, 'data-link': '', 'data-testid': 'playing-now' },
    t('people_playing_now'), ` · ${gameName(p.game)}${p.clock ? ` ${p.clock}` : ''}`);
}

/**
 * A profile's part (web/profile.js): the online mark, "Playing now", and
 * for another logged-in account the Follow and Block buttons.
 */
export function mountProfilePeople(box, name) {
  const enc = encodeURIComponent(name);
  let rel = null;
  let error = null;
  let busy = false;
  let destroyed = false;

  async function load() {
    try {
      rel = await api.get(`/api/people/${enc}`);
      error = null;
    } catch (e) {
      rel = null;
      error = e.status === 404 ? null : e;
    }
    render();
  }

  async function change(what, on) {
    busy = true;
    render();
    try {
      await api.request(on ? 'POST' : 'DELETE', `/api/people/${enc}/${what}`, on ? {} : null);
      error = null;
    } catch (e) {
      error = e;
    }
    busy = false;
    await load();
  }

  function render() {
    if (destroyed) return;
    if (!rel) {
      fill(box, error ? h('p', { class: 'error', role: 'alert', text: t('error_prefix', { error: error.message }) }) : null);
      return;
    }
    const me = currentAccount();
    const buttons = me && !rel.own ? h('span', { class: 'people-buttons' },
      rel.blocking ? null : h('button', {
        type: 'button', class: rel.following ? 'secondary' : 'primary', disabled: busy,
        'data-testid': rel.following ? 'unfollow' : 'follow',
        text: t(rel.following ? 'people_unfollow' : 'people_follow'),
        onclick: () => change('follow', !rel.following),
      }),
      h('button', {
        type: 'button', class: 'secondary', disabled: busy,
        'data-testid': rel.blocking ? 'unblock' : 'block',
        text: t(rel.blocking ? 'people_unblock' : 'people_block'),
        onclick: () => change('block', !rel.blocking),
      })) : null;
    fill(box, h('p', { class: 'profile-people', 'data-testid': 'profile-people' },
      h('span', { class: 'presence', 'data-testid': 'profile-online', 'data-online': rel.online ? '1' : '0' },
        onlineMark(rel.online), ' ', t(rel.online ? 'people_online' : 'people_offline')),
      rel.playing ? ' · ' : null,
      rel.playing ? playingLink(rel.playing) : null,
      buttons ? ' ' : null, buttons),
    error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'people-error', text: t('error_prefix', { error: error.message }) }) : null);
  }

  const offLang = onLangChange(render);
  const offKnown = onAccountKnown(render);
  load();
  const timer = setInterval(load, 10000);
  return () => { destroyed = true; offLang(); offKnown(); clearInterval(timer); };
}

/** The page /following: the people followed, then the players blocked. */
export function mountFollowing(root) {
  let following = null;
  let blocked = null;
  let muted = null;
  let moderator = false;
  let error = null;
  let destroyed = false;
  // Each followed player's challenge form, kept across the list's redraws
  // (every 3 s) so a form being filled in stays as it is.
  const boxes = new Map();
  const boxFor = (name) => {
    if (!boxes.has(name)) boxes.set(name, challengeBox(name));
    return boxes.get(name);
  };

  async function load() {
    try {
      const [f, b, m] = await Promise.all([api.get('/api/people/following'), api.get('/api/people/blocks'), api.get('/api/chat/mutes')]);
      following = f.people;
      blocked = b.people;
      muted = m.muted;
      error = null;
    } catch (e) {
      error = e;
    }
    render();
  }

  async function unmute(name) {
    try {
      await api.post('/api/chat/unmute', { name });
    } catch (e) {
      error = e;
    }
    load();
  }

  async function unblock(name) {
    try {
      await api.request('DELETE', `/api/people/${encodeURIComponent(name)}/block`, null);
    } catch (e) {
      error = e;
    }
    load();
  }

  function render() {
    if (destroyed) return;
    const parts = [h('h1', { text: t('people_following_title') })];
    if (error && error.status === 401) {
      parts.push(h('p', { 'data-testid': 'people-login', text: t('people_login_needed') }));
      fill(root, h('section', { class: 'people' }, ...parts));
      return;
    }
    if (error) parts.push(h('p', { class: 'error', role: 'alert', text: t('error_prefix', { error: error.message }) }));
    if (following === null) parts.push(h('p', { text: t('loading') }));
    else if (!following.length) parts.push(h('p', { class: 'none', 'data-testid': 'following-none', text: t('people_following_none') }));
    else {
      parts.push(h('ul', { class: 'people-list', 'data-testid': 'following' }, ...following.map((p) => h('li', {
        'data-testid': `following-${p.name}`, 'data-online': p.online ? '1' : '0', 'data-playing': p.playing ? p.playing.id : '',
      }, nameLink(p.name, { on: p.online }),
      h('span', { class: 'muted', text: ` ${t(p.online ? 'people_online' : 'people_offline')}` }),
      p.playing ? h('span', null, ' · ', playingLink(p.playing)) : null,
      boxFor(p.name)))));
    }
    parts.push(h('h2', { text: t('people_blocked_title') }), h('p', { class: 'muted', text: t('people_blocked_note') }));
    if (blocked && !blocked.length) parts.push(h('p', { class: 'none', 'data-testid': 'blocked-none', text: t('people_blocked_none') }));
    else if (blocked) {
      parts.push(h('ul', { class: 'people-list', 'data-testid': 'blocked' }, ...blocked.map((p) => h('li', { 'data-testid': `blocked-${p.name}` },
        nameLink(p.name), ' ',
        h('button', { type: 'button', class: 'secondary', 'data-testid': `unblock-${p.name}`, text: t('people_unblock'), onclick: () => unblock(p.name) })))));
    }
    // The players muted in chat (their lines hidden from me alone).
    parts.push(h('h2', { text: t('people_muted_title') }), h('p', { class: 'muted', text: t('people_muted_note') }));
    if (muted && !muted.length) parts.push(h('p', { class: 'none', 'data-testid': 'muted-none', text: t('people_muted_none') }));
    else if (muted) {
      parts.push(h('ul', { class: 'people-list', 'data-testid': 'muted' }, ...muted.map((name) => h('li', { 'data-testid': `muted-${name}` },
        nameLink(name), ' ',
        h('button', { type: 'button', class: 'secondary', 'data-testid': `unmute-${name}`, text: t('people_unmute'), onclick: () => unmute(name) })))));
    }
    if (moderator) parts.push(h('p', null, h('a', { href: '/moderation', 'data-link': '', 'data-testid': 'to-moderation', text: t('mod_title') })));
    fill(root, h('section', { class: 'people' }, ...parts));
  }

  const off = onLangChange(render);
  render();
  if (!loggedInHint()) error = { status: 401 };
  load();
  // A moderator gets a link to the reports (asked once: 403 for the others).
  api.get('/api/moderation/reports').then(() => { moderator = true; render(); }, () => {});
  // Who is online and what they play changes: asked again every few seconds.
  const timer = setInterval(load, 3000);
  return () => {
    destroyed = true; off(); clearInterval(timer);
    for (const b of boxes.values()) b.destroy();
  };
}
