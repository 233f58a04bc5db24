// A tournament's public page: the current round's live boards, the
// pairings of each round, the standings and the crosstable.
import { api, el, frame, showError, renderBoard, clockBox, LiveClock, CLOCK_EVENTS, stream } from './hakem.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = document.getElementById('page');
frame(id);

function score(result, white) {
  const [w, b] = { '1-0': ['1', '0'], '0-1': ['0', '1'], '1/2-1/2': ['½', '½'], '+/-': ['+', '−'], '-/+': ['−', '+'], '0-0': ['0', '0'], '-/-': ['−', '−'] }[result] || ['*', '*'];
  return white ? w : b;
}

let t;
try {
  t = await api(`/api/tournaments/${encodeURIComponent(id)}`);
} catch (e) {
  showError(page, e);
  throw e;
}
const names = new Map(t.players.map((p) => [p.player_id, p]));
const name = (pid) => (names.get(pid) || {}).name || pid;
const tc = t.tournament;
const rounds = t.rounds || [];

// live boards of the last paired round
const live = el('section', { id: 'live' });
const last = rounds[rounds.length - 1];
if (last) {
  const grid = el('div', { class: 'grid' });
  const boards = new Map();
  for (const b of last.boards || []) {
    const boardBox = el('div', {});
    const white = clockBox('white', name(b.white));
    const black = clockBox('black', name(b.black));
    const result = el('span', { class: 'result' }, b.result && b.result !== '*' ? b.result : '');
    const card = el('div', { class: 'card live-board', 'data-game': b.game_id },
      el('div', { class: 'title' }, el('a', { href: `/games/${encodeURIComponent(b.game_id)}` }, `Board ${b.board}`), result),
      black, boardBox, white);
    renderBoard(boardBox, null);
    const clock = new LiveClock(b.game_id, white, black);
    clock.sync();
    boards.set(b.game_id, { boardBox, result, clock, fen: null });
    grid.append(card);
  }
  live.append(el('h2', {}, `Round ${last.round} — ${t.rounds_closed >= last.round ? 'final positions' : 'live'}`), grid);
  const lastSeq = new Map();
  const url = () => '/api/web/live?' + [...boards.keys()].map((g) => 'game=' + encodeURIComponent(g)).join('&');
  stream(url(), (e) => {
    const g = boards.get(e.aggregate && e.aggregate.id);
    if (!g || (lastSeq.get(e.aggregate.id) || 0) >= e.seq) return;
    lastSeq.set(e.aggregate.id, e.seq);
    if (e.type === 'game.created' && e.data.start_fen) renderBoard(g.boardBox, e.data.start_fen);
    if (e.type === 'game.move_played') renderBoard(g.boardBox, e.data.fen_after, e.data.uci);
    if (e.type === 'game.ended') g.result.textContent = e.data.result;
    if (e.type === 'clock.paused') g.clock.paused = true;
    if (e.type === 'clock.resumed') g.clock.paused = false;
    if (CLOCK_EVENTS.has(e.type)) g.clock.sync();
  }, { resume: url });
}

// pairings, one round at a time
const pairings = el('section', { id: 'pairings' });
const tabs = el('div', { class: 'tabs' });
const pairingBox = el('div', { class: 'scroll' });
function showRound(r) {
  for (const b of tabs.children) b.setAttribute('aria-pressed', String(b.dataset.round === String(r.round)));
  const rows = (r.boards || []).map((b) => el('tr', { 'data-game': b.game_id },
    el('td', { class: 'num' }, String(b.board)),
    el('td', {}, name(b.white)), el('td', { class: 'result' }, b.result || '*'), el('td', {}, name(b.black)),
    el('td', { class: 'links' }, el('a', { href: `/games/${encodeURIComponent(b.game_id)}` }, 'watch'), ' · ',
      el('a', { href: `/replay/${encodeURIComponent(b.game_id)}` }, 'replay'))));
  for (const by of r.byes || []) rows.push(el('tr', {}, el('td', {}), el('td', {}, name(by.player_id)), el('td', {}, `bye (${by.points})`), el('td', {}), el('td', {})));
  pairingBox.replaceChildren(el('table', { class: 'pairings' },
    el('thead', {}, el('tr', {}, el('th', { class: 'num' }, 'Bd'), el('th', {}, 'White'), el('th', {}, 'Result'), el('th', {}, 'Black'), el('th', {}, ''))),
    el('tbody', {}, rows)));
}
for (const r of rounds) tabs.append(el('button', { type: 'button', 'data-round': r.round, onclick: () => showRound(r) }, `Round ${r.round}`));
pairings.append(el('h2', {}, 'Pairings'), rounds.length ? tabs : el('p', { class: 'muted' }, 'No round paired yet.'), pairingBox);
if (last) showRound(last);

// standings: the scoring service's published ones (with tie-breaks) when
// they count every closed round, else the points computed on read
const tbs = tc.tiebreaks || [];
const pub = t.published_standings;
const usePub = pub && t.rounds_closed > 0 && pub.after_round === t.rounds_closed;
const lines = usePub ? pub.standings : (t.standings || []);
const standings = el('section', { id: 'standings' }, el('h2', {}, `Standings${t.rounds_closed ? ` after round ${t.rounds_closed}` : ''}`),
  usePub || !tbs.length ? null : el('p', { class: 'note' }, 'Points so far; tie-breaks once the round is closed and scored.'),
  el('div', { class: 'scroll' }, el('table', {},
    el('thead', {}, el('tr', {}, el('th', { class: 'num' }, '#'), el('th', {}, 'Player'), el('th', { class: 'num' }, 'Rtg'), el('th', { class: 'num' }, 'Pts'),
      tbs.map((x) => el('th', { class: 'num' }, x)))),
    el('tbody', {}, lines.map((s) => el('tr', { 'data-player': s.player_id },
      el('td', { class: 'num' }, String(s.rank)), el('td', {}, name(s.player_id)),
      el('td', { class: 'num' }, String((names.get(s.player_id) || {}).rating || '')),
      el('td', { class: 'num' }, String(s.points)),
      (s.tiebreaks || []).map((v) => el('td', { class: 'num' }, String(v)))))))));

// crosstable, players in standings order
const order = lines.map((s) => s.player_id);
for (const p of t.players) if (!order.includes(p.player_id)) order.push(p.player_id);
const cells = new Map();
for (const r of rounds) {
  for (const b of r.boards || []) {
    const put = (a, o, v) => { const k = a + '\u0000' + o; cells.set(k, (cells.get(k) || '') + v); };
    put(b.white, b.black, score(b.result, true));
    put(b.black, b.white, score(b.result, false));
  }
}
const cross = el('section', { id: 'crosstable' }, el('h2', {}, 'Crosstable'),
  el('div', { class: 'scroll' }, el('table', { class: 'cross' },
    el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', { style: 'text-align:left' }, 'Player'), order.map((_, i) => el('th', {}, String(i + 1))))),
    el('tbody', {}, order.map((p, i) => el('tr', {},
      el('td', {}, String(i + 1)), el('td', { style: 'text-align:left' }, name(p)),
      order.map((o, j) => i === j ? el('td', { class: 'self' }, '') : el('td', {}, cells.get(p + '\u0000' + o) || ''))))))));

page.replaceChildren(
  el('h1', {}, tc.name || id),
  el('p', { class: 'muted' }, [tc.system, tc.time_control, tc.laws_profile || 'fide-2023', t.finished ? 'finished' : `${rounds.length} round(s) paired`].filter(Boolean).join(' · ')),
  live, el('div', { class: 'cols' }, pairings, standings), cross);
