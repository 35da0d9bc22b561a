// Home page: the games of the catalog and the list of my recent games.

import { h, fill } from './dom.js';
import { t, getLang, gameName, gameSummary, sideName, onLangChange } from './i18n.js';
import * as api from './api.js';
import { loggedInHint } from './account.js';
import { statusText, swatchSpans } from './play.js';
import { offered, loadAllBoards } from './games.js';
import { waitingGames, onWaiting, refresh as refreshWaiting, notifyState, askNotify, mailStatus, setNotifyEmail, stopNotifyEmail } from './yourturn.js';
import { remaining, formatClock } from './clock.js';
import { mountOnlineCount } from './people.js';

export function mountHome(root) {
  let summaries = null;
  let error = null;
  let boards = null;
  let destroyed = false;
  // The page is drawn again whenever what it lists changes (boards loaded,
  // the games fetched, a turn come); the mail box sits outside what is
  // redrawn, so the address being typed keeps its focus and its text (a
  // redraw that moved it took the focus away, and the typing was lost).
  const body = h('div', { class: 'home-body' });
  const mailHost = h('div', { class: 'home-mail' });
  // The players online and the live games (#44), outside what is redrawn.
  const onlineBox = h('p', { class: 'home-online' });
  const watchLink = h('a', { href: '/watch', 'data-link': '', 'data-testid': 'watch-link' });
  fill(root, h('section', { class: 'home' }, h('div', { class: 'home-people' }, onlineBox, watchLink), body, mailHost));
  const offOnline = mountOnlineCount(onlineBox);

  function render() {
    if (destroyed) return;
    watchLink.textContent = t('watch_link');
    const cards = (boards ? offered() : []).map((g) => h('li', { class: `game-card card-${g}`, 'data-testid': `game-${g}` },
      h('h2', { text: gameName(g) }),
      h('p', { class: 'desc', text: gameSummary(g) }),
      h('div', { class: 'card-actions' },
        h('a', { class: 'button primary', href: `/new/${g}`, 'data-link': '', 'data-testid': `new-${g}`, text: t('new_game') }),
        h('a', { class: 'button', href: `/rules/${g}`, 'data-link': '', 'data-testid': `rules-${g}`, text: t('rules') }),
        // The explorer of the solved games' openings (web/explore.js).
        ['imago', 'linja'].includes(g)
          ? h('a', { class: 'button', href: `/explore/${g}`, 'data-link': '', 'data-testid': `explore-${g}`, text: t('ex_open'), title: t('ex_open_title') })
          : null)));
    const list = h('ul', { class: 'recent', 'data-testid': 'recent' });
    if (error) list.append(h('li', { class: 'error', text: t('error_prefix', { error }) }));
    else if (summaries === null) list.append(h('li', { text: t('loading') }));
    else if (!summaries.length) list.append(h('li', { class: 'none', text: t('no_games') }));
    else {
      for (const s of summaries) {
        const you = s.you || [];
        let state;
        const hasTurn = s.to_move === 0 || s.to_move === 1; // (older servers leave it out)
        const board = boards && boards[s.game];
        if (s.result) state = statusText({ ...s, view: null }, board);
        else if (!hasTurn) state = '';
        else if (you.includes(s.to_move)) state = t('your_move_short');
        else state = t('to_move_short', { side: sideName(s.game, s.to_move, s.seats?.[s.to_move]?.name, s.variant) });
        const when = s.updated ? new Date(s.updated).toLocaleString() : '';
        list.append(h('li', { class: `recent-item${you.includes(s.to_move) && !s.result ? ' my-turn' : ''}` },
          h('a', { href: `/play/${encodeURIComponent(s.id)}`, 'data-link': '', 'data-testid': `recent-${s.id}` },
            h('strong', { text: gameName(s.game) }),
            ' ',
            ...you.flatMap((seat) => swatchSpans(board, seat)),
            h('span', { class: 'recent-state', text: ` ${state}` }),
            h('span', { class: 'recent-meta', text: ` · ${t('ply_n', { n: s.ply ?? 0 })}${when ? ` · ${when}` : ''}` }))));
      }
    }
    fill(body,
      h('p', { class: 'tagline', text: t('tagline') }),
      yourTurn(),
      h('p', { class: 'lobby-link' }, h('a', { class: 'button primary', href: '/lobby', 'data-link': '', 'data-testid': 'lobby-link', text: t('lobby_link') }),
        ' ', h('a', { class: 'button', href: '/puzzles', 'data-link': '', 'data-testid': 'puzzles-link', text: t('pz_link') }),
        ' ', h('a', { class: 'button', href: '/learn', 'data-link': '', 'data-testid': 'learn-link', text: t('learn_link') }),
        ' ', h('a', { class: 'button', href: '/tournaments', 'data-link': '', 'data-testid': 'tournaments-link', text: t('tn_title') })),
      h('ul', { class: 'game-cards' }, ...cards),
      h('p', { class: 'editor-link' }, h('a', { href: '/editor', 'data-link': '', 'data-testid': 'editor-link', text: t('editor_link') }),
        ' · ', h('a', { href: '/leaderboard', 'data-link': '', 'data-testid': 'home-leaderboard', text: t('leaderboard_link') })),
      h('h2', { text: t('my_games') }),
      list);
    const box = mailBox();
    if (box !== (mailHost.firstChild || null)) fill(mailHost, box);
  }

  /** The games waiting for this browser's move, the most urgent first. */
  function yourTurn() {
    const games = waitingGames();
    if (!games.length) return null;
    const state = notifyState();
    const notify = state === 'default'
      ? h('button', { type: 'button', class: 'link-button', 'data-testid': 'notify', text: t('your_turn_notify'),
        onclick: async () => { await askNotify(); render(); } })
      : h('span', { class: 'muted', text: state === 'granted' ? t('your_turn_notify_on') : state === 'denied' ? t('your_turn_notify_denied') : '' });
    return h('section', { class: 'your-turn', 'data-testid': 'your-turn' },
      h('h2', { text: t('your_turn') }),
      h('ul', null, ...games.map((g) => {
        const left = g.clock ? remaining(g.clock, g.to_move) : null;
        return h('li', null, h('a', { href: `/play/${encodeURIComponent(g.id)}`, 'data-link': '', 'data-testid': `your-turn-${g.id}` },
          h('strong', { text: gameName(g.game) }),
          ' ',
          ...swatchSpans(boards && boards[g.game], g.to_move),
          left !== null ? h('span', { class: 'recent-meta', text: ` · ${t('your_turn_left', { left: formatClock(left, g.clock.days) })}` }) : null));
      })),
      notify);
  }

  // Email notices, where the server sends mail: the address, or a form.
  let mail = null; // {mail, email, confirmed} from the server
  let mailError = '';
  let mailBusy = false;
  let mailDraft = ''; // what is typed, kept across redraws
  // The box is built again only when what it shows changes: the list
  // above it is redrawn every time the games waiting change, and a form
  // rebuilt under the reader's click would lose the click.
  let mailNode = null;
  let mailShown = '';
  function mailBox() {
    const key = JSON.stringify([mail, mailError, getLang()]);
    if (key !== mailShown) {
      mailShown = key;
      mailNode = buildMailBox();
    }
    return mailNode;
  }
  function buildMailBox() {
    if (!mail || !mail.mail) return null;
    if (mail.email) {
      return h('section', { class: 'mail-box', 'data-testid': 'mail-box' },
        // Nothing is sent to an address before its confirmation link is opened.
        h('p', { 'data-testid': 'mail-saved', 'data-confirmed': mail.confirmed ? '1' : '0',
          text: t(mail.confirmed ? 'notify_email_saved' : 'notify_email_unconfirmed', { email: mail.email }) }),
        h('button', { type: 'button', class: 'link-button', 'data-testid': 'mail-stop', text: t('notify_email_stop'),
          onclick: async () => { await stopNotifyEmail(); mail = { ...mail, email: null }; render(); } }));
    }
    const input = h('input', {
      type: 'email', id: 'mail-email', 'data-testid': 'mail-email', autocomplete: 'email', required: true, value: mailDraft,
      oninput: (e) => { mailDraft = e.target.value; },
    });
    return h('section', { class: 'mail-box', 'data-testid': 'mail-box' },
      h('form', {
        onsubmit: async (e) => {
          e.preventDefault();
          if (mailBusy) return;
          mailBusy = true;
          try {
            const res = await setNotifyEmail(mailDraft, getLang());
            mail = { ...mail, email: res.email, confirmed: res.confirmed };
            mailError = '';
          } catch (err) {
            mailError = err.message;
          }
          mailBusy = false;
          render();
        },
      },
      h('p', null, h('label', { for: 'mail-email', text: t('notify_email') })),
      h('span', { class: 'mail-row' }, input, ' ', h('button', { type: 'submit', 'data-testid': 'mail-save', text: t('notify_email_save') })),
      mailError ? h('p', { class: 'error', role: 'alert', 'data-testid': 'mail-error', text: mailError }) : null));
  }

  async function load() {
    const tokens = api.allTokens();
    // Logged in, the server adds the account's games to the tokens'.
    if (!tokens.length && !loggedInHint()) {
      summaries = [];
      render();
      return;
    }
    try {
      const res = await api.post('/api/my-games', { tokens });
      summaries = (res && Array.isArray(res.games)) ? res.games : [];
      error = null;
    } catch (e) {
      error = e.message;
    }
    render();
  }

  render();
  loadAllBoards().then((b) => { boards = b; render(); }).catch((e) => { error = e.message; boards = {}; render(); });
  load();
  refreshWaiting();
  // The mail box waits for the server's answer; a refusal (the rate limit,
  // the server away) is asked again a little later, not taken as "no mail".
  const loadMail = (tries) => mailStatus().then((m) => { mail = m; render(); }).catch(() => {
    if (!destroyed && tries < 6) setTimeout(() => loadMail(tries + 1), 500 * (tries + 1));
  });
  loadMail(0);
  const offWaiting = onWaiting(render);
  const off = onLangChange(render);
  return () => { destroyed = true; off(); offWaiting(); offOnline(); };
}
