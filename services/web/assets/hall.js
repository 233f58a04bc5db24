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

// playerCell is a player's start number, title, name and federation, and
// his rating (shown in the cell where the rating column collapses: a phone).
export function playerCell(p) {
  if (!p) return el('span', { class: 'muted' }, '—');
  return el('span', { class: 'player' },
    el('span', { class: 'sno', title: 'start number' }, String(p.no)), ' ',
    p.title ? el('span', { class: 'title' }, p.title + ' ') : null,
    el('span', { class: 'name' }, p.name || p.player_id),
    p.federation ? el('span', { class: 'fed' }, ' ' + p.federation) : null,
    p.rating ? el('span', { class: 'rtg', title: 'rating' }, ' ' + p.rating) : null);
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
// have changed (a replay ordered in place of an annulled game: the board
// is then the replay's, whose game.created the hall stream also sends).
const GAME_RESULT_EVENTS = new Set(['game.ended', 'arbiter.result_overridden', 'arbiter.forfeit_declared', 'arbiter.game_annulled',
  'arbiter.replay_ordered', 'game.created']);

// followHall calls onChange(hall) with the tournament read again after
// each event of the tournament (a round paired or published, a result
// sheet, a round closed, standings published) and after each result of a
// board of the current round; onGameEvent(e) sees every event of those
// boards. One connection (GET /api/web/tournaments/{id}/live), resumed
// after a drop from the tournament's last event seen (?from=N); the
// boards' events already seen are skipped by sequence. allBoards follows
// every round's boards, not only the current round's (the console).
export function followHall(id, onChange, { onGameEvent, allBoards = false } = {}) {
  let last = 0;
  let timer = null;
  let failures = 0;
  const seen = new Map();
  // refresh reads the tournament again (a burst of events once); a read
  // refused while a new round's games are being created is tried again.
  const refresh = (delay = 150) => {
    if (timer) return;
    timer = setTimeout(async () => {
      timer = null;
      try {
        const h = await loadHall(id);
        failures = 0;
        onChange(h);
      } catch (e) {
        if (++failures <= 30) refresh(1000);
      }
    }, delay);
  };
  const url = () => `/api/web/tournaments/${encodeURIComponent(id)}/live?from=${last + 1}${allBoards ? '&boards=all' : ''}`;
  const onEvent = (e) => {
    const a = e.aggregate || {};
    if (a.kind === 'tournament') {
      if (e.seq <= last) return;
      last = e.seq;
      refresh();
      return;
    }
    if ((seen.get(a.id) || 0) >= e.seq) {
      if (replaying.has(a.id) && onGameEvent) onGameEvent(e);
      return;
    }
    seen.set(a.id, e.seq);
    if (onGameEvent) onGameEvent(e);
    if (GAME_RESULT_EVENTS.has(e.type)) refresh();
  };
  // replaying: boards whose past events are passed on again (restartGames)
  let replaying = new Set();
  let stop = stream(url(), onEvent, { resume: url });
  // restartGames has the boards' events passed on again from their start
  // (boards just shown draw their positions from them).
  const restartGames = () => {
    stop();
    replaying = new Set(seen.keys());
    stop = stream(url(), onEvent, { resume: url });
  };
  // back from the bfcache: read the tournament again (the stream resumes
  // by itself from the last event seen)
  addEventListener('pageshow', (e) => { if (e.persisted) refresh(0); });
  return { refresh, restartGames };
}
