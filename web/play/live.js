// The game page's live part: the game's WebSocket (states as they come,
// the connection's mark), the poll that stands in for it while it is
// down, and the clocks ticking between states.

import { t } from '../i18n.js';
import * as api from '../api.js';
import { remaining, formatClock, controlName } from '../clock.js';
import { playSound } from '../settings.js';

/**
 * The live updates of game `id` on the page `page` (its clocks are its
 * `[data-testid=clock-N]` elements) whose state is `ctx` (read: `live`,
 * `destroyed`, `gone`); `tokens()`: the page's seat tokens; `apply(st)`: a state from the
 * socket; `load()`: asks for the state over HTTP; `render()`: draws the
 * page again. Returns `start()` (opens the socket, once), `tick()` (the
 * clocks now), `drawConn(el)` (the connection's mark) and `stop()`.
 */
export function createLive({ id, page, ctx, tokens, apply, load, render }) {
  let socket = null;
  // Whether the socket is open.
  let conn = false;
  let warnedPly = null;

  function start() {
    if (socket || ctx.destroyed || ctx.gone) return;
    socket = api.connectGame(id, tokens(), {
      onState: (st) => apply(st),
      onStatus: (open) => { conn = open; render(); },
    });
  }

  // ---- clocks: the server's deadline less the server's time now ----
  function tick() {
    const live = ctx.live;
    const clock = live && live.clock;
    if (!clock || ctx.destroyed) return;
    for (const i of [0, 1]) {
      const el = page.querySelector(`[data-testid=clock-${i}]`);
      if (!el) continue;
      const ms = remaining(clock, i);
      const running = clock.running === i && !live.result;
      const low = running && !clock.days && ms < 10_000;
      const text = formatClock(ms, clock.days);
      if (el.textContent !== text) el.textContent = text;
      el.dataset.ms = String(Math.round(ms));
      el.classList.toggle('running', running);
      el.classList.toggle('low', low);
      el.title = low ? t('clock_low') : controlName(clock.control);
      // One warning when the own running clock passes ten seconds.
      const mine = (live.you || []).includes(i) && (live.you || []).length === 1;
      if (low && mine && warnedPly !== live.ply) {
        warnedPly = live.ply;
        playSound('low');
      }
    }
  }

  /** The connection's mark: live or reconnecting while the game is played; nothing once it is over. */
  function drawConn(el) {
    const over = !!(ctx.live && ctx.live.result);
    el.hidden = over;
    el.textContent = over ? '' : conn ? `● ${t('conn_live')}` : `○ ${t('conn_down')}`;
    el.dataset.state = over ? 'over' : conn ? 'live' : 'down';
  }

  const poll = setInterval(() => {
    if (!conn && ctx.live && !ctx.live.result) load();
  }, 4000);
  const clockTimer = setInterval(tick, 100);

  function stop() {
    if (socket) socket.close();
    clearInterval(poll);
    clearInterval(clockTimer);
  }

  return { start, tick, drawConn, stop };
}
