// The game page's chat (#44): the players' room and the spectators' room
// as two tabs, each line with its speaker, mute and report (and, for a
// moderator, hide and hide-their-chat), and a box to write in. The lines
// come on the chat's own socket (GET /api/games/{id}/chat/ws: the whole
// chat, then each line said); a line is sent over HTTP and shown once the
// server has committed it. Every name and line is drawn as text
// (textContent through h()), never parsed as HTML.

import { h, fill } from '../dom.js';
import { t, errorText } from '../i18n.js';
import * as api from '../api.js';

const ROOMS = ['players', 'spectators'];
const REASONS = ['abuse', 'spam', 'cheat', 'other'];

/**
 * The chat of game `id`; `tokens()`: the page's seat tokens;
 * `seatName(seat)`: the side's name of a seat (a player without an
 * account is named by it), null when not known. Returns
 * `{el, render(), stop()}`: the panel, drawn again in the language in use
 * by `render()`, its socket closed by `stop()`.
 */
export function createChat({ id, tokens, seatName = () => null }) {
  let view = null;
  let tab = null;
  let socket = null;
  let stopped = false;
  let delay = 500;
  let timer = null;
  // The line whose report form is open, and the last note shown.
  let reporting = null;
  let note = '';
  let noteKind = 'info';

  const titleEl = h('h2', { class: 'chat-title' });
  const tabsEl = h('div', { class: 'chat-tabs', role: 'tablist' });
  const infoEl = h('p', { class: 'chat-info', 'data-testid': 'chat-info' });
  const linesEl = h('ol', { class: 'chat-lines', 'data-testid': 'chat-lines', 'aria-live': 'polite' });
  const input = h('input', {
    class: 'chat-input',
    type: 'text',
    'data-testid': 'chat-input',
    autocomplete: 'off',
    enterkeyhint: 'send',
  });
  const send = h('button', { type: 'submit', class: 'chat-send', 'data-testid': 'chat-send' });
  const form = h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); say(); } }, input, send);
  const noteEl = h('p', { class: 'chat-note', 'data-testid': 'chat-note', role: 'status' });
  const el = h('section', { class: 'chat', 'data-testid': 'chat', hidden: true }, titleEl, tabsEl, linesEl, infoEl, form, noteEl);

  function tell(text, kind = 'info') {
    note = text;
    noteKind = kind;
    noteEl.textContent = text;
    noteEl.dataset.kind = kind;
  }

  function room(name) {
    return view && view[name];
  }

  /** The tab shown: the one chosen, else the reader's own room. */
  function current() {
    if (tab && room(tab) && room(tab).reads) return tab;
    if (view && view.seat !== null && view.seat !== undefined) return 'players';
    return 'spectators';
  }

  function speakerName(line) {
    if (line.name) return line.name;
    return seatName(line.seat ?? 0) || t('chat_seat', { seat: line.seat ?? 0 });
  }

  async function post(path, body) {
    try {
      return await api.post(path, body, tokens());
    } catch (e) {
      tell(e.message, 'error');
      return null;
    }
  }

  async function say() {
    const text = input.value.trim();
    if (!text || !view) return;
    const where = current();
    send.disabled = true;
    const r = await post(`/api/games/${encodeURIComponent(id)}/chat`, { room: where, text });
    send.disabled = false;
    if (!r) return;
    input.value = '';
    tell('');
    add(r.line);
  }

  function add(line) {
    const r = room(line.room);
    if (!r || r.lines.some((l) => l.id === line.id)) return;
    r.lines.push(line);
    render();
  }

  async function mute(name) {
    if (!await post('/api/chat/mute', { name })) return;
    for (const r of ROOMS) {
      if (room(r)) room(r).lines = room(r).lines.filter((l) => l.name !== name || l.mine);
    }
    tell(t('chat_muted', { name }));
    render();
  }

  async function hide(line) {
    if (await post(`/api/moderation/lines/${encodeURIComponent(line.id)}/hide`, {})) drop(line.id);
  }

  async function mark(name) {
    if (await post('/api/moderation/marks', { name, marked: true })) tell(t('chat_muted', { name }));
  }

  function drop(lineId) {
    for (const r of ROOMS) {
      if (room(r)) room(r).lines = room(r).lines.filter((l) => l.id !== lineId);
    }
    render();
  }

  function reportForm(line) {
    const select = h('select', { class: 'chat-reason', 'data-testid': 'chat-reason', 'aria-label': t('chat_report_reason') },
      REASONS.map((r) => h('option', { value: r, text: t('chat_reason', { reason: r }) })));
    const extra = h('input', { type: 'text', class: 'chat-report-note', maxlength: 500, placeholder: t('chat_report_note') });
    const go = async (e) => {
      e.preventDefault();
      const body = { line: line.id, reason: select.value, note: extra.value };
      if (await post('/api/chat/reports', body)) {
        reporting = null;
        tell(t('chat_reported'));
        render();
      }
    };
    return h('form', { class: 'chat-report', 'data-testid': 'chat-report', onsubmit: go },
      h('label', null, t('chat_report_reason'), ' ', select), extra,
      h('button', { type: 'submit', 'data-testid': 'chat-report-send' }, t('chat_report_send')),
      h('button', { type: 'button', onclick: () => { reporting = null; render(); } }, t('chat_cancel')));
  }

  function lineEl(line) {
    const who = speakerName(line);
    const acts = [];
    const loggedIn = !!view.name;
    if (!line.mine && loggedIn) {
      if (line.name) {
        acts.push(h('button', { type: 'button', class: 'chat-act', 'data-testid': 'chat-mute', title: t('chat_mute'), onclick: () => mute(line.name) }, t('chat_mute')));
      }
      acts.push(h('button', {
        type: 'button', class: 'chat-act', 'data-testid': 'chat-report-open', title: t('chat_report'),
        onclick: () => { reporting = line.id; render(); },
      }, t('chat_report')));
    }
    if (view.moderator) {
      acts.push(h('button', { type: 'button', class: 'chat-act', title: t('chat_hide_title'), onclick: () => hide(line) }, t('chat_hide')));
      if (line.name && !line.mine) {
        acts.push(h('button', { type: 'button', class: 'chat-act', title: t('chat_mark_title'), onclick: () => mark(line.name) }, t('chat_mark')));
      }
    }
    const time = new Date(line.at);
    return h('li', { class: line.mine ? 'chat-line mine' : 'chat-line', 'data-testid': 'chat-line', dataset: { id: line.id } },
      h('span', { class: 'chat-who', title: time.toLocaleTimeString() }, who),
      h('span', { class: 'chat-text', 'data-testid': 'chat-text' }, line.text),
      acts.length ? h('span', { class: 'chat-acts', role: 'group', 'aria-label': t('chat_message_actions') }, acts) : null,
      reporting === line.id ? reportForm(line) : null);
  }

  function render() {
    if (!view) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const where = current();
    titleEl.textContent = t('chat_title');
    send.textContent = t('chat_send');
    input.placeholder = t('chat_placeholder');
    input.maxLength = view.max_chars || 140;
    input.setAttribute('aria-label', t('chat_placeholder'));
    fill(tabsEl, ROOMS.map((r) => {
      const open = room(r).reads;
      const n = room(r).lines.length;
      return h('button', {
        type: 'button',
        role: 'tab',
        class: 'chat-tab',
        'data-testid': `chat-tab-${r}`,
        'aria-selected': String(r === where),
        disabled: !open,
        onclick: () => { tab = r; render(); },
      }, t(r === 'players' ? 'chat_players' : 'chat_spectators'), n && open ? ` (${n})` : '');
    }));
    const r = room(where);
    fill(linesEl, r.lines.length ? r.lines.map(lineEl) : h('li', { class: 'chat-none' }, t('chat_none')));
    // What the reader should know of this room.
    let info = '';
    if (where === 'players' && !view.over) info = t('chat_players_private');
    if (!room('spectators').reads && where === 'players') info = `${info} ${t('chat_closed_for_players')}`.trim();
    if (!r.speaks) {
      if (where === 'spectators') info = view.seat !== null && view.seat !== undefined ? t('chat_player_speaks_elsewhere') : t('chat_login_to_speak');
      else info = t('chat_read_only');
    }
    infoEl.textContent = info;
    form.hidden = !r.speaks;
    noteEl.textContent = note;
    noteEl.dataset.kind = noteKind;
    linesEl.scrollTop = linesEl.scrollHeight;
  }

  function connect() {
    if (stopped) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    try {
      socket = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/chat/ws`);
    } catch {
      schedule();
      return;
    }
    socket.onopen = () => {
      delay = 500;
      const toks = (tokens() || []).filter(Boolean);
      if (toks.length) socket.send(JSON.stringify({ type: 'hello', tokens: toks }));
    };
    socket.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === 'chat' && msg.chat) {
        view = msg.chat;
        render();
      } else if (msg.type === 'line' && msg.line) {
        add(msg.line);
      } else if (msg.type === 'hidden') {
        drop(msg.id);
      } else if (msg.type === 'error') {
        tell(errorText(msg), 'error');
      }
    };
    socket.onclose = () => schedule();
    socket.onerror = () => { /* onclose follows */ };
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 10_000);
  }

  connect();

  function stop() {
    stopped = true;
    clearTimeout(timer);
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  return { el, render, stop };
}
