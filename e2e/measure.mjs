// Measurements of the web app on a slow network (issue #17), printed, not
// asserted (CI does not run this):
//
//   node measure.mjs [path/to/tablero]      (default ../target/debug/tablero)
//
// 1. bytes on the wire for a first load of a game page (cold cache), by
//    request, with its timeline (each request's start, first byte and end,
//    and when the board was drawn), and for a second load (revalidated);
// 2. time to a drawn board under Chromium's network emulation (150 ms
//    latency, 1.6 Mbit/s down, 750 kbit/s up), cold and warm cache;
// 3. click to own move drawn (the move is shown before the server answers).
//
// Use a release build for figures that stand for production:
//   cargo build --release -p tablero-cli && node measure.mjs ../target/release/tablero

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BIN = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(HERE, '../target/debug/tablero');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS || 5);
const SLOW = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

let server = null;
let tmp = null;

function startServer() {
  if (!existsSync(BIN)) throw new Error(`no tablero binary at ${BIN}`);
  tmp = mkdtempSync(path.join(tmpdir(), 'tablero-measure-'));
  return new Promise((resolve, reject) => {
    server = spawn(BIN, ['serve', '--port', '0', '--database', path.join(tmp, 't.db')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    server.stderr.on('data', () => {});
    server.on('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
}

async function createGame(base, game) {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game, seats: [{ kind: 'human' }, { kind: 'human' }] }),
  });
  const data = await res.json();
  return { id: data.id, tokens: Object.values(data.tokens || {}) };
}

const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const fmt = (xs, unit = 'ms') => `median ${median(xs).toFixed(1)} ${unit} (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`;

/** Records in the page the time the first board cell appeared. */
const BOARD_TIMER = () => {
  const mark = () => {
    if (!window.__boardAt && document.querySelector('[data-testid=board] [data-cell]')) window.__boardAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
};

/** One load of /play/ID in `context`: bytes on the wire, decoded bytes, requests, ms to the board. */
async function load(context, url, slow) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (slow) await cdp.send('Network.emulateNetworkConditions', SLOW);
  let wire = 0;
  let decoded = 0;
  let requests = 0;
  const statuses = {};
  cdp.on('Network.responseReceived', (e) => { statuses[e.response.status] = (statuses[e.response.status] || 0) + 1; });
  cdp.on('Network.dataReceived', (e) => { decoded += e.dataLength; });
  const urls = new Map();
  const each = [];
  // the timeline: each request's start, first byte and end (ms from the first request)
  const times = new Map();
  let t0 = null;
  const rel = (ts) => { if (t0 === null) t0 = ts; return (ts - t0) * 1000; };
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url.replace(/^https?:\/\/[^/]+/, ''));
    times.set(e.requestId, { start: rel(e.timestamp) });
  });
  cdp.on('Network.responseReceived', (e) => { const t = times.get(e.requestId); if (t) t.ttfb = rel(e.timestamp); });
  cdp.on('Network.webSocketCreated', (e) => { urls.set(e.requestId, `${e.url.replace(/^wss?:\/\/[^/]+/, '')} (WebSocket)`); });
  cdp.on('Network.webSocketWillSendHandshakeRequest', (e) => { times.set(e.requestId, { start: rel(e.timestamp) }); });
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => { const t = times.get(e.requestId); if (t) { t.ttfb = rel(e.timestamp); t.end = t.ttfb; } });
  cdp.on('Network.loadingFinished', (e) => {
    wire += e.encodedDataLength;
    requests += 1;
    each.push([urls.get(e.requestId) || '?', e.encodedDataLength]);
    const t = times.get(e.requestId);
    if (t) t.end = rel(e.timestamp);
  });
  await page.addInitScript(BOARD_TIMER);
  await page.goto(url);
  await page.waitForFunction(() => window.__boardAt, null, { timeout: 30_000 });
  const boardAt = await page.evaluate(() => window.__boardAt);
  // let what is still in flight finish (the page's socket may keep it from idling)
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.waitForTimeout(200);
  await page.close();
  const timeline = [...times.entries()].map(([id, t]) => ({ url: urls.get(id) || '?', ...t }));
  return { wire, decoded, requests, boardAt, statuses, each, timeline };
}

/** Click to own move drawn: from the click event to the moved piece in the DOM, and to the next frame. */
async function clickToDrawn(browser, base, slow) {
  const dom = [];
  const frame = [];
  for (let i = 0; i < RUNS; i++) {
    const { id, tokens } = await createGame(base, 'imago');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(([gid, toks]) => {
      localStorage.setItem('tablero.games', JSON.stringify({ [gid]: { tokens: toks, links: {}, created: Date.now() } }));
    }, [id, tokens]);
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW);
    }
    await page.goto(`${base}/play/${id}`);
    await page.waitForSelector('[data-testid=board] [data-cell].target');
    const st = await (await fetch(`${base}/api/games/${id}`, { headers: { Authorization: `Bearer ${tokens.join(',')}` } })).json();
    // a move entered by its cells, all but the last clicked here; the last one is timed
    const mv = st.legal.find((m) => m.path.length >= 2 && !st.legal.some((o) => o !== m && o.path.join(' ').startsWith(m.path.join(' '))));
    for (const cell of mv.path.slice(0, -1)) {
      await page.click(`[data-testid=board] [data-cell="${cell}"]`);
    }
    await page.waitForSelector(`[data-testid=board] [data-cell="${mv.path[mv.path.length - 1]}"].target`);
    const r = await page.evaluate((cell) => new Promise((resolve) => {
      const svg = document.querySelector('[data-testid=board] svg');
      let clickAt = 0;
      const obs = new MutationObserver(() => {
        if (svg.dataset.pending === '1' || document.querySelector('[data-testid=board]').dataset.ply === '1') {
          const domAt = performance.now();
          obs.disconnect();
          requestAnimationFrame(() => resolve({ dom: domAt - clickAt, frame: performance.now() - clickAt }));
        }
      });
      obs.observe(document.querySelector('[data-testid=board]'), { attributes: true, subtree: true, childList: true });
      svg.addEventListener('click', (ev) => { clickAt = ev.timeStamp; }, { capture: true, once: true });
      svg.querySelector(`[data-cell="${cell}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }), mv.path[mv.path.length - 1]);
    dom.push(r.dom);
    frame.push(r.frame);
    await context.close();
  }
  return { dom, frame };
}

async function main() {
  const base = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  console.log(`tablero ${BIN}`);
  console.log(`machine: ${cpus().length} x ${cpus()[0].model}, Chromium ${browser.version()}, headless`);
  try {
    const { id } = await createGame(base, 'imago');
    const url = `${base}/play/${id}`;

    // The server compresses each file the first time it is asked for (and
    // keeps it): one load, not counted, so that the runs measure the network.
    const warmup = await browser.newContext();
    await load(warmup, url, false).catch(() => {});
    await warmup.close();

    // 1 and 2: cold loads, each in a fresh context (empty cache), and a warm one after
    const cold = [];
    const warm = [];
    let first = null;
    let second = null;
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const a = await load(context, url, true);
        const b = await load(context, url, true);
        cold.push(a.boardAt);
        warm.push(b.boardAt);
        if (!first) { first = a; second = b; }
      } catch (e) {
        // a load that timed out (a busy machine) is said, not counted
        console.log(`run ${i + 1}: ${e.message.split('\n')[0]}`);
      }
      await context.close();
    }
    if (!first) throw new Error('no load finished');
    console.log(`first load of a game page (cold cache): ${first.wire} bytes on the wire (${(first.wire / 1024).toFixed(1)} KiB), ${first.decoded} bytes decoded, ${first.requests} requests, statuses ${JSON.stringify(first.statuses)}`);
    console.log(`  by request: ${first.each.sort((x, y) => y[1] - x[1]).map(([u, n]) => `${u.replace(/\?v=\w+/, '')} ${n}`).join(', ')}`);
    console.log('  timeline of that load (ms from the page request: start / first byte / end):');
    for (const r of first.timeline.sort((x, y) => x.start - y.start)) {
      const f = (v) => (v === undefined ? '-' : v.toFixed(0).padStart(5));
      console.log(`    ${f(r.start)} ${f(r.ttfb)} ${f(r.end)}  ${r.url.replace(/\?v=\w+/, '')}`);
    }
    console.log(`    board drawn at ${first.boardAt.toFixed(0)} ms after navigation start`);
    console.log(`second load (warm cache): ${second.wire} bytes on the wire, statuses ${JSON.stringify(second.statuses)}`);
    console.log(`time to a drawn board, 150 ms latency, 1.6 Mbit/s, cold cache: ${fmt(cold)}`);
    console.log(`time to a drawn board, same network, warm cache (versioned files kept, page revalidated): ${fmt(warm)}`);
    const fast = await browser.newContext();
    const f = await load(fast, url, false);
    await fast.close();
    console.log(`time to a drawn board, no emulation (loopback), cold cache: ${f.boardAt.toFixed(1)} ms`);

    // 3: click to own move drawn
    const c1 = await clickToDrawn(browser, base, false);
    console.log(`click to own move drawn (DOM), loopback: ${fmt(c1.dom)}; to the next frame: ${fmt(c1.frame)}`);
    const c2 = await clickToDrawn(browser, base, true);
    console.log(`click to own move drawn (DOM), 150 ms / 1.6 Mbit/s: ${fmt(c2.dom)}; to the next frame: ${fmt(c2.frame)}`);
  } finally {
    await browser.close();
    server.kill('SIGINT');
    try { rmSync(tmp, { recursive: true, force: true }); } catch { /* ignore */ }
  }
}

main().catch((e) => {
  console.error(e);
  if (server) server.kill('SIGKILL');
  process.exit(1);
});
