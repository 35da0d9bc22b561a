// Web Push in the settings box (issue #49): "notifications on this device"
// subscribes this browser (PushManager, the server's VAPID key from
// GET /api/push/key) and keeps the subscription for the logged-in account
// (POST /api/push/subscriptions); the per-kind switches (your turn,
// challenges, tournament rounds) are the account's (POST /api/push/kinds).
// The service worker (web/sw.js) shows each push and opens its page.
// Read only when the settings box is opened; see docs/web-ui.md.

import { h } from './dom.js';
import { t, getLang, onLangChange } from './i18n.js';
import { get, post, request } from './api.js';

const KEY = 'tablero.push';
const KINDS = ['turn', 'challenge', 'tournament'];

/** Whether this browser can receive pushes. */
export function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function saved() {
  try { return JSON.parse(localStorage.getItem(KEY) || 'null'); } catch { return null; }
}

/** The base64url text `s` as bytes (an applicationServerKey). */
function bytesOf(s) {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
}

/** Subscribes this browser for the logged-in account; the subscription kept. */
export async function subscribe() {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(t('push_denied'));
  const reg = await navigator.serviceWorker.ready;
  const { key } = await get('/api/push/key');
  let sub = await reg.pushManager.getSubscription();
  if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(key) });
  const made = await post('/api/push/subscriptions', { ...sub.toJSON(), lang: getLang() });
  localStorage.setItem(KEY, JSON.stringify({ id: made.id, endpoint: made.endpoint }));
  return made;
}

/** Stops pushes to this browser. */
export async function unsubscribe() {
  const s = saved();
  if (s) await request('DELETE', `/api/push/subscriptions/${encodeURIComponent(s.id)}`).catch(() => {});
  localStorage.removeItem(KEY);
  const reg = await navigator.serviceWorker.ready;
  const sub = await reg.pushManager.getSubscription();
  if (sub) await sub.unsubscribe();
}

/** The push part of the settings box, appended to `box` (a <details>'s body). */
export function mountPushSettings(details, box) {
  if (!pushSupported()) return;
  const on = h('input', { type: 'checkbox', id: 'set-push', 'data-testid': 'set-push' });
  const onLabel = h('label', { for: 'set-push' });
  const kinds = KINDS.map((k) => ({
    k,
    input: h('input', { type: 'checkbox', id: `set-push-${k}`, 'data-testid': `set-push-${k}` }),
    label: h('label', { for: `set-push-${k}` }),
  }));
  const note = h('p', { class: 'hint', 'data-testid': 'push-note', role: 'status' });
  const group = h('fieldset', { class: 'push-kinds' }, h('legend', null),
    ...kinds.map(({ input, label }) => h('p', null, input, ' ', label)));
  const part = h('div', { class: 'push-settings', 'data-testid': 'push-settings' },
    h('p', null, on, ' ', onLabel), group, note);
  box.append(part);
  let mine = null;
  const draw = () => {
    onLabel.textContent = t('push_on');
    group.querySelector('legend').textContent = t('push_kinds');
    for (const { k, label } of kinds) label.textContent = t(`push_kind_${k}`);
    const mineHere = mine && saved() && mine.subscriptions.some((s) => s.id === saved().id);
    on.checked = !!mineHere;
    group.hidden = !mine;
    for (const { k, input } of kinds) input.checked = !!(mine && mine.kinds[k]);
  };
  const load = async () => {
    try {
      mine = await get('/api/push/subscriptions');
      note.textContent = '';
    } catch (e) {
      mine = null;
      note.textContent = e.status === 401 ? t('push_login') : e.message;
    }
    on.disabled = !mine;
    draw();
  };
  details.addEventListener('toggle', () => { if (details.open) load(); });
  on.addEventListener('change', async () => {
    note.textContent = '';
    try {
      if (on.checked) await subscribe();
      else await unsubscribe();
    } catch (e) {
      note.textContent = e.message || String(e);
    }
    await load();
  });
  for (const { input } of kinds) {
    input.addEventListener('change', async () => {
      const body = Object.fromEntries(kinds.map(({ k, input: i }) => [k, i.checked]));
      try { mine.kinds = await post('/api/push/kinds', body); } catch (e) { note.textContent = e.message; }
      draw();
    });
  }
  draw();
  onLangChange(draw);
}
