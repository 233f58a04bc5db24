// The arbiter's console: the games of a tournament (?t=ID) or chosen games
// (?game=ID&game=ID), what needs the arbiter (pending claims, flags,
// paused clocks), every ruling with its article and profile, and the
// clock commands (pause, resume, adjust), the arbiter's rulings by hand
// (illegal move, penalty, late arrival, wrong initial position, a claim left
// pending, the judgement of a quickplay-finish claim) and result
// corrections.
import { api, el, frame, showError, renderBoard, clockBox, LiveClock, CLOCK_EVENTS, stream, logItem, describe } from './hakem.js';

frame('Arbiter');
const page = document.getElementById('page');
const q = new URLSearchParams(location.search);
const key = () => (self.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

async function chooser() {
  let list = [];
  try { list = (await api('/api/web/tournaments')).tournaments; } catch { /* none */ }
  const gameInput = el('input', { name: 'game', class: 'wide', placeholder: 'game id' });
  page.replaceChildren(el('h1', {}, "Arbiter's console"),
    el('div', { class: 'card' }, el('h2', {}, 'A tournament'),
      list.length ? el('ul', {}, list.map((t) => el('li', {}, el('a', { href: `/console?t=${encodeURIComponent(t.id)}` }, t.tournament.name || t.id)))) : el('p', { class: 'muted' }, 'No tournament yet.')),
    el('form', { class: 'card', action: '/console', method: 'get' }, el('h2', {}, 'A game'), el('div', { class: 'actions' }, gameInput, el('button', { class: 'primary' }, 'Open'))));
}

const games = new Map(); // id -> state
let selected = null;
const arbiterInput = el('input', { id: 'arbiter', value: localStorage.getItem('hakem-arbiter') || 'arbiter', title: 'your arbiter id, recorded as the actor' });
arbiterInput.addEventListener('change', () => localStorage.setItem('hakem-arbiter', arbiterInput.value));
// The access token (HTTP authorisation): needed to act when the server runs
// with tokens; kept in this tab's session storage only, never in the page.
const tokenInput = el('input', { id: 'token', type: 'password', autocomplete: 'off', title: 'your access token, when the server requires one (kept for this tab only)' });
tokenInput.value = sessionStorage.getItem('hakem-token') || ''; // the property, not an attribute: the token stays out of the document
tokenInput.addEventListener('change', () => sessionStorage.setItem('hakem-token', tokenInput.value));
const attention = el('ul', { id: 'attention', class: 'log' });
const gameList = el('div', { id: 'games', class: 'grid' });
const detail = el('section', { id: 'detail' });

// fold derives what the arbiter must see from a game's events.
function fold(st) {
  const ruled = new Set();
  for (const e of st.events) if (e.type === 'arbiter.ruling_given' && e.causation_id) ruled.add(e.causation_id);
  st.pending = []; st.flags = []; st.incidents = []; st.paused = false; st.result = '*'; st.started = false; st.annulled = false;
  for (const e of st.events) {
    switch (e.type) {
      case 'game.draw_claimed': if (!ruled.has(e.id)) st.pending.push(e); st.incidents.push(e); break;
      case 'game.illegal_move_reported': if (!ruled.has(e.id)) st.pending.push(e); st.incidents.push(e); break;
      case 'clock.flag_fell': st.flags.push(e); if (!ruled.has(e.id)) st.pending.push(e); st.incidents.push(e); break;
      case 'clock.started': st.started = true; break;
      case 'clock.paused': st.paused = true; st.incidents.push(e); break;
      case 'clock.resumed': st.paused = false; st.incidents.push(e); break;
      case 'clock.time_adjusted': case 'arbiter.ruling_given': case 'arbiter.penalty_imposed':
      case 'arbiter.forfeit_declared':
        st.incidents.push(e); break;
      case 'arbiter.game_annulled': st.annulled = true; st.incidents.push(e); break;
      case 'arbiter.result_overridden': st.result = e.data.result; st.annulled = false; st.incidents.push(e); break;
      case 'game.ended': st.result = e.data.result; st.incidents.push(e); break;
      case 'game.created': st.created = e.data; break;
      case 'game.move_played': st.fen = e.data.fen_after; st.uci = e.data.uci; st.ply = e.data.ply; break;
    }
  }
}

let drawing = false;
function redraw() {
  if (drawing) return;
  drawing = true;
  requestAnimationFrame(() => { drawing = false; draw(); });
}

function draw() {
  const items = [];
  for (const st of games.values()) {
    for (const e of st.pending) items.push(el('li', { class: 'pending', 'data-game': st.id, 'data-seq': e.seq },
      el('span', { class: 'tag pending' }, 'pending'), el('a', { href: '#', onclick: (ev) => { ev.preventDefault(); select(st.id); } }, st.label), ': ', describe(e).text));
    if (st.paused) items.push(el('li', { class: 'paused', 'data-game': st.id }, el('span', { class: 'tag clock' }, 'paused'), st.label, ': clocks stopped'));
  }
  attention.replaceChildren(...(items.length ? items : [el('li', { class: 'muted' }, 'Nothing pending.')]));
  gameList.replaceChildren(...[...games.values()].map((st) => el('button', {
    type: 'button', class: 'card', 'data-game': st.id, 'aria-pressed': String(st.id === selected), onclick: () => select(st.id),
    style: 'text-align:left',
  }, el('strong', {}, st.label), ' ', el('span', { class: 'result' }, st.result), el('br'),
  el('span', { class: 'muted' }, `${st.ply || 0} plies${st.pending.length ? ` · ${st.pending.length} pending` : ''}${st.paused ? ' · paused' : ''}`))));
  if (selected) drawDetail(games.get(selected));
}

let detailFor = null;
let clock = null;
const parts = {};
function drawDetail(st) {
  if (detailFor !== st.id) {
    detailFor = st.id;
    const c = st.created || {};
    parts.board = el('div', {});
    parts.white = clockBox('white', c.white);
    parts.black = clockBox('black', c.black);
    if (clock) clearInterval(clock.timer);
    clock = new LiveClock(st.id, parts.white, parts.black);
    clock.sync();
    parts.log = el('ul', { class: 'log', id: 'incidents' });
    parts.msg = el('p', { id: 'message', role: 'status' });
    const side = el('select', { id: 'adjust-side' }, el('option', { value: 'white' }, 'White'), el('option', { value: 'black' }, 'Black'));
    const secs = el('input', { id: 'adjust-seconds', type: 'number', step: '1', value: '120', title: 'seconds (negative to take time)' });
    // A clock adjustment is a ruling: the server refuses one that does not
    // state its reason and the article applied, so the form asks for both.
    const reason = el('input', { id: 'adjust-reason', class: 'wide', placeholder: 'reason (required)', value: '', required: true, 'aria-required': 'true' });
    const article = el('input', { id: 'adjust-article', placeholder: 'article (required, e.g. 6.10.2)', value: '', required: true, 'aria-required': 'true' });
    const pauseReason = el('input', { id: 'pause-reason', class: 'wide', placeholder: 'reason for stopping the clocks' });
    const run = async (what, path, body) => {
      parts.msg.className = '';
      parts.msg.textContent = `${what}…`;
      try {
        const url = path.startsWith('/') ? `/api/games/${encodeURIComponent(st.id)}${path}` : `/api/games/${encodeURIComponent(st.id)}/clock/${path}`;
        await api(url, { ...body, by: arbiterInput.value || 'arbiter', idempotency_key: key() });
        parts.msg.textContent = `${what}: done.`;
      } catch (e) {
        parts.msg.className = 'error';
        parts.msg.textContent = `${what}: ${e.message}`;
      }
    };
    parts.pause = el('button', { id: 'pause', type: 'button', onclick: () => run('Pause', 'pause', { reason: pauseReason.value }) }, 'Pause clocks');
    parts.resume = el('button', { id: 'resume', type: 'button', onclick: () => run('Resume', 'resume', {}) }, 'Resume');
    const adjust = el('button', { id: 'adjust', type: 'button', onclick: () => {
      const missing = [[reason, 'the reason'], [article, 'the article applied']].filter(([input]) => !input.value.trim());
      for (const [input] of [[reason], [article]]) input.setAttribute('aria-invalid', String(!input.value.trim()));
      if (missing.length) {
        parts.msg.className = 'error';
        parts.msg.textContent = `Adjust: state ${missing.map(([, what]) => what).join(' and ')}: a ruling cites its grounds.`;
        missing[0][0].focus();
        return;
      }
      run('Adjust', 'adjust', { side: side.value, delta_ms: Math.round(+secs.value * 1000), reason: reason.value.trim(), article: article.value.trim() });
    } }, 'Adjust');
    const sides = (id) => el('select', { id }, el('option', { value: 'white' }, 'White'), el('option', { value: 'black' }, 'Black'));
    const rule = (what, body) => run(what, '/rulings', body);
    parts.ruleClaim = el('button', { id: 'rule-claim', type: 'button', onclick: () => rule('Rule on claim', { matter: 'draw_claim' }) }, 'Rule on claim');
    // The arbiter's judgement of a quickplay-finish claim (2023 Guidelines
    // III.5, 1997 10.2): only he can say whether the opponent can win, or
    // is trying to, by normal means.
    const qpJudgement = el('select', { id: 'quickplay-judgement' }, [['postpone', 'Postpone the decision'], ['draw', 'Declare a draw'], ['reject', 'Reject (2023 III.5.3)']].map(([v, t]) => el('option', { value: v }, t)));
    const qpAddTime = el('input', { id: 'quickplay-add-time', type: 'checkbox', title: 'two minutes to the opponent when postponing' });
    parts.judgeQuickplay = el('button', { id: 'judge-quickplay', type: 'button', onclick: () => rule('Quickplay-finish claim', { matter: 'quickplay_claim', judgement: qpJudgement.value, add_time: qpAddTime.checked }) }, 'Judge quickplay claim');
    const overResult = el('select', { id: 'correct-value' }, ['1-0', '0-1', '1/2-1/2'].map((r) => el('option', { value: r }, r)));
    const overReason = el('input', { id: 'correct-reason', class: 'wide', placeholder: 'reason for the correction' });
    const overArticle = el('input', { id: 'correct-article', placeholder: 'article', value: '' });
    parts.correct = el('button', { id: 'correct-result', type: 'button', onclick: () => rule('Correct result', { matter: 'result_override', result: overResult.value, reason: overReason.value, article: overArticle.value }) }, 'Correct result');
    const offender = sides('illegal-offender');
    const illegalMove = el('input', { id: 'illegal-move', placeholder: 'move seen on the board' });
    parts.illegal = el('button', { id: 'report-illegal', type: 'button', onclick: () => run('Illegal move', '/illegal-moves', { offender: offender.value, move: illegalMove.value, reported_by: 'arbiter' }) }, 'Illegal move');
    const penSide = sides('penalty-side');
    const penKind = el('select', { id: 'penalty-kind' }, [['warning', 'Warning'], ['time_to_opponent', 'Time to the opponent'], ['time_off', 'Time off'], ['loss', 'Loss of the game'], ['expulsion', 'Expulsion']].map(([v, t]) => el('option', { value: v }, t)));
    const penSecs = el('input', { id: 'penalty-seconds', type: 'number', step: '1', value: '0', title: 'seconds, for time penalties' });
    const penReason = el('input', { id: 'penalty-reason', class: 'wide', placeholder: 'offence' });
    parts.penalize = el('button', { id: 'penalize', type: 'button', onclick: () => rule('Penalty', { matter: 'penalty', side: penSide.value, penalty: penKind.value, amount_ms: Math.round(+penSecs.value * 1000), reason: penReason.value }) }, 'Penalise');
    const lateSide = sides('late-side');
    const lateMins = el('input', { id: 'late-minutes', type: 'number', step: '1', value: '0' });
    parts.late = el('button', { id: 'late-arrival', type: 'button', onclick: () => rule('Late arrival', { matter: 'late_arrival', side: lateSide.value, lateness_ms: Math.round(+lateMins.value * 60000) }) }, 'Late arrival');
    parts.annul = el('button', { id: 'wrong-position', type: 'button', onclick: () => rule('Wrong initial position', { matter: 'wrong_initial_position' }) }, 'Wrong initial position');
    detail.replaceChildren(
      el('h2', {}, st.label, ' ', el('a', { href: `/games/${encodeURIComponent(st.id)}` }, 'live'), ' · ', el('a', { href: `/replay/${encodeURIComponent(st.id)}` }, 'replay')),
      el('div', { class: 'cols' },
        el('div', { class: 'boardcol' }, parts.black, parts.board, parts.white),
        el('div', {},
          el('fieldset', {}, el('legend', {}, 'Clocks (Art. 6.11, 6.12)'),
            el('div', { class: 'actions' }, pauseReason, parts.pause, parts.resume),
            el('div', { class: 'actions' }, side, secs, el('span', {}, 's'), reason, article, adjust)),
          el('fieldset', {}, el('legend', {}, 'Claims and results'),
            el('div', { class: 'actions' }, parts.ruleClaim, overResult, overReason, overArticle, parts.correct),
            el('div', { class: 'actions' }, qpJudgement, el('label', {}, qpAddTime, ' +2 min to the opponent'), parts.judgeQuickplay),
            el('p', { class: 'note' }, 'The arbiter service rules on draw claims and flag falls itself, at once, by the game\'s laws profile; "Rule on claim" has it rule on a claim still pending after 10 s (the service was down). A quickplay-finish claim the Laws admit waits for your judgement. A result correction needs a finished game and its reason.')),
          el('fieldset', {}, el('legend', {}, 'Illegal moves and penalties (Art. 7.5, 12.9)'),
            el('div', { class: 'actions' }, offender, illegalMove, parts.illegal),
            el('div', { class: 'actions' }, penSide, penKind, penSecs, el('span', {}, 's'), penReason, parts.penalize),
            el('div', { class: 'actions' }, lateSide, lateMins, el('span', {}, 'min late'), parts.late, parts.annul)),
          parts.msg)),
      el('h2', {}, 'Claims, flags, rulings and incidents'), parts.log);
  }
  renderBoard(parts.board, st.fen || (st.created && st.created.start_fen) || null, st.uci);
  clock.paused = st.paused;
  parts.pause.disabled = st.paused || st.result !== '*' || !st.started;
  parts.resume.disabled = !st.paused || st.result !== '*';
  const over = st.result !== '*' || st.annulled;
  const claim = st.pending.find((e) => e.type === 'game.draw_claimed' && e.data.reason !== 'quickplay_finish');
  const quickplay = st.pending.find((e) => e.type === 'game.draw_claimed' && e.data.reason === 'quickplay_finish');
  parts.ruleClaim.disabled = over || !claim || Date.now() - Date.parse(claim.recorded_at) < 10000;
  parts.judgeQuickplay.disabled = over || !quickplay;
  parts.correct.disabled = st.result === '*' && !st.annulled;
  for (const b of [parts.illegal, parts.penalize, parts.late, parts.annul]) b.disabled = over;
  parts.log.replaceChildren(...(st.incidents.length ? [...st.incidents].reverse().map(logItem) : [el('li', { class: 'muted' }, 'No incident.')]));
}

function select(id) {
  selected = id;
  draw();
}

async function run() {
  let ids = q.getAll('game');
  let title = "Arbiter's console";
  const labels = new Map();
  if (q.get('t')) {
    const t = await api(`/api/tournaments/${encodeURIComponent(q.get('t'))}`);
    title = `Arbiter — ${t.tournament.name || t.id}`;
    for (const r of t.rounds || []) for (const b of r.boards || []) { ids.push(b.game_id); labels.set(b.game_id, `R${r.round} B${b.board}`); }
  }
  if (ids.length === 0) return chooser();
  ids = [...new Set(ids)].slice(-128);
  for (const id of ids) games.set(id, { id, label: labels.get(id) || id, events: [], pending: [], incidents: [], flags: [], result: '*' });
  selected = ids[ids.length - 1];
  page.replaceChildren(el('h1', {}, title),
    el('div', { class: 'actions' }, el('label', { for: 'arbiter' }, 'Arbiter id'), arbiterInput, el('label', { for: 'token' }, 'Access token'), tokenInput),
    el('h2', {}, 'Needs the arbiter'), attention,
    el('h2', {}, 'Games'), gameList, detail);
  draw();
  const url = () => '/api/web/live?' + ids.map((g) => 'game=' + encodeURIComponent(g)).join('&');
  stream(url(), (e) => {
    const st = games.get(e.aggregate && e.aggregate.id);
    if (!st || st.events.some((x) => x.seq === e.seq)) return;
    st.events.push(e);
    st.events.sort((a, b) => a.seq - b.seq);
    fold(st);
    if (clock && st.id === selected && CLOCK_EVENTS.has(e.type)) clock.sync();
    redraw();
  }, { resume: url });
}

// a claim left pending becomes rulable from the console after a while
setInterval(() => { if (selected && games.get(selected).pending.length) redraw(); }, 2000);

run().catch((e) => showError(page, e));
