// The profile's chart of the rating over time (issue #44), drawn by hand
// as the review's chart is (web/review.js): one line per rating pool, the
// rating after each rated game, from the rating the player started from
// (at 0); the rated games along x (0, 1, 2... in each pool), the rating
// along y (ticks at a round step), both axes named, a
// legend of the pools. The data: GET /api/people/NAME/history, from the
// rating changes the ratings concern keeps for every rated game.

import { h, fill } from './dom.js';
import { t, onLangChange, has, gameName } from './i18n.js';
import * as api from './api.js';

const NS = 'http://www.w3.org/2000/svg';

function node(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function poolName(pool) {
  return has(`pool_${pool}`) ? t(`pool_${pool}`) : gameName(pool);
}

/** A round step that gives at most `most` ticks over `span`. */
function stepOf(span, most) {
  for (const s of [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]) if (span / s <= most) return s;
  return Math.ceil(span / most);
}

/** The chart of `pools` ([{pool, points: [{game, rating}]}]). */
export function ratingChart(pools) {
  const W = 400;
  const H = 190;
  const [L, R, T, B] = [52, 10, 10, 36];
  const pw = W - L - R;
  const ph = H - T - B;
  const all = pools.flatMap((p) => p.points);
  const first = Math.min(...all.map((p) => p.game));
  const n = Math.max(first + 1, ...all.map((p) => p.game));
  let lo = Math.min(...all.map((p) => p.rating));
  let hi = Math.max(...all.map((p) => p.rating));
  // At least 100 points of rating shown, around the data.
  if (hi - lo < 100) { const mid = (hi + lo) / 2; lo = mid - 50; hi = mid + 50; }
  const ystep = stepOf(hi - lo, 5);
  lo = Math.floor((lo - 1) / ystep) * ystep;
  hi = Math.ceil((hi + 1) / ystep) * ystep;
  const x = (g) => L + ((g - first) / (n - first)) * pw;
  const y = (r) => T + (1 - (r - lo) / (hi - lo)) * ph;
  const svg = node('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-chart', 'data-testid': 'rating-chart', role: 'img', 'aria-label': t('chart_title') });
  svg.append(node('rect', { x: L, y: T, width: pw, height: ph, class: 'plot' }));
  const yAxis = node('g', { class: 'y-axis', 'data-testid': 'chart-y-axis' });
  for (let v = lo; v <= hi; v += ystep) {
    yAxis.append(node('line', { x1: L - 4, y1: y(v), x2: L + pw, y2: y(v), class: v === lo ? 'tick' : 'grid' }));
    yAxis.append(node('text', { x: L - 6, y: y(v), class: 'tick-label', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, String(v)));
  }
  yAxis.append(node('text', { class: 'axis-title', 'data-testid': 'chart-y-title', 'text-anchor': 'middle', transform: `translate(11 ${T + ph / 2}) rotate(-90)` }, t('chart_axis_rating')));
  svg.append(yAxis);
  const xstep = stepOf(n - first, 8);
  const xAxis = node('g', { class: 'x-axis', 'data-testid': 'chart-x-axis' });
  for (let g = first; g <= n; g += xstep) {
    xAxis.append(node('line', { x1: x(g), y1: T + ph, x2: x(g), y2: T + ph + 4, class: 'tick' }));
    xAxis.append(node('text', { x: x(g), y: T + ph + 15, class: 'tick-label', 'text-anchor': 'middle' }, String(g)));
  }
  xAxis.append(node('text', { x: L + pw / 2, y: H - 3, class: 'axis-title', 'data-testid': 'chart-x-title', 'text-anchor': 'middle' }, t('chart_axis_games')));
  svg.append(xAxis);
  pools.forEach((p, i) => {
    const pts = p.points.map((q) => `${x(q.game).toFixed(1)},${y(q.rating).toFixed(1)}`);
    const cls = `line pool-${i % 6}`;
    if (pts.length === 1) svg.append(node('circle', { cx: x(p.points[0].game), cy: y(p.points[0].rating), r: 3, class: `${cls} dot`, 'data-pool': p.pool }));
    else svg.append(node('polyline', { points: pts.join(' '), class: cls, 'data-pool': p.pool }));
  });
  return svg;
}

/** The chart of `name`'s ratings in `box`, with its title and legend. */
export function mountRatingChart(box, name) {
  let pools = null;
  let destroyed = false;

  function render() {
    if (destroyed || pools === null) return;
    const withPoints = pools.filter((p) => p.points.length);
    fill(box, h('h2', { text: t('chart_title') }),
      withPoints.length
        ? h('div', { class: 'rating-chart-box' }, ratingChart(withPoints),
          h('ul', { class: 'chart-legend', 'data-testid': 'chart-legend' }, ...withPoints.map((p, i) => h('li', null,
            h('span', { class: `swatch pool-${i % 6}`, 'aria-hidden': 'true' }), poolName(p.pool)))))
        : h('p', { class: 'none', 'data-testid': 'chart-none', text: t('chart_none') }));
  }

  api.get(`/api/people/${encodeURIComponent(name)}/history`)
    .then((r) => { pools = r.pools; render(); })
    .catch(() => { pools = null; fill(box); });
  const off = onLangChange(render);
  return () => { destroyed = true; off(); };
}
