// The game page's players' bars, above and below the board: each seat's
// swatches, side, who holds it, rating, presence and clock.

import { h, fill } from '../dom.js';
import { t, sideName } from '../i18n.js';
import { vacationTag } from '../vacation.js';

/** A board module's swatches of a seat, as <span>s. */
export function swatchSpans(board, seat) {
  const classes = board && board.swatches ? board.swatches(seat) : [];
  return classes.map((c) => h('span', { class: `swatch swatch-${c}`, 'aria-hidden': 'true' }));
}

/** Who sits in seat i, as the players' bars name them. */
export function whoLabel(st, i) {
  const seat = (st.seats || [])[i] || {};
  if ((st.you || []).includes(i)) return t('player_you');
  if (seat.kind === 'ai') return t('player_ai', { level: seat.level ?? '?' });
  // A seat held by an account shows its name (or that it was deleted).
  if (seat.player && seat.player.deleted) return t('player_deleted');
  if (seat.player && seat.player.name) return seat.player.name;
  // A private account's seat, to a spectator: neither name nor rating.
  if (seat.private) return t('player_private');
  return t('player_friend');
}

/** Who sits in seat i, a link to their profile when an account's name
 *  is shown (not one's own seat: "you"). */
function nameOrLabel(st, i) {
  const seat = (st.seats || [])[i] || {};
  const label = whoLabel(st, i);
  const name = seat.player && !seat.player.deleted ? seat.player.name : null;
  if (!name || (st.you || []).includes(i)) return label;
  return h('a', { class: 'player-link', href: `/@/${encodeURIComponent(name)}`, 'data-testid': `player-link-${i}`, text: label });
}

/** The mark by a bot account's name (#45), wherever names are drawn. */
export function botBadge() {
  return h('span', { class: 'bot-badge', 'data-testid': 'bot-badge', text: ` ${t('player_bot_badge')}` });
}

/** A rated game's rating of seat i: before the game ("1500?" while
 *  provisional, as lichess writes it) and, once rated, the change. */
function ratingSpan(st, i) {
  const r = st.rated && st.rated.seats && st.rated.seats[i];
  if (!r || r.private) return null;
  const before = Math.round(r.rating);
  const text = ` · ${before}${r.provisional ? '?' : ''}`;
  const attrs = {
    class: 'rating', 'data-testid': `rating-${i}`, 'data-rating': String(r.rating),
    title: r.provisional ? t('rating_provisional', { rating: before }) : t('rating_title', { rating: before }),
  };
  if (r.after === null || r.after === undefined || r.level) return h('span', { ...attrs, text });
  const change = Math.round(r.after) - before;
  attrs['data-after'] = String(r.after);
  attrs.title = t('rating_after', { before, after: Math.round(r.after) });
  return h('span', attrs, text, h('span', {
    class: `rating-change ${change >= 0 ? 'up' : 'down'}`, 'data-testid': `rating-change-${i}`,
    text: ` ${change >= 0 ? '+' : '−'}${Math.abs(change)}`,
  }));
}

/** Fills `el`, the bar of seat `i` of the game state `st` (`mod`: the
 *  game's board module); the clock's time is the page's to tick. */
export function renderPlayer(el, st, i, mod) {
  const seat = (st.seats || [])[i] || {};
  const turn = !st.result && st.to_move === i;
  const mine = (st.you || []).includes(i);
  el.className = `seat player${turn ? ' turn' : ''}${mine ? ' mine' : ''}`;
  el.dataset.seat = String(i);
  el.dataset.turn = turn ? '1' : '0';
  const conn = seat.connected === true || seat.connected === false
    ? h('span', { class: `presence ${seat.connected ? 'on' : 'off'}`, 'data-testid': `presence-${i}`, 'data-connected': seat.connected ? '1' : '0', text: ` · ${seat.connected ? '●' : '○'} ${seat.connected ? t('player_connected') : t('player_away')}` })
    : null;
  // The clock first in the bar, floated to its end: a narrow bar cuts
  // the names, never the time.
  fill(el, st.clock ? h('span', {
    class: 'clock', role: 'timer', 'data-testid': `clock-${i}`, 'data-seat': String(i),
    'aria-label': t('clock_of', { side: sideName(st.game, i, seat.name, st.variant) }),
  }) : null,
  ...swatchSpans(mod, i),
  h('strong', { text: sideName(st.game, i, seat.name, st.variant) }),
  h('span', { class: 'kind' }, ' · ', nameOrLabel(st, i)),
  seat.player && seat.player.bot ? botBadge() : null,
  ratingSpan(st, i),
  conn,
  vacationTag(st, i),
  turn ? h('span', { class: 'turn-tag', text: ` ◀ ${t('turn_marker')}` }) : null);
}
