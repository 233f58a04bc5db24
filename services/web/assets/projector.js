// The projector view of a tournament (/tournaments/{id}/projector or
// ?view=projector), for a 1080p screen in the hall: the current round's
// pairings in large type (32 px, headings 48 px: readable from 10 m), as
// many boards a page as the screen holds, the pages turned automatically
// (every 12 s, ?every=SECONDS), then the standings; live (hall.js), also
// after the server restarts or the page comes back from the bfcache.
import { el, frame, showError } from './hakem.js';
import { loadHall, followHall, playerCell, fmtPoints } from './hall.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = document.getElementById('page');
frame(id);
document.body.classList.add('projector');
const every = Math.max(3, +(new URLSearchParams(location.search).get('every') || 12)) * 1000;

let hall;
try {
  hall = await loadHall(id);
} catch (e) {
  showError(page, e);
  throw e;
}
document.title = `${hall.name || id} · Hakem`;

// slides are the pages shown in turn: [{kind, from, to}]
let slides = [];
let at = 0;
const view = el('div', { class: 'projector-view', id: 'projector' });
page.replaceChildren(view);

// perPage is how many table rows fit under the heading on this screen.
function perPage() {
  const row = 32 * 1.35 + 14; // a 32 px line with its padding and border
  return Math.max(4, Math.floor((innerHeight - 48 * 1.4 - 28 * 2.4 - 60) / row));
}

// rowsFit is the rows a page takes on this screen, found by showing the
// first page and taking rows off until it fits (0: not measured yet).
let rowsFit = 0;

function build(h) {
  const r = h.rounds[h.rounds.length - 1];
  const n = rowsFit || perPage();
  const list = [];
  const boards = r ? r.boards.length + r.byes.length : 0;
  for (let i = 0; i < boards; i += n) list.push({ kind: 'pairings', from: i, to: Math.min(boards, i + n) });
  for (let i = 0; i < h.standings.length; i += n) list.push({ kind: 'standings', from: i, to: Math.min(h.standings.length, i + n) });
  return list;
}

function pairingRows(h, r) {
  const rows = r.boards.map((b) => {
    const w = h.byNo.get(b.white), k = h.byNo.get(b.black);
    return el('tr', { 'data-board': b.board }, el('td', { class: 'num' }, String(b.board)),
      el('td', { class: 'who' }, playerCell(w)), el('td', { class: 'num' }, w && w.rating ? String(w.rating) : ''),
      el('td', { class: 'result score' }, b.score || '–'),
      el('td', { class: 'who' }, playerCell(k)), el('td', { class: 'num' }, k && k.rating ? String(k.rating) : ''));
  });
  for (const by of r.byes) rows.push(el('tr', { class: 'bye' }, el('td', {}), el('td', { class: 'who' }, playerCell(h.byNo.get(by.no))), el('td', {}),
    el('td', { class: 'result' }, fmtPoints(by.points)), el('td', { colspan: 2 }, by.kind === 'absent' ? 'absent' : 'bye')));
  return rows;
}

function show() {
  const h = hall;
  if (!slides.length) {
    view.replaceChildren(el('h1', {}, h.name || id), el('p', { class: 'pager' }, 'No round published yet.'));
    return;
  }
  const s = slides[at % slides.length];
  const kinds = slides.filter((x) => x.kind === s.kind);
  const pager = el('p', { class: 'pager', id: 'pager', 'data-kind': s.kind, 'data-page': kinds.indexOf(s) + 1, 'data-pages': kinds.length },
    `${s.kind === 'pairings' ? 'Pairings' : 'Standings'} — page ${kinds.indexOf(s) + 1} of ${kinds.length}`);
  let table;
  if (s.kind === 'pairings') {
    const r = h.rounds[h.rounds.length - 1];
    table = el('table', { class: 'pairings' },
      el('thead', {}, el('tr', {}, el('th', { class: 'num', scope: 'col' }, 'Bd'), el('th', { scope: 'col' }, 'White'), el('th', { class: 'num', scope: 'col' }, 'Rtg'),
        el('th', { scope: 'col' }, 'Result'), el('th', { scope: 'col' }, 'Black'), el('th', { class: 'num', scope: 'col' }, 'Rtg'))),
      el('tbody', {}, pairingRows(h, r).slice(s.from, s.to)));
    view.replaceChildren(el('h1', {}, `${h.name || id} — round ${r.round}`), pager, table);
    return;
  }
  table = el('table', { class: 'standings' },
    el('thead', {}, el('tr', {}, el('th', { class: 'num', scope: 'col' }, 'Rk'), el('th', { scope: 'col' }, 'Player'), el('th', { class: 'num', scope: 'col' }, 'Rtg'),
      el('th', { class: 'num', scope: 'col' }, 'Pts'), h.tiebreaks.map((x) => el('th', { class: 'num', scope: 'col' }, x)))),
    el('tbody', {}, h.standings.slice(s.from, s.to).map((row) => {
      const p = h.byNo.get(row.no) || {};
      return el('tr', { 'data-no': row.no }, el('td', { class: 'num' }, String(row.rank)), el('td', { class: 'who' }, playerCell(p)),
        el('td', { class: 'num' }, p.rating ? String(p.rating) : ''), el('td', { class: 'num' }, fmtPoints(row.points)),
        h.tiebreaks.map((x, i) => el('td', { class: 'num' }, row.tiebreaks[i] === undefined ? '' : String(row.tiebreaks[i]))));
    })));
  view.replaceChildren(el('h1', {}, `${h.name || id} — standings${h.tiebreaks_after ? ' after round ' + h.tiebreaks_after : ''}`), pager, table);
}

function render(h) {
  hall = h;
  slides = build(h);
  if (at >= slides.length) at = 0;
  show();
  // a page that overflows the screen takes one row less, until it fits
  if (!rowsFit) {
    let n = perPage();
    while (n > 4 && document.documentElement.scrollHeight > innerHeight) {
      rowsFit = --n;
      slides = build(h);
      show();
    }
    rowsFit = n;
  }
}

render(hall);
setInterval(() => { if (slides.length) { at = (at + 1) % slides.length; show(); } }, every);
addEventListener('resize', () => { rowsFit = 0; render(hall); });
followHall(id, render);
