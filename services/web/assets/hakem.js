// Shared pieces of Hakem's pages: the API, the board, the clocks, the
// events' descriptions and the page frame. No dependencies, no build.

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// TOKEN_COOKIE is the cookie the pages carry the access token in (read by
// the server when a page is opened, never by the API's commands).
const TOKEN_COOKIE = 'hakem_token';

// cookieToken is the token of the pages' cookie ('' for none).
function cookieToken() {
  const c = document.cookie.split('; ').find((x) => x.startsWith(TOKEN_COOKIE + '='));
  return c ? decodeURIComponent(c.slice(TOKEN_COOKIE.length + 1)) : '';
}

// token is the bearer token the person entered (the arbiter's console or
// the sign-in page): this tab's, else the pages' cookie's; commands carry
// it in their Authorization header when one is set.
export function token() { return sessionStorage.getItem('hakem-token') || cookieToken(); }

// setToken keeps the token for this tab and in the pages' cookie (for the
// session, this site only); '' forgets it.
export function setToken(t) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  if (t) {
    sessionStorage.setItem('hakem-token', t);
    document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(t)}; Path=/; SameSite=Strict${secure}`;
  } else {
    sessionStorage.removeItem('hakem-token');
    document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
  }
}

// api GETs or POSTs JSON and throws the API's error message.
export async function api(path, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (token()) headers.Authorization = 'Bearer ' + token();
  const init = body === undefined ? {} : { method: 'POST', headers, body: JSON.stringify(body) };
  const r = await fetch(path, init);
  const text = await r.text();
  let v = null;
  try { v = JSON.parse(text); } catch { /* not JSON */ }
  if (!r.ok) {
    let msg = v && v.error ? `${v.error.code}: ${v.error.message}` : `${r.status} ${text}`;
    if (v && v.error && v.error.code === 'standby') msg = 'not recorded: this machine is a standby (see the banner at the top); enter it on the primary.';
    const err = new Error(msg);
    err.status = r.status;
    err.code = v && v.error ? v.error.code : '';
    // a write refused because this machine is a standby: said once, at
    // the top of the page, not only beside the button pressed
    if (err.code === 'standby') showStandby(v.error.message);
    throw err;
  }
  return v;
}

// stream reads an NDJSON stream, calling onEvent for each line; when the
// stream ends (a server restart) it reconnects from the last event seen.
// fromOf(url, lastSeqs) builds the URL to resume.
export function stream(url, onEvent, { resume } = {}) {
  const ctl = new AbortController();
  let current = url;
  let conn = null; // the connection now open
  let wake = null; // ends the wait before the next attempt
  // A page kept in the back-forward cache (bfcache) closes its stream as
  // it is hidden (an open fetch keeps a page out of that cache) and opens
  // it again, from the last event seen, as it is shown again.
  const hide = (e) => { if (e.persisted && conn) conn.abort(); };
  const show = (e) => { if (e.persisted && wake) wake(); };
  addEventListener('pagehide', hide);
  addEventListener('pageshow', show);
  ctl.signal.addEventListener('abort', () => {
    removeEventListener('pagehide', hide);
    removeEventListener('pageshow', show);
    if (conn) conn.abort();
    if (wake) wake();
  });
  (async () => {
    for (;;) {
      conn = new AbortController();
      const stop = () => conn.abort();
      ctl.signal.addEventListener('abort', stop);
      try {
        const r = await fetch(current, { signal: conn.signal });
        if (!r.ok) throw new Error(`${r.status}`);
        const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i;
          while ((i = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, i);
            buf = buf.slice(i + 1);
            if (line.trim()) onEvent(JSON.parse(line));
          }
        }
      } catch (e) {
        if (ctl.signal.aborted) return;
      } finally {
        ctl.signal.removeEventListener('abort', stop);
      }
      if (ctl.signal.aborted) return;
      if (resume) current = resume();
      // the next attempt after 2 s (a server restarting), at once when the
      // page comes back from the bfcache (its timers were frozen there)
      await new Promise((ok) => {
        const t = setTimeout(ok, 2000);
        wake = () => { clearTimeout(t); ok(); };
      });
      wake = null;
      if (ctl.signal.aborted) return;
    }
  })();
  return () => ctl.abort();
}

// el builds an element: el('td', {class: 'num'}, 'text', child...).
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat()) if (k !== undefined && k !== null) e.append(k);
  return e;
}

const GLYPH = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };
const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

// renderBoard draws the position of fen (White at the bottom) into box,
// highlighting the squares of the last move (UCI, e.g. "e2e4").
export function renderBoard(box, fen, lastUci) {
  const placement = (fen || START_FEN).split(' ')[0];
  const rows = placement.split('/');
  const hl = new Set();
  if (lastUci && lastUci.length >= 4) { hl.add(lastUci.slice(0, 2)); hl.add(lastUci.slice(2, 4)); }
  const b = el('div', { class: 'board', role: 'img', 'data-fen': fen || START_FEN, 'aria-label': 'board ' + placement });
  for (let r = 0; r < 8; r++) {
    const row = rows[r] || '8';
    let f = 0;
    const cells = [];
    for (const ch of row) {
      if (/[1-8]/.test(ch)) { for (let i = 0; i < +ch; i++) cells.push(''); } else cells.push(ch);
    }
    for (f = 0; f < 8; f++) {
      const sq = 'abcdefgh'[f] + (8 - r);
      const dark = (r + f) % 2 === 1;
      const cell = el('div', { class: `sq ${dark ? 'd' : 'l'}${hl.has(sq) ? ' hl' : ''}`, 'data-sq': sq });
      const p = cells[f] || '';
      if (p) {
        const white = p === p.toUpperCase();
        const k = p.toLowerCase();
        cell.append(el('span', { class: `pc ${white ? 'pw' : 'pb'}`, 'data-piece': p, title: `${white ? 'white' : 'black'} ${NAMES[k]}` }, GLYPH[k] + '\uFE0E'));
      }
      if (r === 7) cell.append(el('span', { class: 'coord f' }, 'abcdefgh'[f]));
      if (f === 0) cell.append(el('span', { class: 'coord r' }, String(8 - r)));
      b.append(cell);
    }
  }
  box.replaceChildren(b);
}

// fmtClock shows milliseconds as h:mm:ss, m:ss, or s.t under 10 s.
export function fmtClock(ms) {
  if (ms === null || ms === undefined) return '–';
  ms = Math.max(0, ms);
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(ss)}` : `${m}:${two(ss)}`;
}

// clockBox is the element of one side's clock.
export function clockBox(side, who) {
  return el('div', { class: 'clock', 'data-side': side },
    el('span', { class: 'who' }, (side === 'white' ? '\u25CB ' : '\u25CF ') + (who || side)),
    el('span', { class: 'time' }, '–'));
}

// LiveClock shows a game's two clocks counting down in the browser from
// the server's last reading (GET /api/games/{id}/clock), read again after
// each event that changes a clock.
export class LiveClock {
  constructor(gameId, whiteBox, blackBox) {
    this.id = gameId; this.w = whiteBox; this.b = blackBox;
    this.reading = null; this.got = 0; this.paused = false; this.pending = null;
    this.timer = setInterval(() => this.show(), 100);
  }
  // sync reads the clocks again (coalescing a burst of events).
  sync() {
    if (this.pending) return;
    this.pending = setTimeout(async () => {
      this.pending = null;
      try {
        this.reading = await api(`/api/games/${encodeURIComponent(this.id)}/clock`);
        this.got = performance.now();
      } catch (e) {
        this.reading = null;
      }
      this.show();
    }, 50);
  }
  show() {
    const rd = this.reading;
    for (const [side, box] of [['white', this.w], ['black', this.b]]) {
      const t = box.querySelector('.time');
      if (!rd) { t.textContent = '–'; box.className = 'clock'; continue; }
      const s = rd[side];
      let ms = s.remaining_ms;
      if (s.running) ms -= performance.now() - this.got;
      t.textContent = fmtClock(ms);
      box.dataset.ms = String(Math.max(0, Math.round(ms)));
      box.className = 'clock' + (s.running ? ' running' : '') + (ms < 60000 ? ' low' : '') +
        (s.flagged || (s.running && ms <= 0) ? ' flagged' : '') + (this.paused ? ' paused' : '');
    }
  }
}

// CLOCK_EVENTS are the events after which a clock reading changes (an
// increment introduced is clock.control_changed; an annulled game's clock
// stops).
export const CLOCK_EVENTS = new Set(['game.move_played', 'game.ended', 'clock.started', 'clock.paused',
  'clock.resumed', 'clock.time_adjusted', 'clock.flag_fell', 'clock.control_changed', 'arbiter.game_annulled']);

// RESULT_WORDS say what a result that is not a plain score means.
const RESULT_WORDS = { '0-0': 'both players lose', '+/-': 'forfeit: White wins, not played', '-/+': 'forfeit: Black wins, not played', '-/-': 'double forfeit, not played' };

// resultText is a result with its meaning when it needs one.
export function resultText(r) {
  return RESULT_WORDS[r] ? `${r} (${RESULT_WORDS[r]})` : String(r || '');
}

// DECISION_WORDS are the rulings' decisions that read badly as their code.
const DECISION_WORDS = { both_lose: 'both players lose (0-0)' };

// playerNames maps player ids to the names a page shows (filled by the
// pages of a tournament's games; an id without one stands as it is).
export const playerNames = new Map();
const nm = (pid) => playerNames.get(pid) || pid;

// describe is an event in an arbiter's words, with its article and profile.
export function describe(e) {
  const d = e.data || {};
  const who = (c) => (c === 'black' ? 'Black' : c === 'white' ? 'White' : c || '');
  const secs = (ms) => `${ms > 0 ? '+' : ''}${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s`;
  switch (e.type) {
    case 'game.created': return { tag: 'game', text: `Game created: ${nm(d.white)} – ${nm(d.black)}${d.time_control ? ', ' + d.time_control : ''} (${d.laws_profile || 'fide-2023'})` };
    case 'game.move_played': return { tag: 'move', text: `${Math.ceil(d.ply / 2)}${d.by === 'black' ? '…' : '.'} ${d.san}` };
    case 'game.draw_offered': return { tag: 'draw', text: `${who(d.by)} offers a draw` };
    case 'game.draw_accepted': return { tag: 'draw', text: `${who(d.by)} accepts the draw` };
    case 'game.draw_declined': return { tag: 'draw', text: `${who(d.by)} declines the draw${d.by_moving ? ' (by moving)' : ''}` };
    case 'game.draw_claimed': return { tag: 'claim', text: `${who(d.by)} claims a draw: ${(d.reason || '').replace(/_/g, ' ')}${d.intended_move ? ', intending ' + d.intended_move : ''} (ply ${d.ply})` };
    case 'game.resigned': return { tag: 'game', text: `${who(d.by)} resigns` };
    case 'game.illegal_move_reported': return { tag: 'claim', text: `Illegal move ${d.move} by ${who(d.offender)} reported (ply ${d.ply})` };
    case 'game.ended': return { tag: 'result', text: `Result ${resultText(d.result)} — ${(d.termination || '').replace(/_/g, ' ')}`, article: d.article };
    case 'clock.started': return { tag: 'clock', text: `Clock started (${d.time_control})` };
    case 'clock.paused': return { tag: 'clock', text: `Clocks paused${d.reason ? ': ' + d.reason : ''}` };
    case 'clock.resumed': return { tag: 'clock', text: 'Clocks resumed' };
    case 'clock.time_adjusted': return { tag: 'clock', text: `${who(d.side)}'s clock ${secs(d.delta_ms)}${d.reason ? ': ' + d.reason : ''}`, article: d.article };
    case 'clock.control_changed': return { tag: 'clock', text: `Time control now ${d.time_control}${d.reason ? ': ' + d.reason : ''}`, article: d.article };
    case 'clock.flag_fell': return { tag: 'flag', text: `${who(d.side)}'s flag fell (ply ${d.ply})` };
    case 'arbiter.ruling_given': return { tag: 'ruling', text: `Ruling on ${(d.matter || '').replace(/_/g, ' ')}: ${DECISION_WORDS[d.decision] || (d.decision || '').replace(/_/g, ' ')}${d.penalty ? ', penalty: ' + d.penalty.replace(/_/g, ' ') : ''}${d.explanation ? ' — ' + d.explanation : ''}`, article: d.article, profile: d.profile };
    case 'arbiter.penalty_imposed':
      if (d.kind === 'increment_introduced') return { tag: 'ruling', text: `Increment of ${(d.amount_ms || 0) / 1000} s a move ordered${d.reason ? ' — ' + d.reason : ''}`, article: d.article };
      return { tag: 'ruling', text: `Penalty on ${who(d.side)}: ${(d.kind || '').replace(/_/g, ' ')}${d.amount_ms ? ' ' + d.amount_ms / 1000 + ' s' : ''}${d.points ? ' by ' + d.points : ''}${d.opponent_points !== undefined ? ', the opponent scoring ' + d.opponent_points : ''}${d.fine ? ' ' + d.fine : ''}${d.rounds ? ' (rounds ' + d.rounds.join(', ') + ')' : ''}${d.reason ? ' — ' + d.reason : ''}`, article: d.article };
    case 'arbiter.forfeit_declared': return { tag: 'ruling', text: `Forfeit ${d.result}: ${d.reason}`, article: d.article };
    case 'arbiter.game_annulled': return { tag: 'ruling', text: `Game annulled: ${d.reason}`, article: d.article };
    case 'arbiter.result_overridden': return { tag: 'ruling', text: `Result corrected ${d.previous} → ${resultText(d.result)}: ${d.reason}`, article: d.article };
    case 'arbiter.replay_ordered': return { tag: 'ruling', text: `Replay ordered: game ${d.replay_game_id}${d.reason ? ' — ' + d.reason : ''}`, article: d.article };
    case 'arbiter.player_expelled': return { tag: 'ruling', text: `${nm(d.player_id)} expelled from the tournament: ${d.reason}`, article: d.article };
    case 'arbiter.player_excluded': return { tag: 'ruling', text: `${nm(d.player_id)} excluded from round${(d.rounds || []).length > 1 ? 's' : ''} ${(d.rounds || []).join(', ')}: ${d.reason}`, article: d.article };
  }
  return { tag: 'event', text: e.type };
}

// logItem is one event as a list item: its tag, text, article and profile.
export function logItem(e) {
  const d = describe(e);
  const at = e.recorded_at ? new Date(e.recorded_at).toLocaleTimeString() : '';
  return el('li', { 'data-seq': e.seq, 'data-type': e.type },
    el('span', { class: `tag ${d.tag}` }, d.tag), d.text,
    d.article ? el('span', {}, ' · ', el('span', { class: 'article' }, 'Art. ' + d.article)) : null,
    d.profile ? el('span', { class: 'muted' }, ' · ' + d.profile) : null,
    el('span', { class: 'muted' }, ' · #' + e.seq + (at ? ' · ' + at : '')));
}

// frame adds the page header (navigation and the hall-mode toggle).
export function frame(title) {
  document.title = title ? `${title} · Hakem` : 'Hakem';
  const saved = localStorage.getItem('hakem-theme');
  if (saved) document.documentElement.dataset.theme = saved;
  const dark = () => document.documentElement.dataset.theme === 'hall' ||
    (!document.documentElement.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches);
  const toggle = el('button', { type: 'button', id: 'theme', title: 'hall mode (dark) / day mode' });
  toggle.textContent = dark() ? 'Day mode' : 'Hall mode';
  toggle.addEventListener('click', () => {
    const next = dark() ? 'day' : 'hall';
    document.documentElement.dataset.theme = next;
    localStorage.setItem('hakem-theme', next);
    toggle.textContent = dark() ? 'Day mode' : 'Hall mode';
  });
  const header = el('header', { class: 'top' },
    el('a', { class: 'brand', href: '/' }, '\u265E Hakem'),
    el('nav', {}, el('a', { href: '/' }, 'Tournaments'), el('a', { href: '/console' }, 'Arbiter')),
    toggle);
  document.body.prepend(header);
}

// showError puts an error message in place of box's content.
export function showError(box, err) {
  box.replaceChildren(el('p', { class: 'error' }, String(err.message || err)));
}

// fill replaces box's content with kids, leaving out the null, undefined
// and false ones (replaceChildren would write them as text: "null").
export function fill(box, ...kids) {
  box.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
}

// showStandby puts a banner at the top of the page saying that this
// machine is a standby (GET /api/standby): it shows the event but records
// nothing; the primary takes the writes. message is the API's refusal
// (503 standby), shown as it is when the machine's status cannot be read.
export async function showStandby(message) {
  let primary = '';
  try {
    const s = await (await fetch('/api/standby')).json();
    if (s.role !== 'standby' && !message) return;
    primary = s.primary || '';
  } catch {
    if (!message) return; // else the refusal's own words below
  }
  let b = document.getElementById('standby-banner');
  if (!b) {
    b = el('div', { id: 'standby-banner', class: 'banner', role: 'alert' });
    const header = document.querySelector('header.top');
    if (header) header.after(b); else document.body.prepend(b);
  }
  const link = primary.replace(/^[a-z]+:\/\/([^@]*@)?/, ''); // host:port, no credentials
  fill(b,
    el('strong', { id: 'standby-primary' }, `This machine is a standby; the primary is ${link ? link.replace(/:\d+$/, '') : 'another machine'}.`),
    link ? el('span', { class: 'muted' }, ` (its standby link: ${link})`) : null, ' ',
    'It shows the event as the primary records it, but records nothing itself: enter results, rulings and clock actions on the primary, ',
    'or promote this machine (hakem promote) if the primary is gone. ',
    el('a', { href: '/standby' }, 'Which machine is live'),
    primary || !message ? null : el('span', { class: 'muted' }, ` (${message})`));
}
