// What a player may do on the game page, shown or hidden from the game's
// state: the two-game match's line, the rematch, the hint, undo, claim,
// draw offers, resignation, and the creator's invite links.

import { h, fmtScore } from '../dom.js';
import { t, sideName } from '../i18n.js';
import { whoLabel } from './players.js';

/** The two-game match's line in `el` (hidden without a match). */
export function renderMatch(el, live) {
  const m = live.match;
  el.hidden = !m;
  if (!m) return;
  const you = live.you || [];
  const pts = m.points || [0, 0];
  let line = t('match_line', { n: m.game, a: whoLabel(live, 0), b: whoLabel(live, 1), pa: fmtScore(pts[0]), pb: fmtScore(pts[1]) });
  if (m.over) {
    if (m.winner !== 0 && m.winner !== 1) line += ` · ${t('match_drawn')}`;
    else if (you.length === 1) line += ` · ${you[0] === m.winner ? t('match_you_won') : t('match_you_lost')}`;
    else line += ` · ${t('match_side_won', { side: whoLabel(live, m.winner) })}`;
  } else if (m.game === 1 && live.result) {
    line += ` · ${t('match_next')}`;
  }
  el.textContent = line;
  el.dataset.over = m.over ? '1' : '0';
  el.dataset.game = String(m.game);
  el.dataset.points = pts.join(',');
}

/**
 * Shows the buttons `b` (`rematch`, `hint`, `undo`, `claim`, `claimYes`,
 * `claimNo`, `drawOffer`, `drawAccept`, `drawDecline`, `resign`,
 * `resignYes`, `resignNo`), the notes `n` (`rematch`, `hint`) and the link
 * `prevGame` that `live` allows; `ctx`: the page's `busy`, `hint`,
 * `claimSure` and `resignAsk`; `browsing`: an earlier
 * ply is shown.
 */
export function renderActions(b, n, prevGame, live, ctx, browsing) {
  const you = live.you || [];
  const over = !!live.result;

  // rematch
  const offerBy = live.rematch_offer;
  const offered = offerBy === 0 || offerBy === 1;
  const mineOffer = offered && you.includes(offerBy);
  b.rematch.hidden = !(over && you.length > 0) || mineOffer;
  b.rematch.disabled = ctx.busy;
  b.rematch.textContent = live.next ? t('next_game') : (offered ? t('rematch_accept') : t('rematch'));
  n.rematch.hidden = !(over && offered && !live.next && you.length > 0);
  n.rematch.textContent = mineOffer ? t('rematch_offered') : t('rematch_offer_in');
  n.rematch.dataset.by = offered ? String(offerBy) : '';
  prevGame.hidden = !live.prev;
  if (live.prev) {
    prevGame.href = `/play/${encodeURIComponent(live.prev)}`;
    prevGame.textContent = `← ${t('prev_game')}`;
  }

  // hint
  b.hint.hidden = !(live.hint && !browsing);
  b.hint.disabled = ctx.busy || ctx.hint === 'wait';
  b.hint.textContent = t('hint');
  const hintShown = ctx.hint && ctx.hint !== 'wait' && !browsing;
  n.hint.hidden = !(ctx.hint === 'wait' || hintShown);
  n.hint.textContent = ctx.hint === 'wait' ? t('hint_wait') : (hintShown ? t('hint_move', { move: ctx.hint.move }) : '');

  // undo, claim, draw, resign
  const playing = !over && you.length > 0;
  b.undo.hidden = !(playing && live.undo && live.ply > 0);
  b.undo.disabled = ctx.busy;
  // Offered on every turn of a seat held (never by what the solver knows);
  // confirmed first, as a claim the solver does not prove loses the game.
  const claimable = playing && live.claims && you.includes(live.to_move) && !live.thinking;
  b.claim.hidden = !claimable || ctx.claimSure;
  b.claimYes.hidden = !(claimable && ctx.claimSure);
  b.claimNo.hidden = !(claimable && ctx.claimSure);
  b.claimYes.disabled = ctx.busy;
  const offer = live.draw_offer;
  const hasOffer = offer === 0 || offer === 1;
  b.drawOffer.hidden = !(playing && !hasOffer);
  const canAnswer = playing && hasOffer && (you.some((s) => s !== offer));
  b.drawAccept.hidden = !canAnswer;
  b.drawDecline.hidden = !canAnswer;
  b.resign.hidden = !playing || ctx.resignAsk;
  b.resignYes.hidden = !(playing && ctx.resignAsk);
  b.resignNo.hidden = !(playing && ctx.resignAsk);
}

/**
 * The invite links the creator of the game keeps (`links`: seat → path),
 * in `el`, hidden once the game is over; `copyLink(input, button)` copies
 * one.
 */
export function renderInvite(el, live, links, copyLink) {
  const game = live.game;
  el.replaceChildren();
  const linkSeats = Object.keys(links).filter((k) => links[k]);
  el.hidden = !!live.result || !linkSeats.length;
  linkSeats.forEach((k, i) => {
    const url = new URL(links[k], location.origin).href;
    const input = h('input', { type: 'text', readonly: true, value: url, 'data-testid': i === 0 ? 'invite-link' : `invite-link-${k}`, 'aria-label': t('invite_seat', { side: sideName(game, Number(k)) }) });
    const btn = h('button', { type: 'button', 'data-testid': i === 0 ? 'copy-link' : `copy-link-${k}`, text: t('copy') });
    btn.addEventListener('click', () => copyLink(input, btn));
    el.append(h('p', { text: linkSeats.length > 1 ? t('invite_seat', { side: sideName(game, Number(k)) }) : t('invite') }), h('div', { class: 'invite-row' }, input, btn));
  });
}
