// All UI strings, in English and Spanish, live in the message catalogue
// locales/{en,es}/web.ftl (Project Fluent), shared with the terminal's
// locales/*/cli.ftl; see docs/i18n.md. The two files are fetched once, before
// any module that imports this one runs (top-level await), so t() stays
// synchronous. t('key', {vars}) formats a message in the chosen language (the
// choice is kept in localStorage); plurals are Fluent selectors on a number.

import { FluentBundle, FluentResource, FluentNumber } from './vendor/fluent-bundle/index.js';

/** The languages of the catalogue, in the order of the language switch. */
const LANG_IDS = ['en', 'es'];

/** Fetches one language's web.ftl; null when it cannot be read. */
async function loadBundle(l) {
  try {
    const res = await fetch(`/locales/${l}/web.ftl`);
    if (!res.ok) return null;
    const bundle = new FluentBundle(l, { useIsolating: false });
    const errors = bundle.addResource(new FluentResource(await res.text()));
    for (const e of errors) console.warn(`locales/${l}/web.ftl:`, e);
    return bundle;
  } catch (e) {
    console.warn(`locales/${l}/web.ftl:`, e);
    return null;
  }
}

const BUNDLES = {};
await Promise.all(LANG_IDS.map(async (l) => {
  const b = await loadBundle(l);
  if (b) BUNDLES[l] = b;
}));

/** A number written as it was given (no grouping, no decimal comma), which
 * Fluent selectors still read as a number for plurals ([one], [other]). */
class PlainNumber extends FluentNumber {
  constructor(value, text) { super(value); this.text = text; }
  toString() { return this.text; }
}

/** The variables as Fluent takes them: numbers (and strings that are
 * numbers) become numbers that select plurals but print as they came. */
function fluentArgs(vars) {
  if (!vars) return null;
  const args = {};
  for (const [k, v] of Object.entries(vars)) {
    if (typeof v === 'number' && Number.isFinite(v)) args[k] = new PlainNumber(v, String(v));
    else if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) args[k] = new PlainNumber(Number(v), v);
    else if (v === undefined || v === null) args[k] = `{${k}}`;
    else args[k] = String(v);
  }
  return args;
}

/** Formats message `key` of `l`'s bundle; undefined when it has none. */
function format(l, key, vars) {
  const bundle = BUNDLES[l];
  const msg = bundle && bundle.getMessage(key);
  if (!msg || !msg.value) return undefined;
  const errors = [];
  const text = bundle.formatPattern(msg.value, fluentArgs(vars), errors);
  // A variable the caller did not pass is written back as {name}, as before.
  return text.replace(/\{\$(\w+)\}/g, '{$1}');
}

/** Short rules summaries, one paragraph per entry, by language and game:
 * the messages summary_GAME_1, summary_GAME_2, ... of the catalogue. */
export const SUMMARIES = {};
for (const l of Object.keys(BUNDLES)) {
  const games = {};
  for (const [id] of BUNDLES[l]._messages) {
    const m = /^summary_(\w+)_(\d+)$/.exec(id);
    if (!m) continue;
    (games[m[1]] ||= [])[Number(m[2]) - 1] = format(l, id);
  }
  SUMMARIES[l] = games;
}

const KEY = 'tablero.lang';
const listeners = new Set();

function initialLang() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && BUNDLES[saved]) return saved;
  } catch { /* storage blocked */ }
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return nav.toLowerCase().startsWith('es') ? 'es' : 'en';
}

let lang = initialLang();

export function getLang() { return lang; }
export const LANGS = LANG_IDS.filter((l) => BUNDLES[l]);

export function setLang(l) {
  if (!BUNDLES[l] || l === lang) return;
  lang = l;
  try { localStorage.setItem(KEY, l); } catch { /* ignore */ }
  document.documentElement.lang = l;
  for (const fn of listeners) fn(l);
}

export function onLangChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

/** Look a string up and fill in {name} placeholders. */
export function t(key, vars) {
  let s = format(lang, key, vars);
  if (s === undefined) s = format('en', key, vars);
  return s === undefined ? key : s;
}

/** Does a key exist? */
export function has(key) { return Boolean(BUNDLES.en && BUNDLES.en.hasMessage(key)); }

// ---- the games' own words, from GET /api/catalog (see games.js) ----

let catalog = new Map();

/** Take the catalog's entries ({game, title, sides, ...}) as the games' words. */
export function useCatalog(entries) {
  catalog = new Map((entries || []).filter((e) => e && typeof e.game === 'string').map((e) => [e.game, e]));
}

/** A {en, es} text of the catalog in the current language (null: none). */
export function localized(text) {
  if (!text || typeof text !== 'object') return null;
  return text[lang] ?? text.en ?? null;
}

/** Translated side name of seat 0/1 in a game (falls back to the server's name). */
export function sideName(game, seat, fallback) {
  const e = catalog.get(game);
  return localized(e && e.sides && e.sides[seat]) || fallback || String(seat);
}

export function armyName(army) {
  return has(`army_${army}`) ? t(`army_${army}`) : String(army);
}

export function gameName(game) {
  const e = catalog.get(game);
  return localized(e && e.title) || String(game);
}

/** A game's one-line summary. */
export function gameSummary(game) {
  const e = catalog.get(game);
  return localized(e && e.summary) || '';
}

/** The name of a game's claim of a proven win ('' when it has none). */
export function claimName(game) {
  const e = catalog.get(game);
  return localized(e && e.claim) || '';
}

export function reasonText(reason) {
  const k = `reason_${reason}`;
  return has(k) ? t(k) : String(reason);
}

document.documentElement.lang = lang;
