// Challenges (issue #44; docs/web-api.md "Challenges", docs/web-ui.md):
// the "Challenge" form on another player's profile (game, clock or days
// per move, side, rated or casual), the "who may challenge me" choice on
// one's own, and on every page the challenges made to this account
// (Accept, or Decline with a reason) and the answers to this account's
// own, shown at once: the notices socket (yourturn.js) says when one
// changes. An accepted challenge takes both players to the game.

import { h, fill } from './dom.js';
import { t, getLang, gameName, sideName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { loadCatalog, offered, prepareVariants, variantField } from './games.js';
import { timeControlPicker, controlName, serverNow } from './clock.js';
import { currentAccount, onAccountKnown, loggedInHint } from './account.js';
import { onNotice, reconnectNotices } from './yourturn.js';

const REASONS = ['generic', 'later', 'too-fast', 'too-slow', 'casual-only', 'rated-only', 'other-game'];

let mine = { incoming: [], outgoing: [] };
let seen = new Set(); // answered outgoing challenges already shown and dismissed
const changed = new Set();

function describe(c, viewerIsChallenger) {
  const parts = [gameName(c.game), controlName(c.clock), t(c.rated ? 'ch_rated' : 'ch_casual')];
  // The side the viewer plays.
  let seat = null;
  if (c.colour === 'first') seat = viewerIsChallenger ? 0 : 1;
  if (c.colour === 'second') seat = viewerIsChallenger ? 1 : 0;
  parts.push(seat === null ? t('ch_side_random') : t('ch_you_play', { side: sideName(c.game, seat) }));
  return parts.join(' · ');
}

/** Goes to the game challenge `c` became, with this account's seat. */
function enter(c) {
  if (!c.game_id || !c.token) return;
  api.rememberGame(c.game_id, { tokens: [c.token], game: c.game, you: [c.seat] });
  location.assign(`/play/${encodeURIComponent(c.game_id)}`);
}

// Read again when the next open challenge expires, so it leaves the panel
// (or shows "expired" on the challenger's profile) at that moment: expiry
// is a stored time, not a notice.
let expiryTimer = null;
function watchExpiry() {
  clearTimeout(expiryTimer);
  const open = [...mine.incoming, ...mine.outgoing].filter((c) => c.state === 'open').map((c) => c.expires);
  if (!open.length) return;
  const wait = Math.min(...open) - serverNow() + 500;
  expiryTimer = setTimeout(load, Math.min(Math.max(wait, 500), 2 ** 31 - 1));
}

async function load() {
  if (!currentAccount()) { mine = { incoming: [], outgoing: [] }; draw(); return; }
  try {
    mine = await api.get('/api/challenges');
  } catch { return; }
  draw();
  watchExpiry();
  for (const fn of changed) fn(mine);
}

// ---- the panel on every page ----

const panel = h('aside', { class: 'challenges-panel', 'data-testid': 'challenges-panel', 'aria-live': 'polite', hidden: true });

function incomingRow(c) {
  const reason = h('select', { 'data-testid': `decline-reason-${c.id}`, 'aria-label': t('ch_reason') },
    ...REASONS.map((r) => h('option', { value: r, text: t(`ch_reason_${r.replace('-', '_')}`) })));
  const err = h('p', { class: 'error', role: 'alert', hidden: true });
  const act = async (path, body) => {
    try {
      const v = await api.post(`/api/challenges/${encodeURIComponent(c.id)}/${path}`, body);
      if (path === 'accept') enter(v);
      else load();
    } catch (e) {
      err.hidden = false;
      err.textContent = t('error_prefix', { error: e.message });
      load();
    }
  };
  return h('div', { class: 'challenge incoming', 'data-testid': `challenge-in-${c.id}` },
    h('p', null, h('strong', { text: t('ch_incoming', { name: c.from }) })),
    h('p', { class: 'muted', text: describe(c, false) }),
    h('div', { class: 'challenge-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-testid': `challenge-accept-${c.id}`, onclick: () => act('accept', {}), text: t('ch_accept') }),
      reason,
      h('button', { type: 'button', 'data-testid': `challenge-decline-${c.id}`, onclick: () => act('decline', { reason: reason.value }), text: t('ch_decline') })),
    err);
}

function answeredRow(c) {
  const state = stateOf(c);
  const text = state === 'declined'
    ? t('ch_declined', { name: c.to, reason: t(`ch_reason_${(c.reason || 'generic').replace('-', '_')}`) })
    : t(`ch_${state}`, { name: c.to });
  return h('div', { class: 'challenge answered', 'data-testid': `challenge-out-${c.id}`, dataset: { state } },
    h('p', { text }),
    h('button', { type: 'button', 'data-testid': `challenge-dismiss-${c.id}`, onclick: () => { seen.add(c.id); draw(); }, text: t('ch_dismiss') }));
}

/** A challenge's state now: an open one past its time has expired (the
 * server says so too on the next read). */
function stateOf(c) {
  return c.state === 'open' && c.expires <= serverNow() ? 'expired' : c.state;
}

function draw() {
  const incoming = mine.incoming.filter((c) => stateOf(c) === 'open');
  const answered = mine.outgoing.filter((c) => (stateOf(c) === 'declined' || stateOf(c) === 'expired') && !seen.has(c.id));
  panel.hidden = !incoming.length && !answered.length;
  fill(panel, ...incoming.map(incomingRow), ...answered.map(answeredRow));
}

function mountPanel() {
  if (!panel.isConnected) document.body.append(panel);
}

// A notice: read the challenges again; one of ours accepted: to the game.
onNotice(async (m) => {
  await load();
  if (m.type === 'challenge' && m.what === 'accepted') {
    const c = mine.outgoing.find((o) => o.id === m.id);
    if (c && c.state === 'accepted') enter(c);
  }
});
// Who the notices socket was opened for: nobody without the login hint;
// with it, the account the first answer names (undefined until then).
let lastAccount = loggedInHint() ? undefined : null;
onAccountKnown(() => {
  const name = currentAccount() ? currentAccount().name : null;
  // Logged in or out since the socket opened: it speaks for the cookie it was opened with.
  if (lastAccount !== undefined && lastAccount !== name) reconnectNotices();
  lastAccount = name;
  load();
});
onLangChange(draw);
if (document.body) mountPanel(); else addEventListener('DOMContentLoaded', mountPanel);

// ---- the profile's form ----

let boxes = 0;

/** The "Challenge NAME" button and form for another player's profile. */
export function challengeBox(name) {
  // The form's element ids, unique on a page of several boxes (/following).
  const uid = `ch${++boxes}`;
  const form = { game: null, variant: null, clock: '5+3', colour: 'random', rated: false, noVacation: false };
  let picker = null; // the game's variant picker, once its module is loaded
  let open = false;
  let sent = null;
  let error = null;
  const box = h('div', { class: 'challenge-box', 'data-testid': 'challenge-box' });
  const stop = new Set();

  function render() {
    if (!open) {
      fill(box, h('button', { type: 'button', class: 'primary', 'data-testid': 'challenge-open', onclick: () => { open = true; render(); }, text: t('ch_challenge', { name }) }));
      return;
    }
    if (sent) {
      const c = mine.outgoing.find((o) => o.id === sent.id) || sent;
      const state = stateOf(c);
      const status = state === 'open' ? t('ch_sent', { name })
        : state === 'declined' ? t('ch_declined', { name, reason: t(`ch_reason_${(c.reason || 'generic').replace('-', '_')}`) })
          : t(`ch_${state}`, { name });
      fill(box,
        h('p', { 'data-testid': 'challenge-status', dataset: { state }, text: status }),
        h('p', { class: 'muted', text: describe(c, true) }),
        state === 'open'
          ? h('button', { type: 'button', 'data-testid': 'challenge-cancel', onclick: cancel, text: t('ch_cancel') })
          : h('button', { type: 'button', 'data-testid': 'challenge-again', onclick: () => { sent = null; render(); }, text: t('ch_again') }));
      return;
    }
    const games = offered();
    if (!form.game && games.length) {
      form.game = games[0];
      preparePicker();
      return;
    }
    const gameSel = h('select', { id: `${uid}-game`, 'data-testid': 'ch-game', onchange: (e) => { form.game = e.target.value; form.variant = null; preparePicker(); } },
      ...games.map((g) => h('option', { value: g, text: gameName(g) })));
    gameSel.value = form.game;
    const colourSel = h('select', { id: `${uid}-colour`, 'data-testid': 'ch-colour', onchange: (e) => { form.colour = e.target.value; } },
      h('option', { value: 'first', text: t('lobby_colour_first', { side: sideName(form.game, 0) }) }),
      h('option', { value: 'second', text: t('lobby_colour_second', { side: sideName(form.game, 1) }) }),
      h('option', { value: 'random', text: t('lobby_colour_random') }));
    colourSel.value = form.colour;
    const rated = h('input', { type: 'checkbox', id: `${uid}-rated`, 'data-testid': 'ch-rated', checked: form.rated, disabled: !form.clock, onchange: (e) => { form.rated = e.target.checked; } });
    const f = h('form', { class: 'challenge-form', 'data-testid': 'challenge-form' },
      h('h2', { text: t('ch_challenge', { name }) }),
      h('div', { class: 'field' }, h('label', { for: `${uid}-game`, text: t('lobby_game') }), gameSel),
      picker && picker.game === form.game ? picker.node : null,
      timeControlPicker({ id: `${uid}-clock`, testid: 'ch-clock', value: form.clock, onChange: (c) => { form.clock = c; if (!c) form.rated = false; rated.disabled = !c; rated.checked = form.rated; } }),
      h('div', { class: 'field' }, h('label', { for: `${uid}-colour`, text: t('lobby_colour') }), colourSel),
      h('div', { class: 'field check' }, rated, h('label', { for: `${uid}-rated`, text: ` ${t('lobby_rated_box')}` })),
      // Vacation may be forbidden (#49): it matters for days per move only.
      h('div', { class: 'field check' }, h('input', { type: 'checkbox', id: `${uid}-no-vacation`, 'data-testid': 'ch-no-vacation', checked: form.noVacation, onchange: (e) => { form.noVacation = e.target.checked; } }), h('label', { for: `${uid}-no-vacation`, text: ` ${t('challenge_no_vacation')}` })),
      h('div', { class: 'challenge-buttons' },
        h('button', { type: 'submit', class: 'primary', 'data-testid': 'challenge-send', text: t('ch_send') }),
        h('button', { type: 'button', onclick: () => { open = false; render(); }, text: t('ch_close') })),
      error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'challenge-error', text: error }) : null);
    f.addEventListener('submit', send);
    fill(box, f);
  }

  /** The chosen game's variant picker (a rule set, a layout...), then the form again. */
  async function preparePicker() {
    const game = form.game;
    render();
    try {
      await prepareVariants(game);
      const field = await variantField(game, form.variant, t, getLang(), (v) => { form.variant = v; });
      if (game !== form.game) return;
      picker = field ? { game, node: field.node } : null;
      form.variant = field ? field.value : null;
    } catch {
      picker = null; // the default variant: the server's
    }
    render();
  }

  async function send(ev) {
    ev.preventDefault();
    error = null;
    try {
      sent = await api.post('/api/challenges', { to: name, game: form.game, variant: form.variant || undefined, clock: form.clock || undefined, colour: form.colour, rated: form.rated && !!form.clock, no_vacation: form.noVacation });
      load();
    } catch (e) {
      error = t('error_prefix', { error: e.message });
    }
    render();
  }

  async function cancel() {
    try {
      sent = await api.post(`/api/challenges/${encodeURIComponent(sent.id)}/cancel`, {});
    } catch (e) {
      error = t('error_prefix', { error: e.message });
    }
    load();
    render();
  }

  const redraw = () => { if (sent) render(); };
  changed.add(redraw);
  stop.add(onLangChange(render));
  loadCatalog().catch(() => {}).then(render);
  render();
  box.destroy = () => { changed.delete(redraw); for (const s of stop) s(); };
  return box;
}

/** One's own profile: who may challenge me. */
export function whoBox() {
  const sel = h('select', { id: 'ch-who', 'data-testid': 'ch-who' },
    ...['everyone', 'following', 'nobody'].map((w) => h('option', { value: w, text: t(`ch_who_${w}`) })));
  const note = h('small', { class: 'hint', 'data-testid': 'ch-who-saved' });
  api.get('/api/challenges/settings').then((v) => { sel.value = v.who; }).catch(() => {});
  sel.addEventListener('change', async () => {
    try {
      const v = await api.post('/api/challenges/settings', { who: sel.value });
      note.textContent = ` ${t('ch_who_saved', { who: t(`ch_who_${v.who}`) })}`;
    } catch (e) {
      note.textContent = ` ${t('error_prefix', { error: e.message })}`;
    }
  });
  return h('p', { class: 'field ch-who' }, h('label', { for: 'ch-who', text: t('ch_who') }), ' ', sel, note);
}

export { load as loadChallenges };
