// The replay viewer: step through a game's events (buttons, the slider,
// the arrow keys) with the board and both clocks as they were after each
// event, and every ruling with its article and profile.
import { api, fill, playerNames, el, frame, showError, renderBoard, clockBox, fmtClock, logItem, describe } from './hakem.js';
import { loadHall, fullName } from './hall.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = document.getElementById('page');
frame(`Replay ${id}`);
// the viewer opens at the top (the browser's restored scroll aside)
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

let data;
try {
  data = await api(`/api/web/games/${encodeURIComponent(id)}/replay`);
} catch (e) {
  showError(page, e);
  throw e;
}
const { game: g, steps } = data;
// a tournament's game names its players from the tournament
const names = new Map();
if (g.tournament_id) {
  try {
    const h = await loadHall(g.tournament_id);
    for (const p of h.players) {
      names.set(p.player_id, fullName(p) + (p.rating ? ` ${p.rating}` : ''));
      playerNames.set(p.player_id, fullName(p));
    }
  } catch (e) { /* the ids stand */ }
}
const nameOf = (pid) => names.get(pid) || pid || '?';
document.title = `Replay: ${nameOf(g.white)} – ${nameOf(g.black)} · Hakem`; // the frame is drawn once
const boardBox = el('div', { id: 'board' });
const white = clockBox('white', nameOf(g.white));
const black = clockBox('black', nameOf(g.black));
const slider = el('input', { id: 'slider', type: 'range', min: '0', max: String(Math.max(0, steps.length - 1)), value: '0', 'aria-label': 'event' });
const counter = el('span', { id: 'step', class: 'muted' });
const current = el('div', { id: 'current', class: 'card current-event' });
const log = el('ul', { id: 'events', class: 'log' }, steps.map((s, i) => {
  const li = logItem(s.event);
  li.addEventListener('click', () => go(i));
  li.style.cursor = 'pointer';
  return li;
}));
const rulings = el('ul', { id: 'rulings', class: 'log' });
for (const [i, s] of steps.entries()) {
  if (s.event.type.startsWith('arbiter.') || s.event.type === 'game.draw_claimed' || s.event.type === 'clock.flag_fell' || (s.event.type === 'clock.time_adjusted')) {
    const li = logItem(s.event);
    li.addEventListener('click', () => go(i));
    li.style.cursor = 'pointer';
    rulings.append(li);
  }
}
// lastMove[i] is the UCI of the last move at or before step i.
const lastMove = [];
let lm = '';
for (const s of steps) { if (s.event.type === 'game.move_played') lm = s.event.data.uci || ''; lastMove.push(lm); }

let at = 0;
function go(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const s = steps[at];
  renderBoard(boardBox, s.fen, lastMove[at]);
  for (const [side, box] of [['white', white], ['black', black]]) {
    const c = s.clock && s.clock[side];
    box.querySelector('.time').textContent = c ? fmtClock(c.remaining_ms) : '–';
    box.dataset.ms = c ? String(c.remaining_ms) : '';
    box.className = 'clock' + (c && c.running ? ' running' : '') + (c && c.flagged ? ' flagged' : '');
  }
  slider.value = String(at);
  counter.textContent = `event ${at + 1} of ${steps.length} · ply ${s.ply} · ${new Date(s.at).toLocaleTimeString()}`;
  counter.dataset.index = String(at);
  const d = describe(s.event);
  fill(current, el('span', { class: `tag ${d.tag}` }, d.tag), d.text,
    d.article ? el('span', {}, ' · ', el('span', { class: 'article' }, 'Art. ' + d.article)) : null,
    d.profile ? el('span', { class: 'muted' }, ' · ' + d.profile) : null,
    el('div', { class: 'muted' }, `#${s.event.seq} ${s.event.type} · by ${[s.event.actor && s.event.actor.role, s.event.actor && s.event.actor.id].filter(Boolean).join(' ')}`));
  for (const li of log.children) li.classList.toggle('cur', li.dataset.seq === String(s.event.seq));
  for (const li of rulings.children) li.classList.toggle('cur', li.dataset.seq === String(s.event.seq));
  // the current event in view within the list, the page not scrolled
  const cur = log.children[at];
  if (cur) {
    const r = cur.getBoundingClientRect(), b = logBox.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.bottom) logBox.scrollTop += r.top - b.top - b.height / 2;
  }
}
// moveSteps are the steps that are moves (stepping move by move).
const moveSteps = steps.flatMap((s, i) => (s.event.type === 'game.move_played' ? [i] : []));
const nextMove = () => moveSteps.find((i) => i > at) ?? steps.length - 1;
const prevMove = () => [...moveSteps].reverse().find((i) => i < at) ?? 0;
const logBox = el('div', { style: 'max-height: 60vh; overflow-y: auto', tabindex: '0', role: 'region', 'aria-label': 'all events' }, log);

const btn = (label, title, fn, idv) => el('button', { type: 'button', title, id: idv, onclick: fn }, label);
fill(page, 
  el('h1', {}, `Replay: ${nameOf(g.white)} – ${nameOf(g.black)} `, g.result ? el('span', { class: 'result' }, g.result) : null),
  el('p', { class: 'muted' }, [g.tournament_id && `${g.tournament_id}, round ${g.round}, board ${g.board}`, g.time_control, g.laws, g.termination && `${g.termination.replace(/_/g, ' ')}${g.article ? ' (Art. ' + g.article + ')' : ''}`].filter(Boolean).join(' · ')),
  el('div', { class: 'cols' },
    el('section', { class: 'boardcol' }, black, boardBox, white,
      el('div', { class: 'stepper' },
        btn('|\u25C0', 'first event (Home)', () => go(0), 'first'),
        btn('\u25C0\u25C0', 'previous move (\u2191)', () => go(prevMove()), 'prev-move'),
        btn('\u25C0', 'previous event (\u2190)', () => go(at - 1), 'prev'),
        btn('\u25B6', 'next event (\u2192)', () => go(at + 1), 'next'),
        btn('\u25B6\u25B6', 'next move (\u2193)', () => go(nextMove()), 'next-move'),
        btn('\u25B6|', 'last event (End)', () => go(steps.length - 1), 'last'),
        slider),
      counter, current,
      el('p', { class: 'note', id: 'shortcuts' }, 'Keys: \u2190 \u2192 event by event, \u2191 \u2193 move by move, Home the first event, End the last.')),
    el('section', {}, el('h2', {}, 'Claims, flags and rulings'), rulings.children.length ? rulings : el('p', { class: 'muted' }, 'None.'),
      el('h2', {}, 'All events'), logBox)));
slider.addEventListener('input', () => go(+slider.value));
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
  const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowUp: prevMove(), ArrowDown: nextMove(), Home: 0, End: steps.length - 1 };
  if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
});
go(0);
scrollTo(0, 0);
