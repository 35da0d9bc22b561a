// The game page's history: the buttons that step through the game's
// earlier positions («, ‹, ›, ») and the positions fetched for them
// (`GET /api/games/ID?ply=N`, each kept once fetched).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import * as api from '../api.js';

/**
 * The history of game `id` on the page whose state is `ctx` (read: its
 * `live` state; a step clears its `prefix`, the cells entered);
 * `tokens()`: the page's seat tokens; `render()`: draws the page again;
 * `say(text, kind)`: the page's message. Returns its navigation `el`,
 * `goToPly(n)`, `shownPly()`, `shownState()`, `browsing()` (an earlier
 * ply is shown), `follow(st)` (a new live state: back to the live
 * position when the shown ply is no longer earlier) and `draw(live)` (the
 * buttons' words and states).
 */
export function createHistory({ id, ctx, tokens, render, say }) {
  // The ply shown while an earlier one is (else null), and its state once fetched.
  let viewPly = null;
  let shown = null;
  const cache = new Map();
  let fetchSeq = 0;

  const shownPly = () => (viewPly === null ? (ctx.live ? ctx.live.ply : 0) : viewPly);
  const shownState = () => (viewPly === null ? ctx.live : (shown || ctx.live));
  const browsing = () => viewPly !== null;

  async function goToPly(n) {
    if (!ctx.live) return;
    const total = ctx.live.ply;
    n = Math.max(0, Math.min(total, n));
    ctx.prefix = [];
    if (n === total) {
      viewPly = null;
      shown = null;
      render();
      return;
    }
    viewPly = n;
    const key = `${n}|${(ctx.live.moves || []).slice(0, n).join(',')}`;
    const seq = ++fetchSeq;
    if (cache.has(key)) {
      shown = cache.get(key);
      render();
      return;
    }
    render();
    try {
      const st = await api.get(`/api/games/${encodeURIComponent(id)}?ply=${n}`, tokens());
      cache.set(key, st);
      if (seq === fetchSeq && viewPly === n) {
        shown = st;
        render();
      }
    } catch (e) {
      say(t('error_prefix', { error: e.message }), 'refused');
    }
  }

  const mkBtn = (testid, onclick, label) => h('button', { type: 'button', class: 'icon', 'data-testid': testid, onclick, text: label });
  const bFirst = mkBtn('hist-first', () => goToPly(0), '«');
  const bPrev = mkBtn('hist-prev', () => goToPly(shownPly() - 1), '‹');
  const bNext = mkBtn('hist-next', () => goToPly(shownPly() + 1), '›');
  const bLast = mkBtn('hist-last', () => goToPly(ctx.live ? ctx.live.ply : 0), '»');
  const histText = h('span', { class: 'hist-text', 'data-testid': 'hist-text' });
  const el = h('div', { class: 'hist-nav' }, bFirst, bPrev, bNext, bLast, histText);
  const named = [[bFirst, 'hist_first'], [bPrev, 'hist_prev'], [bNext, 'hist_next'], [bLast, 'hist_last']];

  /** The buttons' words; with `live`, which of them may go, and where the shown ply is. */
  function draw(live) {
    for (const [b, key] of named) {
      b.setAttribute('aria-label', t(key));
      b.title = t(key);
    }
    if (!live) return;
    const sp = shownPly();
    bFirst.disabled = sp === 0; bPrev.disabled = sp === 0;
    bNext.disabled = sp >= live.ply; bLast.disabled = sp >= live.ply;
    histText.textContent = browsing() ? (sp === 0 ? t('hist_start') : t('hist_showing', { n: sp, total: live.ply })) : '';
  }

  /** A new live state `st`: an earlier ply shown that is not earlier any more gives way to the live position. */
  function follow(st) {
    if (viewPly !== null && viewPly >= st.ply) viewPly = null;
  }

  return { el, goToPly, shownPly, shownState, browsing, follow, draw };
}
