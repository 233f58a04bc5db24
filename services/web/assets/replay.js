// The replay viewer: step through a game's events (buttons, the slider,
// the arrow keys) with the board and both clocks as they were after each
// event, and every ruling with its article and profile.
import { api, el, frame, showError, renderBoard, clockBox, fmtClock, logItem, describe } from './hakem.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = document.getElementById('page');
frame(`Replay ${id}`);

let data;
try {
  data = await api(`/api/web/games/${encodeURIComponent(id)}/replay`);
} catch (e) {
  showError(page, e);
  throw e;
}
const { game: g, steps } = data;
const boardBox = el('div', { id: 'board' });
const white = clockBox('white', g.white);
const black = clockBox('black', g.black);
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
  current.replaceChildren(el('span', { class: `tag ${d.tag}` }, d.tag), d.text,
    d.article ? el('span', {}, ' · ', el('span', { class: 'article' }, 'Art. ' + d.article)) : null,
    d.profile ? el('span', { class: 'muted' }, ' · ' + d.profile) : null,
    el('div', { class: 'muted' }, `#${s.event.seq} ${s.event.type} · by ${s.event.actor.role} ${s.event.actor.id}`));
  for (const li of log.children) li.classList.toggle('cur', li.dataset.seq === String(s.event.seq));
  for (const li of rulings.children) li.classList.toggle('cur', li.dataset.seq === String(s.event.seq));
  const cur = log.children[at];
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
}

const btn = (label, title, fn, idv) => el('button', { type: 'button', title, id: idv, onclick: fn }, label);
page.replaceChildren(
  el('h1', {}, `Replay: ${g.white} – ${g.black} `, el('span', { class: 'result' }, g.result)),
  el('p', { class: 'muted' }, [g.tournament_id && `${g.tournament_id}, round ${g.round}, board ${g.board}`, g.time_control, g.laws, g.termination && `${g.termination.replace(/_/g, ' ')}${g.article ? ' (Art. ' + g.article + ')' : ''}`].filter(Boolean).join(' · ')),
  el('div', { class: 'cols' },
    el('section', { class: 'boardcol' }, black, boardBox, white,
      el('div', { class: 'stepper' },
        btn('|\u25C0', 'first event (Home)', () => go(0), 'first'),
        btn('\u25C0', 'previous event (\u2190)', () => go(at - 1), 'prev'),
        btn('\u25B6', 'next event (\u2192)', () => go(at + 1), 'next'),
        btn('\u25B6|', 'last event (End)', () => go(steps.length - 1), 'last'),
        slider),
      counter, current),
    el('section', {}, el('h2', {}, 'Claims, flags and rulings'), rulings.children.length ? rulings : el('p', { class: 'muted' }, 'None.'),
      el('h2', {}, 'All events'), el('div', { style: 'max-height: 60vh; overflow-y: auto' }, log))));
slider.addEventListener('input', () => go(+slider.value));
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
  const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: steps.length - 1 };
  if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
});
go(0);
