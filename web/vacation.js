// Vacation (issue #49; docs/rulings.md, "Around the board", 11): the
// account box's block (days left, go away for N days, come back) and the
// "on vacation until …" tag of a player's bar in a game.

import { h, fill } from './dom.js';
import { t, getLang } from './i18n.js';
import { get, post } from './api.js';

function when(ms) {
  return new Date(ms).toLocaleString(getLang(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The tag of seat `i` in the game state `st`: "on vacation until …"
 *  while its player is away and the game's clocks stand for it, else null. */
export function vacationTag(st, i) {
  const until = st.clock && st.clock.away && st.clock.away[i];
  if (!until || st.result) return null;
  return h('span', {
    class: 'vacation-tag', 'data-testid': `vacation-${i}`,
    text: ` · ${t('vacation_until', { when: when(until) })}`,
  });
}

/** Fills `el` with the logged-in account's vacation block, loaded now. */
export function mountVacation(el) {
  const status = h('p', { 'data-testid': 'vacation-status' });
  const days = h('input', { type: 'number', min: '1', max: '20', value: '7', 'data-testid': 'vacation-days', class: 'vacation-days' });
  const label = h('label', null, t('vacation_days'), ' ', days);
  const go = h('button', { type: 'button', 'data-testid': 'vacation-go', text: t('vacation_go') });
  const back = h('button', { type: 'button', class: 'secondary', 'data-testid': 'vacation-back', text: t('vacation_back') });
  const error = h('p', { class: 'account-error', role: 'alert', 'data-testid': 'vacation-error', hidden: true });
  let last = null;
  const show = (v) => {
    last = v;
    error.hidden = true;
    const away = v.from != null;
    status.textContent = away
      ? t(v.away ? 'vacation_away' : 'vacation_planned', { when: when(v.until), days: v.days_left })
      : t('vacation_left', { days: v.days_left });
    go.hidden = away || v.days_left < 1;
    label.hidden = go.hidden;
    back.hidden = !away;
    days.max = String(Math.max(1, v.days_left));
  };
  const fail = (e) => { error.textContent = (e && e.message) || String(e); error.hidden = false; };
  go.addEventListener('click', async () => {
    const body = { days: Number(days.value) };
    // Games that forbid vacation keep their clocks: asked first, plainly.
    const forbidden = (last && last.forbidden) || [];
    if (forbidden.length) {
      if (!window.confirm(t('vacation_forbidden_confirm', { games: forbidden.length }))) return;
      body.anyway = true;
    }
    try { show(await post('/api/vacation', body)); } catch (e) { fail(e); }
  });
  back.addEventListener('click', async () => {
    try { show(await post('/api/vacation/back', {})); } catch (e) { fail(e); }
  });
  fill(el, h('strong', { text: t('vacation_title') }), status, h('p', { class: 'account-buttons' }, label, go, back), error);
  get('/api/vacation').then(show).catch(fail);
}
