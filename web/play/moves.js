// The game page's move list: one button a move, the shown one marked, a
// review's verdicts on them.

import { h } from '../dom.js';
import { t } from '../i18n.js';

/**
 * Fills `list` (an <ol> in the scrolling `box`) with the moves of `live`;
 * `shown`: the ply shown on the board; `review`: the review panel (its
 * `sign(ply)`); `goToPly(n)`: shows ply n. Scrolls to the last move unless
 * `browsing`.
 */
export function renderMoves(list, box, live, { shown, browsing, review, goToPly }) {
  list.replaceChildren();
  const moves = live.moves || [];
  if (!moves.length) list.append(h('li', { class: 'none', text: t('no_moves_yet') }));
  moves.forEach((mv, i) => {
    const n = i + 1;
    const current = n === shown;
    const mark = review.sign(n);
    list.append(h('li', null, h('button', {
      type: 'button', class: `mv${current ? ' current' : ''}${mark ? ` v-${mark.verdict}` : ''}`, 'data-ply': n, 'data-testid': `move-${n}`,
      'data-verdict': mark ? mark.verdict : null,
      title: mark ? t(`review_verdict_${mark.verdict}`) : null,
      'aria-current': current ? 'step' : null, onclick: () => goToPly(n),
    }, h('span', { class: 'mvno', text: `${n}.` }), ` ${mv}`, mark && mark.sign ? h('span', { class: 'sign', text: mark.sign }) : null)));
  });
  if (!browsing) box.scrollTop = box.scrollHeight;
}
