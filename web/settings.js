// The player's settings, kept in localStorage: a short sound on a move and
// at the end (off by default, generated with Web Audio, no files), and a
// colour-blind-safe palette (Okabe-Ito). The control sits in the header.

import { h } from './dom.js';
import { t, onLangChange } from './i18n.js';
// Web Push's part of the box (#49).
import { mountPushSettings } from './push.js';

const KEY = 'tablero.settings';
const DEFAULTS = { sound: false, palette: 'default', autoNext: false, blind: false };

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return { ...DEFAULTS, ...(v && typeof v === 'object' ? v : {}) };
  } catch {
    return { ...DEFAULTS };
  }
}

let current = load();

/** A setting's value ('sound': boolean, 'palette': 'default' | 'cb', 'autoNext': boolean). */
export function setting(name) {
  return current[name];
}

/** Change a setting, keep it, and apply it to the page. */
export function setSetting(name, value) {
  current = { ...current, [name]: value };
  try { localStorage.setItem(KEY, JSON.stringify(current)); } catch { /* private mode: this page only */ }
  apply();
}

function apply() {
  const root = document.documentElement;
  if (current.palette === 'cb') root.dataset.palette = 'cb';
  else delete root.dataset.palette;
}

// ---- sound ----

let audio = null;

/**
 * A short generated sound: 'move' (a soft click), 'end' (two notes) or
 * 'low' (two high beeps: ten seconds left on one's clock).
 * Silent unless the sound setting is on; never throws.
 */
export function playSound(kind) {
  if (!current.sound) return;
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    if (!audio) audio = new Ctx();
    if (audio.state === 'suspended') audio.resume();
    const notes = kind === 'end' ? [[523.25, 0, 0.16], [784, 0.16, 0.3]]
      : kind === 'low' ? [[880, 0, 0.08], [880, 0.16, 0.08]] : [[330, 0, 0.07]];
    const now = audio.currentTime;
    for (const [freq, start, len] of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = kind === 'end' ? 'sine' : 'triangle';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + len);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + len + 0.02);
    }
    if (window.__tableroSounds) window.__tableroSounds.push(kind); // seen by the browser tests
  } catch { /* no audio: nothing to do */ }
}

// ---- the control in the header ----

function mount() {
  const top = document.querySelector('header.top');
  if (!top || top.querySelector('.settings')) return;
  const sound = h('input', { type: 'checkbox', id: 'set-sound', 'data-testid': 'set-sound' });
  const palette = h('input', { type: 'checkbox', id: 'set-palette', 'data-testid': 'set-palette' });
  const soundLabel = h('label', { for: 'set-sound' });
  const paletteLabel = h('label', { for: 'set-palette' });
  // The next-game queue (web/play/tools.js): after a move, go to the next game waiting.
  const autoNext = h('input', { type: 'checkbox', id: 'set-auto-next', 'data-testid': 'set-auto-next' });
  const autoNextLabel = h('label', { for: 'set-auto-next' });
  // The screen-reader mode of the game page (#49, web/play/blind.js).
  const blind = h('input', { type: 'checkbox', id: 'set-blind', 'data-testid': 'set-blind' });
  const blindLabel = h('label', { for: 'set-blind' });
  const summaryText = h('span', { class: 'settings-text' });
  const summary = h('summary', { 'data-testid': 'settings' }, summaryText);
  const box = h('details', { class: 'settings' }, summary,
    h('div', { class: 'settings-box' },
      h('p', null, sound, ' ', soundLabel),
      h('p', null, palette, ' ', paletteLabel),
      h('p', null, autoNext, ' ', autoNextLabel),
      h('p', null, blind, ' ', blindLabel)));
  sound.addEventListener('change', () => {
    setSetting('sound', sound.checked);
    if (sound.checked) playSound('move');
  });
  palette.addEventListener('change', () => setSetting('palette', palette.checked ? 'cb' : 'default'));
  autoNext.addEventListener('change', () => setSetting('autoNext', autoNext.checked));
  blind.addEventListener('change', () => {
    setSetting('blind', blind.checked);
    if (location.pathname.startsWith('/play/')) location.reload();
  });
  const text = () => {
    summaryText.textContent = t('settings');
    soundLabel.textContent = t('setting_sound');
    paletteLabel.textContent = t('setting_palette');
    sound.checked = !!current.sound;
    palette.checked = current.palette === 'cb';
    autoNextLabel.textContent = t('tools_auto_next');
    autoNext.checked = !!current.autoNext;
    blindLabel.textContent = t('setting_blind');
    blind.checked = !!current.blind;
  };
  text();
  onLangChange(text);
  mountPushSettings(box, box.querySelector('.settings-box'));
  top.append(box);
}

apply();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
else mount();
