// The games the server offers (in the page, else GET /api/catalog, asked once) and their
// board modules (web/boards/NAME.js, each loaded once by name). Everything
// game-specific the pages show comes from these two.

import * as api from './api.js';
import { useCatalog } from './i18n.js';
import { bootData } from './dom.js';

let entries = null;
const boards = new Map();

// The catalog the server put in the page: known before any page runs.
if (Array.isArray(bootData().catalog)) {
  entries = bootData().catalog;
  useCatalog(entries);
}

/** Load the catalog (once: the one in the page, else GET /api/catalog) and
 * hand its words to i18n.js; resolves to its entries. */
export async function loadCatalog() {
  if (!entries) {
    const list = await api.catalog();
    if (!entries) {
      entries = list;
      useCatalog(list);
    }
  }
  return entries;
}

/** The catalog entry of a game, or null (also before loadCatalog resolves). */
export function entry(game) {
  return (entries || []).find((e) => e.game === game) || null;
}

/** The names of the offered games, in the catalog's order. */
export function offered() {
  return (entries || []).map((e) => e.game);
}

/** The board module of an offered game (null for a name the catalog lacks). */
export async function loadBoard(game) {
  await loadCatalog();
  if (!entry(game) || !/^[a-z][a-z0-9_-]*$/.test(game)) return null;
  if (!boards.has(game)) {
    const p = import(`./boards/${game}.js`);
    p.catch(() => boards.delete(game));
    boards.set(game, p);
  }
  return boards.get(game);
}

// The variant pickers' data (saved layouts and the like), by game, asked once.
const pickerData = new Map();

/** Loads `game`'s board module and the data its variant picker needs (once);
 * resolves to the module (null for a game the catalog lacks). */
export async function prepareVariants(game) {
  const mod = await loadBoard(game);
  if (mod && mod.pickerData && !pickerData.has(game)) pickerData.set(game, await mod.pickerData(api.get));
  return mod;
}

/** The variant picker of `game` (its board module loaded by
 * prepareVariants, else null): `{node, value}`, `onChange(v)` on a change. */
export async function variantField(game, value, t, lang, onChange) {
  const mod = await loadBoard(game);
  if (!mod || !mod.variantPicker) return null;
  return mod.variantPicker({ value, entry: entry(game), data: pickerData.get(game), t, lang, onChange });
}

/** The board modules of every offered game, by name. */
export async function loadAllBoards() {
  await loadCatalog();
  const out = {};
  await Promise.all(offered().map(async (g) => { out[g] = await loadBoard(g); }));
  return out;
}

/** The computer's levels of a catalog entry (1 to 5 when it names none). */
/** The fixed rating of the computer at `level` in `entry`'s default variant, if measured. */
export function levelRating(entry, level) {
  const l = entry && Array.isArray(entry.levels) ? entry.levels.find((x) => x && x.level === level) : null;
  return l && typeof l.rating === 'number' ? l.rating : null;
}

export function levelsOf(entry) {
  const l = entry && entry.levels;
  if (Array.isArray(l) && l.length) return l.map((x) => (typeof x === 'number' ? x : Number(x?.level ?? x))).filter((x) => x >= 1);
  return [1, 2, 3, 4, 5];
}
