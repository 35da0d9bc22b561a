// Clocks in the browser: the time-control picker of the new-game form and
// the lobby, the clocks' faces, and the server's time. The server keeps
// time (it stores each side's time left and the running deadline); the
// page only shows `deadline - serverNow()`, where serverNow() is this
// computer's clock corrected by the server's answers to `time` messages
// (half the round trip is added, as NTP does), so a slow link neither
// loses nor gains time on the display.

import { h } from './dom.js';
import { t } from './i18n.js';

/** The live controls offered by name, and the correspondence days. */
export const LIVE = ['1+0', '3+2', '5+3', '10+5', '15+10'];
export const DAYS = [1, 2, 3, 5, 7, 14];

// ---- the server's time ----

let offset = 0; // server time - Date.now(), in ms
let bestRtt = Infinity;
let sampled = false;

/** The server's time now (ms since 1970), as well as it is known. */
export function serverNow() {
  return Date.now() + offset;
}

/**
 * A `time` answer: asked at `sent`, answered `server` (the server's time),
 * received at `received` (both Date.now()). The sample with the shortest
 * round trip wins (it has the least uncertainty); a much older best is
 * forgotten slowly, so a changed route is followed.
 */
export function timeSample(sent, server, received) {
  const rtt = Math.max(0, received - sent);
  bestRtt = bestRtt * 1.05 + 1;
  if (rtt <= bestRtt) {
    bestRtt = rtt;
    offset = server + rtt / 2 - received;
    sampled = true;
  }
}

/** A state's clock, read when it arrived: a first estimate until a `time` answer. */
export function stateSample(clock, received) {
  if (!sampled && clock && typeof clock.now === 'number') offset = clock.now - received;
}

// ---- faces ----

/** What seat `seat` has left now, in ms, on `clock` (a state's clock). */
export function remaining(clock, seat) {
  if (!clock) return null;
  if (clock.running === seat && typeof clock.deadline === 'number') return Math.max(0, clock.deadline - serverNow());
  return clock.left[seat];
}

/** `ms` as a clock shows it: 4:59, 0:09.3, 1:02:03; days: 2 d 5 h, 5 h 12 min. */
export function formatClock(ms, days = false) {
  const v = Math.max(0, ms);
  if (days && v >= 3_600_000) {
    const hours = Math.floor(v / 3_600_000);
    if (hours >= 24) return t('clock_dh', { d: Math.floor(hours / 24), h: hours % 24 });
    return t('clock_hm', { h: hours, m: Math.floor((v % 3_600_000) / 60_000) });
  }
  if (v < 10_000 && !days) {
    const tenths = Math.floor(v / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(v / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** A control's name for people: "5+3", "3 days per move", "no clock". */
export function controlName(control) {
  if (!control) return t('clock_none');
  const m = /^(\d+)d$/.exec(control);
  if (m) return t('clock_days', { n: Number(m[1]) });
  return control;
}

// ---- the picker ----

/**
 * The time-control picker: no clock, the live presets, a custom one
 * (minutes + seconds), and days per move. `value` is a control text or
 * null; `onChange(text | null)`.
 */
export function timeControlPicker({ value = null, onChange, id = 'clock', testid = id }) {
  const custom = value && !LIVE.includes(value) && !/d$/.test(value);
  const sel = h('select', { id, 'data-testid': testid },
    h('option', { value: '', text: t('clock_none') }),
    h('optgroup', { label: t('clock_live') },
      ...LIVE.map((c) => h('option', { value: c, text: c })),
      h('option', { value: 'custom', text: t('clock_custom') })),
    h('optgroup', { label: t('clock_corr') },
      ...DAYS.map((d) => h('option', { value: `${d}d`, text: t('clock_days', { n: d }) }))));
  sel.value = custom ? 'custom' : (value || '');
  const [m0, s0] = custom ? value.split('+') : ['10', '0'];
  const minutes = h('input', { type: 'number', min: '1', max: '180', step: '1', value: m0, id: `${id}-min`, 'data-testid': `${testid}-min` });
  const seconds = h('input', { type: 'number', min: '0', max: '180', step: '1', value: s0, id: `${id}-inc`, 'data-testid': `${testid}-inc` });
  const customRow = h('span', { class: 'clock-custom', hidden: sel.value !== 'custom' },
    h('label', { for: `${id}-min`, text: t('clock_minutes') }), minutes,
    h('label', { for: `${id}-inc`, text: t('clock_increment') }), seconds);
  const emit = () => {
    customRow.hidden = sel.value !== 'custom';
    if (sel.value === 'custom') onChange(`${minutes.value || 0}+${seconds.value || 0}`);
    else onChange(sel.value || null);
  };
  sel.addEventListener('change', emit);
  minutes.addEventListener('input', emit);
  seconds.addEventListener('input', emit);
  return h('div', { class: 'field clock-field' },
    h('label', { for: id, text: t('clock_label') }), sel, ' ', customRow);
}
