// A live game: the board, both clocks running, the moves and every event
// (rulings with their articles), updated from the game's event stream.
import { api, fill, el, frame, showError, renderBoard, clockBox, LiveClock, CLOCK_EVENTS, stream, logItem, playerNames } from './hakem.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = document.getElementById('page');
frame(id);

let g;
try {
  g = await api(`/api/games/${encodeURIComponent(id)}`);
} catch (e) {
  showError(page, e);
  throw e;
}
// a tournament game shows the players' names from the tournament (also
// in the events' descriptions: playerNames)
const names = new Map();
let eventName = g.tournament_id;
if (g.tournament_id) {
  try {
    const t = await api(`/api/tournaments/${encodeURIComponent(g.tournament_id)}`);
    eventName = (t.tournament && t.tournament.name) || eventName;
    for (const p of t.players || []) {
      if (!p.name) continue;
      names.set(p.player_id, `${p.title ? p.title + ' ' : ''}${p.name}${p.rating ? ' (' + p.rating + ')' : ''}`);
      playerNames.set(p.player_id, `${p.title ? p.title + ' ' : ''}${p.name}`);
    }
  } catch { /* ids will do */ }
}
const nameOf = (id) => names.get(id) || id;
document.title = `${nameOf(g.white)} – ${nameOf(g.black)} · Hakem`;
const boardBox = el('div', { id: 'board' });
const white = clockBox('white', nameOf(g.white));
const black = clockBox('black', nameOf(g.black));
const result = el('span', { id: 'result', class: 'result' }, g.result || '*');
const status = el('p', { id: 'status', class: 'muted' });
const moveList = el('ol', { id: 'moves', class: 'moves' });
const log = el('ul', { id: 'log', class: 'log' });
const clock = new LiveClock(id, white, black);
const sans = [];
let lastSeq = 0;

function showMoves() {
  const items = [];
  for (let i = 0; i < sans.length; i += 2) {
    items.push(el('li', {}, el('span', { 'data-ply': i + 1 }, sans[i]), sans[i + 1] ? el('span', { 'data-ply': i + 2 }, sans[i + 1]) : ''));
  }
  fill(moveList, ...items);
  const lastSpan = moveList.querySelector(`[data-ply="${sans.length}"]`);
  if (lastSpan) lastSpan.classList.add('cur');
}

renderBoard(boardBox, g.start_fen || null);
fill(page, 
  el('h1', {}, `${nameOf(g.white)} – ${nameOf(g.black)} `, result),
  el('p', { class: 'muted' }, [g.tournament_id && `${eventName}, round ${g.round}, board ${g.board}`, g.time_control, g.laws].filter(Boolean).join(' · '),
    ' · ', el('a', { href: `/replay/${encodeURIComponent(id)}` }, 'replay'),
    g.tournament_id ? el('span', {}, ' · ', el('a', { href: `/tournaments/${encodeURIComponent(g.tournament_id)}` }, 'tournament')) : ''),
  el('div', { class: 'cols' },
    el('section', { class: 'boardcol' }, black, boardBox, white, status),
    el('section', {}, el('h2', {}, 'Moves'), moveList, el('h2', {}, 'Events'), log)));
clock.sync();

stream(`/api/games/${encodeURIComponent(id)}/events`, (e) => {
  if (e.seq <= lastSeq) return;
  lastSeq = e.seq;
  const d = e.data || {};
  switch (e.type) {
    case 'game.created': if (d.start_fen) renderBoard(boardBox, d.start_fen); break;
    case 'game.move_played':
      sans[d.ply - 1] = d.san; sans.length = d.ply;
      renderBoard(boardBox, d.fen_after, d.uci);
      showMoves();
      break;
    case 'game.ended': result.textContent = d.result; status.textContent = `${d.termination.replace(/_/g, ' ')}${d.article ? ' (Art. ' + d.article + ')' : ''}`; break;
    case 'clock.paused': clock.paused = true; break;
    case 'clock.resumed': clock.paused = false; break;
  }
  if (e.type !== 'game.move_played') log.prepend(logItem(e));
  if (CLOCK_EVENTS.has(e.type)) clock.sync();
}, { resume: () => `/api/games/${encodeURIComponent(id)}/events?from=${lastSeq + 1}` });
