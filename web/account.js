// The account box in the header (docs/web-api.md, "Accounts"): sign up or
// log in with a name and a password, log out. Accounts are optional: a
// sign-up takes this browser's games along (their seat tokens), and once
// logged in the account's seats play from any browser. The session is an
// HttpOnly cookie the page never sees; it keeps only a hint of the name
// (so a page of a browser never logged in asks nothing).

import { h } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { get, post, allTokens } from './api.js';
import { mountVacation } from './vacation.js';

const HINT = 'tablero.account';

let account = null;
let changed = () => {};

function hint() {
  try { return localStorage.getItem(HINT); } catch { return null; }
}

function setHint(name) {
  try {
    if (name) localStorage.setItem(HINT, name);
    else localStorage.removeItem(HINT);
  } catch { /* private mode: this page only */ }
}

/** The logged-in account ({name, created}) or null. */
export function currentAccount() { return account; }

const known = new Set();
/** Calls `fn()` once this page learns who is logged in (the first answer of
 * GET /api/account comes after the page is drawn); answers the unsubscribe. */
export function onAccountKnown(fn) { known.add(fn); return () => known.delete(fn); }

/** Whether this browser has logged in (a hint: the cookie itself is HttpOnly). */
export function loggedInHint() { return !!hint(); }

/** Mounts the box in the header; `onChange()` runs after a login or logout
 * (the page is shown again, with the account's seats). */
export function mountAccount(onChange) {
  const top = document.querySelector('header.top');
  if (!top || top.querySelector('.account')) return;
  changed = onChange || changed;
  const summaryText = h('span', { class: 'account-text', 'data-testid': 'account-summary' });
  const summary = h('summary', { 'data-testid': 'account' }, h('span', { class: 'account-icon', 'aria-hidden': 'true' }), summaryText);
  const panel = h('div', { class: 'account-box', 'data-testid': 'account-box' });
  const box = h('details', { class: 'account' }, summary, panel);
  const error = h('p', { class: 'account-error', role: 'alert', 'data-testid': 'account-error', hidden: true });
  const name = h('input', { id: 'account-name', name: 'username', autocomplete: 'username', 'data-testid': 'account-name', maxlength: '20', required: true });
  const password = h('input', { id: 'account-password', name: 'password', type: 'password', 'data-testid': 'account-password', required: true });
  const nameLabel = h('label', { for: 'account-name' });
  const passwordLabel = h('label', { for: 'account-password' });
  const loginBtn = h('button', { type: 'submit', 'data-testid': 'account-login', value: 'login' });
  const signupBtn = h('button', { type: 'submit', class: 'secondary', 'data-testid': 'account-signup', value: 'signup' });
  const note = h('p', { class: 'account-note' });
  const form = h('form', { class: 'account-form', 'data-testid': 'account-form' },
    h('p', null, nameLabel, name), h('p', null, passwordLabel, password),
    h('p', { class: 'account-buttons' }, loginBtn, signupBtn), note, error);
  const who = h('p', { 'data-testid': 'account-who' });
  const logoutBtn = h('button', { type: 'button', 'data-testid': 'account-logout' });
  const logoutAllBtn = h('button', { type: 'button', class: 'secondary', 'data-testid': 'account-logout-all' });
  // The name links to the account's profile (web/profile.js).
  const profileLink = h('a', { 'data-link': '', 'data-testid': 'account-profile', onclick: () => { box.open = false; } });
  // The people followed and blocked (web/people.js, #44).
  const followingLink = h('a', { href: '/following', 'data-link': '', 'data-testid': 'account-following', onclick: () => { box.open = false; } });
  // Vacation (#49, web/vacation.js): loaded when the box opens.
  const vacation = h('div', { class: 'vacation', 'data-testid': 'vacation' });
  const signedIn = h('div', null, who, h('p', null, profileLink), h('p', null, followingLink), vacation, h('p', { class: 'account-buttons' }, logoutBtn, logoutAllBtn));

  const render = () => {
    summaryText.textContent = account ? account.name : t('account_login');
    box.dataset.state = account ? 'in' : 'out';
    nameLabel.textContent = t('account_name');
    passwordLabel.textContent = t('account_password');
    password.autocomplete = 'current-password';
    loginBtn.textContent = t('account_login');
    signupBtn.textContent = t('account_signup');
    note.textContent = t('account_signup_note');
    logoutBtn.textContent = t('account_logout');
    logoutAllBtn.textContent = t('account_logout_all');
    if (account) {
      who.textContent = t('account_signed_in', { name: account.name });
      profileLink.href = `/@/${encodeURIComponent(account.name)}`;
      profileLink.textContent = t('profile_my');
      followingLink.textContent = t('people_following_title');
    }
    panel.replaceChildren(account ? signedIn : form);
  };
  const showError = (e) => {
    error.textContent = (e && e.message) || String(e);
    error.hidden = false;
  };
  const done = (acc) => {
    account = acc || null;
    setHint(account && account.name);
    error.hidden = true;
    password.value = '';
    box.open = false;
    render();
    for (const fn of known) fn(); // a login or logout: who is logged in changed
    changed();
  };

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const action = ev.submitter && ev.submitter.value === 'signup' ? 'signup' : 'login';
    const body = { name: name.value.trim(), password: password.value };
    if (action === 'signup') body.tokens = allTokens().slice(0, 200);
    loginBtn.disabled = signupBtn.disabled = true;
    try {
      const r = await post(`/api/account/${action}`, body);
      done(r && r.account);
    } catch (e) {
      showError(e);
    } finally {
      loginBtn.disabled = signupBtn.disabled = false;
    }
  });
  const out = (path) => async () => {
    try {
      await post(path, {});
      done(null);
    } catch (e) {
      who.textContent = (e && e.message) || String(e);
    }
  };
  logoutBtn.addEventListener('click', out('/api/account/logout'));
  logoutAllBtn.addEventListener('click', out('/api/account/logout-all'));

  render();
  onLangChange(render);
  box.addEventListener('toggle', () => { if (box.open && account) mountVacation(vacation); });
  top.insertBefore(box, document.getElementById('lang-switch'));
  if (hint()) {
    get('/api/account').then((r) => {
      account = (r && r.account) || null;
      setHint(account && account.name);
      render();
      for (const fn of known) fn();
    }).catch((e) => { if (e && e.status === 401) setHint(null); });
  }
}
