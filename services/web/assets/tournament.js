// A tournament's public page: the current round's pairings (a selector
// for the earlier ones), the standings with the event's tie-breaks, the
// crosstable, the live boards on demand and the downloads; live without a
// reload (hall.js follows the tournament's and the boards' streams).
import { api, el, frame, showError, renderBoard, clockBox, LiveClock, CLOCK_EVENTS } from './hakem.js';
import { loadHall, followHall, playerCell, fullName, fmtPoints } from './hall.js';

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const page = document.getElementById('page');
frame(id);

let hall;
try {
  hall = await loadHall(id);
} catch (e) {
  showError(page, e);
  throw e;
}
document.title = `${hall.name || id} · Hakem`;
const enc = encodeURIComponent(id);
let chosen = 0; // the round the reader chose (0: the current one)

const head = el('div', {});
const pairings = el('section', { id: 'pairings', 'aria-labelledby': 'pairings-title' });
const standings = el('section', { id: 'standings', 'aria-labelledby': 'standings-title' });
const cross = el('section', { id: 'crosstable', 'aria-labelledby': 'crosstable-title' });
const live = el('section', { id: 'live', 'aria-labelledby': 'live-title' });
const downloads = el('section', { id: 'downloads', 'aria-labelledby': 'downloads-title' },
  el('h2', { id: 'downloads-title' }, 'Downloads'),
  el('ul', { class: 'links-list' },
    el('li', {}, el('a', { href: `/api/tournaments/${enc}/pgn`, download: `${id}.pgn`, id: 'dl-pgn' }, 'PGN'), ' — every game, for a broadcast'),
    el('li', {}, el('a', { href: `/api/tournaments/${enc}/trf`, download: `${id}.trf`, id: 'dl-trf' }, 'TRF'), ' — the FIDE tournament report file'),
    el('li', {}, el('a', { href: `/api/tournaments/${enc}/events?follow=false`, download: `${id}.ndjson`, id: 'dl-ndjson' }, 'NDJSON'), ' — every event of the tournament')));

function render(h) {
  hall = h;
  head.replaceChildren(
    el('h1', {}, h.name || id),
    el('p', { class: 'muted' }, [h.system, h.time_control, h.laws_profile || 'fide-2023',
      h.finished ? 'finished' : h.current ? `round ${h.current}${h.planned_rounds ? ' of ' + h.planned_rounds : ''}` : 'not paired yet'].filter(Boolean).join(' · '),
    ' · ', el('a', { href: `/tournaments/${enc}/projector` }, 'projector view'),
    ' · ', el('a', { href: `/console?t=${enc}` }, 'arbiter\u2019s console')));
  renderPairings(h);
  renderStandings(h);
  renderCross(h);
  renderLive(h);
}

function renderPairings(h) {
  const rounds = h.rounds;
  if (!rounds.length) {
    pairings.replaceChildren(el('h2', { id: 'pairings-title' }, 'Pairings'), el('p', { class: 'muted' }, 'No round published yet.'));
    return;
  }
  const r = rounds.find((x) => x.round === chosen) || rounds[rounds.length - 1];
  const select = el('select', { id: 'round-select', onchange: (e) => { chosen = +e.target.value; renderPairings(hall); } },
    rounds.map((x) => el('option', { value: x.round, selected: x.round === r.round }, `Round ${x.round}${x.round === h.current ? ' (current)' : ''}`)));
  const rows = r.boards.map((b) => {
    const w = h.byNo.get(b.white), k = h.byNo.get(b.black);
    return el('tr', { 'data-game': b.game_id, 'data-board': b.board },
      el('td', { class: 'num' }, String(b.board)),
      el('td', { class: 'who' }, playerCell(w)), el('td', { class: 'num opt' }, w && w.rating ? String(w.rating) : ''),
      el('td', { class: 'result score' }, b.score || el('a', { href: `/games/${encodeURIComponent(b.replay_game_id || b.game_id)}`, title: 'watch the game' }, 'live')),
      el('td', { class: 'who' }, playerCell(k)), el('td', { class: 'num opt' }, k && k.rating ? String(k.rating) : ''),
      el('td', { class: 'links opt' }, el('a', { href: `/replay/${encodeURIComponent(b.replay_game_id || b.game_id)}`, 'aria-label': `replay of board ${b.board}` }, 'replay')));
  });
  for (const by of r.byes) {
    rows.push(el('tr', { class: 'bye' }, el('td', {}), el('td', { class: 'who' }, playerCell(h.byNo.get(by.no))), el('td', { class: 'opt' }),
      el('td', { class: 'result' }, fmtPoints(by.points)), el('td', { colspan: 3 }, by.kind === 'absent' ? 'absent' : by.kind === 'requested' ? 'bye (requested)' : 'bye')));
  }
  pairings.replaceChildren(
    el('h2', { id: 'pairings-title' }, `Round ${r.round} pairings`),
    el('div', { class: 'actions' }, el('label', { for: 'round-select' }, 'Round'), select),
    el('table', { class: 'pairings' },
      el('thead', {}, el('tr', {}, el('th', { class: 'num', scope: 'col' }, 'Bd'), el('th', { scope: 'col' }, 'White'), el('th', { class: 'num opt', scope: 'col' }, 'Rtg'),
        el('th', { scope: 'col' }, 'Result'), el('th', { scope: 'col' }, 'Black'), el('th', { class: 'num opt', scope: 'col' }, 'Rtg'), el('th', { class: 'opt', scope: 'col' }, el('span', { class: 'sr' }, 'Links')))),
      el('tbody', {}, rows)));
}

function renderStandings(h) {
  const tbs = h.tiebreaks;
  const note = h.tiebreaks_after < h.current
    ? el('p', { class: 'note' }, h.tiebreaks_after ? `Points count every result in; tie-breaks after round ${h.tiebreaks_after}.` : 'Points so far; tie-breaks once a round is complete.')
    : null;
  standings.replaceChildren(...[el('h2', { id: 'standings-title' }, `Standings${h.tiebreaks_after ? ` after round ${h.tiebreaks_after}` : ''}`), note].filter(Boolean),
    el('table', { class: 'standings' },
      el('thead', {}, el('tr', {}, el('th', { class: 'num', scope: 'col' }, 'Rk'), el('th', { scope: 'col' }, 'Player'), el('th', { class: 'num opt', scope: 'col' }, 'Rtg'),
        el('th', { class: 'num', scope: 'col' }, 'Pts'), tbs.map((x) => el('th', { class: 'num tb', scope: 'col' }, x)),
        el('th', { class: 'tbs', scope: 'col' }, 'Tie-breaks'))),
      el('tbody', {}, h.standings.map((s) => {
        const p = h.byNo.get(s.no) || {};
        return el('tr', { 'data-player': p.player_id, 'data-no': s.no },
          el('td', { class: 'num' }, String(s.rank)), el('td', { class: 'who' }, playerCell(p), s.status ? el('span', { class: 'muted' }, ` (${s.status})`) : null),
          el('td', { class: 'num opt' }, p.rating ? String(p.rating) : ''),
          el('td', { class: 'num' }, fmtPoints(s.points)),
          tbs.map((x, i) => el('td', { class: 'num tb' }, s.tiebreaks[i] === undefined ? '' : String(s.tiebreaks[i]))),
          el('td', { class: 'tbs' }, tbs.map((x, i) => el('span', {}, `${x} ${s.tiebreaks[i] === undefined ? '–' : s.tiebreaks[i]}`))));
      }))));
}

function renderCross(h) {
  const rounds = h.rounds.map((r) => r.round);
  cross.replaceChildren(el('h2', { id: 'crosstable-title' }, 'Crosstable'),
    el('p', { class: 'note' }, 'Each round: the opponent\u2019s start number (the name on hover), the colour (w, b) and the score (1, ½, 0; + and - a forfeit).'),
    el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'crosstable' }, el('table', { class: 'cross' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Rk'), el('th', { scope: 'col' }, 'No'), el('th', { class: 'left', scope: 'col' }, 'Player'),
        el('th', { scope: 'col' }, 'Pts'), rounds.map((r) => el('th', { scope: 'col' }, `R${r}`)))),
      el('tbody', {}, h.standings.map((s) => {
        const p = h.byNo.get(s.no) || {};
        return el('tr', { 'data-no': s.no },
          el('td', {}, String(s.rank)), el('td', {}, String(s.no)), el('td', { class: 'left' }, fullName(p)),
          el('td', { class: 'pts' }, fmtPoints(s.points)),
          s.cells.map((c) => {
            if (c.bye) return el('td', { class: 'bye', title: c.bye.replace(/_/g, ' ') }, c.bye === 'absent' ? '–' : `bye ${c.score}`);
            if (!c.opp) return el('td', {}, '');
            const o = h.byNo.get(c.opp);
            return el('td', { 'data-round': c.round },
              el('abbr', { title: fullName(o) }, String(c.opp)),
              el('span', { class: `col ${c.colour || 'none'}` }, c.colour || ''),
              el('span', { class: 'sc' }, c.score || ''));
          }));
      })))));
}

// live boards of the current round, on demand
let showBoards = sessionStorage.getItem('hakem-boards') === '1';
let liveBoards = new Map();
let liveKey = '';
function renderLive(h) {
  const r = h.rounds[h.rounds.length - 1];
  const toggle = el('button', { type: 'button', id: 'show-boards', 'aria-expanded': String(showBoards), onclick: () => {
    showBoards = !showBoards;
    sessionStorage.setItem('hakem-boards', showBoards ? '1' : '0');
    liveKey = '';
    renderLive(hall);
  } }, showBoards ? 'Hide the live boards' : 'Show the live boards');
  if (!r) { live.replaceChildren(); return; }
  // a board's game is its replay's once one is ordered: a new key, new boards
  const key = showBoards + ':' + r.boards.map((b) => b.replay_game_id || b.game_id).join(',');
  if (key === liveKey) {
    for (const b of r.boards) { const g = liveBoards.get(b.replay_game_id || b.game_id); if (g) g.result.textContent = b.score || ''; }
    return;
  }
  liveKey = key;
  for (const g of liveBoards.values()) clearInterval(g.clock.timer);
  liveBoards = new Map();
  const grid = el('div', { class: 'grid thumbs' });
  if (showBoards) {
    for (const b of r.boards) {
      const gid = b.replay_game_id || b.game_id;
      const boardBox = el('div', {});
      const white = clockBox('white', (h.byNo.get(b.white) || {}).name);
      const black = clockBox('black', (h.byNo.get(b.black) || {}).name);
      const result = el('span', { class: 'result' }, b.score || '');
      grid.append(el('div', { class: 'card live-board', 'data-game': gid },
        el('div', { class: 'title' }, el('a', { href: `/games/${encodeURIComponent(gid)}` }, `Board ${b.board}${b.replay_game_id ? ' (replay)' : ''}`), result), black, boardBox, white));
      renderBoard(boardBox, null);
      const clock = new LiveClock(gid, white, black);
      clock.sync();
      const g = { boardBox, result, clock, ply: -1 };
      liveBoards.set(gid, g);
      // the position now (a board shown after its game began: a replay
      // ordered while the page is open, a new round); a move streamed
      // meanwhile is newer and stays
      api(`/api/games/${encodeURIComponent(gid)}`).then((st) => {
        const n = (st.uci || []).length;
        if (liveBoards.get(gid) === g && n > g.ply) { g.ply = n; renderBoard(boardBox, st.fen, st.uci[n - 1]); }
      }).catch(() => { /* not created yet: its events draw it */ });
    }
  }
  live.replaceChildren(el('h2', { id: 'live-title' }, `Round ${r.round} boards`), toggle, grid);
}

function onGameEvent(e) {
  const g = liveBoards.get(e.aggregate && e.aggregate.id);
  if (!g) return;
  if (e.type === 'game.created' && e.data.start_fen && g.ply <= 0) renderBoard(g.boardBox, e.data.start_fen);
  if (e.type === 'game.move_played' && e.data.ply >= g.ply) { g.ply = e.data.ply; renderBoard(g.boardBox, e.data.fen_after, e.data.uci); }
  if (e.type === 'game.ended') g.result.textContent = e.data.result;
  if (e.type === 'clock.paused') g.clock.paused = true;
  if (e.type === 'clock.resumed') g.clock.paused = false;
  if (CLOCK_EVENTS.has(e.type)) g.clock.sync();
}

render(hall);
page.replaceChildren(head, pairings, standings, cross, live, downloads);
const follower = followHall(id, render, { onGameEvent });

// boards shown later replay their games' events: follow again from the start
live.addEventListener('click', (e) => { if (e.target && e.target.id === 'show-boards' && showBoards) follower.restartGames(); });
