// All UI strings, in English and Spanish, live in the message catalogue
// locales/{en,es}/web.ftl (Project Fluent), shared with the terminal's
// locales/*/cli.ftl; see docs/i18n.md. The chosen language's file comes in
// the page itself (the server's data block, see dom.js bootData) or, when
// the page carries another language, is fetched before any module that
// imports this one runs (top-level await), so t() stays synchronous;
// another language is fetched when chosen. t('key', {vars}) formats a message in the chosen language (the
// choice is kept in localStorage); plurals are Fluent selectors on a number.

import { FluentBundle, FluentResource, FluentNumber } from './vendor/fluent-bundle/fluent-bundle.min.js';
import { bootData } from './dom.js';

/** The languages of the catalogue, in the order of the language switch. */
const LANG_IDS = ['en', 'es'];

/** The catalogue's files the web app reads: its own messages and the
 * games' reasons (why a move or an action was refused), shared with the
 * terminal. */
const FILES = ['web.ftl', 'games.ftl'];

/** Adds one file's Fluent text to `bundle`, warning of its errors. */
function addText(bundle, l, file, text) {
  const errors = bundle.addResource(new FluentResource(text));
  for (const e of errors) console.warn(`locales/${l}/${file}:`, e);
}

/** Fetches one file of language `l`; null when it cannot be read. */
async function fetchText(l, file) {
  const res = await fetch(`/locales/${l}/${file}`);
  return res.ok ? res.text() : null;
}

/** One language's bundle made from the text of its web.ftl; the games'
 * reasons are fetched after it and added when they come (they are needed
 * only when something is refused, so they are not on the way to the
 * first drawn board). */
function makeBundle(l, text) {
  const bundle = new FluentBundle(l, { useIsolating: false });
  addText(bundle, l, FILES[0], text);
  fetchText(l, FILES[1])
    .then((games) => { if (games !== null) addText(bundle, l, FILES[1], games); })
    .catch((e) => console.warn(`locales/${l}/${FILES[1]}:`, e));
  return bundle;
}

/** Fetches one language's web.ftl into a bundle (and then its games.ftl,
 * see makeBundle); null when web.ftl cannot be read. */
async function loadBundle(l) {
  try {
    const text = await fetchText(l, FILES[0]);
    if (text === null) return null;
    return makeBundle(l, text);
  } catch (e) {
    console.warn(`locales/${l}:`, e);
    return null;
  }
}

const KEY = 'tablero.lang';

/** Keeps the choice in a cookie too, so that the server puts this
 * language's messages in the next page it sends. */
function keepCookie(l) {
  try { document.cookie = `tablero_lang=${l}; path=/; max-age=31536000; samesite=lax`; } catch { /* ignore */ }
}

function initialLang() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && LANG_IDS.includes(saved)) return saved;
  } catch { /* storage blocked */ }
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return nav.toLowerCase().startsWith('es') ? 'es' : 'en';
}

// Only the chosen language is fetched before the pages run (one file on
// the first load); another is fetched when the reader switches to it.
// English is the fallback when the chosen one cannot be read.
const BUNDLES = {};
let lang = initialLang();
const inPage = bootData().messages;
BUNDLES[lang] = inPage && inPage.lang === lang && typeof inPage.ftl === 'string'
  ? makeBundle(lang, inPage.ftl)
  : await loadBundle(lang);
if (!BUNDLES[lang] && lang !== 'en') {
  lang = 'en';
  BUNDLES.en = await loadBundle('en');
}

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

const listeners = new Set();

export function getLang() { return lang; }
export const LANGS = LANG_IDS;

/** Switches to language `l`, fetching its messages first if need be. */
export async function setLang(l) {
  if (!LANG_IDS.includes(l) || l === lang) return;
  if (!BUNDLES[l]) {
    const b = await loadBundle(l);
    if (!b) return;
    BUNDLES[l] = b;
  }
  lang = l;
  try { localStorage.setItem(KEY, l); } catch { /* ignore */ }
  keepCookie(l);
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

/** The text of an error answer `{error, code, args}` (docs/web-api.md,
 * "Errors") in the current language: `code` formatted from the catalogue,
 * its nested reasons (`{code, args, error}`) first and a word given in
 * several languages (`{en, es}`) in the reader's; the English `error` when
 * there is no code or the catalogue lacks it. */
export function errorText(data) {
  if (!data || typeof data !== 'object') return '';
  const fallback = typeof data.error === 'string' ? data.error : '';
  if (typeof data.code !== 'string' || !data.code) return fallback;
  const args = {};
  for (const [k, v] of Object.entries(data.args || {})) {
    if (v && typeof v === 'object' && typeof v.code === 'string') args[k] = errorText(v);
    else if (v && typeof v === 'object') args[k] = localized(v) ?? '';
    else args[k] = v;
  }
  const s = format(lang, data.code, args) ?? format('en', data.code, args);
  return s === undefined ? fallback : s;
}

/** Does a key exist? */
export function has(key) { const b = BUNDLES[lang] || BUNDLES.en; return Boolean(b && b.hasMessage(key)); }

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

/**
 * Translated side name of seat 0/1 in a game, in `variant` when given (the
 * catalog's variant_sides: English draughts' first mover is Black); falls
 * back to the server's name.
 */
export function sideName(game, seat, fallback, variant) {
  const e = catalog.get(game);
  const sides = (e && variant && e.variant_sides && e.variant_sides[variant]) || (e && e.sides);
  return localized(sides && sides[seat]) || fallback || String(seat);
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
if (!inPage || inPage.lang !== lang) keepCookie(lang);
