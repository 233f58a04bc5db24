// The hall's read of a tournament (GET /api/web/tournaments/{id}/hall),
// its names and its live updates, shared by the tournament page, the
// projector view and the console.
import { api, el, stream } from './hakem.js';

// loadHall reads the tournament as the hall sees it.
export async function loadHall(id) {
  const h = await api(`/api/web/tournaments/${encodeURIComponent(id)}/hall`);
  h.byNo = new Map(h.players.map((p) => [p.no, p]));
  h.byId = new Map(h.players.map((p) => [p.player_id, p]));
  return h;
}

// fullName is a player as the hall names him: title, "Surname, Firstname"
// as registered, federation.
export function fullName(p) {
  if (!p) return '';
  return [p.title, p.name || p.player_id].filter(Boolean).join(' ') + (p.federation ? ` (${p.federation})` : '');
}

// playerCell is a player's start number, title, name and federation.
export function playerCell(p) {
  if (!p) return el('span', { class: 'muted' }, '—');
  return el('span', { class: 'player' },
    el('span', { class: 'sno', title: 'start number' }, String(p.no)), ' ',
    p.title ? el('span', { class: 'title' }, p.title + ' ') : null,
    el('span', { class: 'name' }, p.name || p.player_id),
    p.federation ? el('span', { class: 'fed' }, ' ' + p.federation) : null);
}

// fmtPoints writes points with ½.
export function fmtPoints(x) {
  if (x === null || x === undefined) return '';
  const whole = Math.floor(x);
  const half = Math.abs(x - whole - 0.5) < 1e-9;
  if (half) return (whole ? String(whole) : '') + '½';
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100);
}

// GAME_RESULT_EVENTS are the events of a board after which its result may
// have changed.
const GAME_RESULT_EVENTS = new Set(['game.ended', 'arbiter.result_overridden', 'arbiter.forfeit_declared', 'arbiter.game_annulled', 'game.created']);

// followHall calls onChange(hall) with the tournament read again after
// each event of the tournament (a round paired or published, a result
// sheet, a round closed, standings published) and after each result of a
// board of the current round; onGameEvent(e) sees every event of those
// boards. Both streams resume from the last event seen after a dropped
// connection (the tournament's by ?from=N, the boards' from their start,
// events already seen skipped by sequence).
export function followHall(id, onChange, { onGameEvent } = {}) {
  let last = 0;
  let timer = null;
  let games = '';
  let stopGames = null;
  const seen = new Map();
  const refresh = () => {
    if (timer) return;
    timer = setTimeout(async () => {
      timer = null;
      try {
        const h = await loadHall(id);
        followGames(h);
        onChange(h);
      } catch (e) { /* the next event or reconnection reads it again */ }
    }, 150);
  };
  let lastHall = null;
  const followGames = (h) => {
    lastHall = h;
    const r = h.rounds[h.rounds.length - 1];
    const ids = r ? r.boards.map((b) => b.replay_game_id || b.game_id) : [];
    const key = ids.join(',');
    if (key === games) return;
    games = key;
    if (stopGames) stopGames();
    stopGames = null;
    if (!ids.length) return;
    const url = '/api/web/live?' + ids.slice(0, 128).map((g) => 'game=' + encodeURIComponent(g)).join('&');
    stopGames = stream(url, (e) => {
      const g = e.aggregate && e.aggregate.id;
      if ((seen.get(g) || 0) >= e.seq) return;
      seen.set(g, e.seq);
      if (onGameEvent) onGameEvent(e);
      if (GAME_RESULT_EVENTS.has(e.type)) refresh();
    }, { resume: () => url });
  };
  const url = () => `/api/tournaments/${encodeURIComponent(id)}/events?from=${last + 1}`;
  stream(url(), (e) => {
    if (e.seq <= last) return;
    last = e.seq;
    refresh();
  }, { resume: url });
  // restartGames reads the boards' events again from their start (boards
  // just shown on the page draw their positions from them).
  const restartGames = () => { games = ''; seen.clear(); if (lastHall) followGames(lastHall); };
  return { refresh, followGames, restartGames };
}
