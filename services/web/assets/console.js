// The arbiter's console: the games of a tournament (?t=ID) or chosen games
// (?game=ID&game=ID), what needs the arbiter (pending claims, flags,
// paused clocks), every ruling with its article and profile, and the
// clock commands (pause, resume, adjust), the arbiter's rulings by hand
// (illegal move, penalty, late arrival, wrong initial position, both players
// at fault, a claim left pending, the judgement of a quickplay-finish claim
// and of an increment request), result corrections (forfeits after the fact
// included) and, for a tournament, the expulsion of a player. A form whose
// required fields are empty says what is missing and sends nothing.
import { api, token, setToken, fill, el, frame, showError, renderBoard, clockBox, LiveClock, CLOCK_EVENTS, stream, logItem, describe, resultText, playerNames, fmtClock, showStandby } from './hakem.js';
import { loadHall, fullName, followHall } from './hall.js';
import { resultsSheet } from './results.js';

frame('Arbiter');
const page = document.getElementById('page');
const q = new URLSearchParams(location.search);
// required marks inputs as required fields.
const required = (attrs) => ({ ...attrs, required: true, 'aria-required': 'true' });

// complete says whether every required field [input, what] is filled in;
// if not, msg says what is missing (a ruling cites its grounds), the empty
// inputs are marked invalid and the first gets the focus: the form then
// sends nothing.
function complete(msg, what, fields) {
  const missing = fields.filter(([input]) => !input.value.trim());
  for (const [input] of fields) input.setAttribute('aria-invalid', String(!input.value.trim()));
  if (!missing.length) return true;
  msg.className = 'error';
  msg.textContent = `${what}: state ${missing.map(([, w]) => w).join(' and ')}: a ruling cites its grounds.`;
  missing[0][0].focus();
  return false;
}

// lab labels an input (<label for>) with text.
const lab = (input, text) => [el('label', { for: input.id }, text), input];
// art is the article an action applies, shown beside it.
const art = (a) => el('span', { class: 'art muted' }, `Art. ${a}`);
// nameOf is a player's name from the tournament (the id without one).
const nameOf = (pid) => playerNames.get(pid) || pid;

const key = () => (self.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

async function chooser() {
  let list = [];
  try { list = (await api('/api/web/tournaments')).tournaments; } catch { /* none */ }
  const gameInput = el('input', { name: 'game', id: 'game-id', class: 'wide', placeholder: 'game id' });
  fill(page, el('h1', {}, "Arbiter's console"),
    el('div', { class: 'card' }, el('h2', {}, 'A tournament'),
      list.length ? el('ul', {}, list.map((t) => el('li', {}, el('a', { href: `/console?t=${encodeURIComponent(t.id)}` }, t.tournament.name || t.id)))) : el('p', { class: 'muted' }, 'No tournament yet.')),
    el('form', { class: 'card', action: '/console', method: 'get' }, el('h2', {}, 'A game'), el('div', { class: 'actions' }, ...lab(gameInput, 'Game id'), el('button', { class: 'primary' }, 'Open'))));
}

const games = new Map(); // id -> state
let selected = null;
const arbiterInput = el('input', { id: 'arbiter', value: localStorage.getItem('hakem-arbiter') || 'arbiter', title: 'your arbiter id, recorded as the actor' });
arbiterInput.addEventListener('change', () => localStorage.setItem('hakem-arbiter', arbiterInput.value));
// The access token (HTTP authorisation): needed to act when the server runs
// with tokens; kept in this tab's session storage only, never in the page.
const tokenInput = el('input', { id: 'token', type: 'password', autocomplete: 'off', title: 'your access token, when the server requires one (kept for this tab only)' });
tokenInput.value = token(); // the property, not an attribute: the token stays out of the document
tokenInput.addEventListener('change', () => { setToken(tokenInput.value.trim()); showAccess(); });
const attention = el('ul', { id: 'attention', class: 'log' });
const gameList = el('div', { id: 'games', class: 'lines' });
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
      case 'arbiter.forfeit_declared': case 'clock.control_changed': case 'arbiter.replay_ordered':
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
  fill(attention, ...(items.length ? items : [el('li', { class: 'muted' }, 'Nothing pending.')]));
  const sorted = [...games.values()].filter(shown).sort((a, b) => urgency(a) - urgency(b) || (a.board || 0) - (b.board || 0));
  fill(gameList, ...sorted.map((st) => el('button', {
    type: 'button', class: `line u${urgency(st)}`, 'data-game': st.id, 'aria-pressed': String(st.id === selected), onclick: () => select(st.id),
  }, el('strong', {}, st.label), ' ', el('span', { class: 'result' }, st.result), ' ',
  el('span', { class: 'mini', 'data-game': st.id, title: 'White\u2019s clock, Black\u2019s clock' }, el('span', { class: 'mc', 'data-side': 'white' }, '–'), ' · ', el('span', { class: 'mc', 'data-side': 'black' }, '–')),
  el('span', { class: 'muted' }, ` · ${st.ply || 0} plies`),
  st.pending.length ? el('span', { class: 'tag pending' }, `${st.pending.length} pending`) : null,
  st.flags.length ? el('span', { class: 'tag flag' }, 'flag') : null,
  st.paused ? el('span', { class: 'tag clock' }, 'paused') : null,
  st.incidents.length ? el('span', { class: 'tag ruling', title: 'incidents recorded' }, `\u2691 ${st.incidents.length}`) : null)));
  paintClocks();
  drawRound();
  if (selected) drawDetail(games.get(selected));
}

// The clocks of the list: both clocks of every board (GET /api/web/clocks,
// read again after a clock event of a board, a burst at once), ticking
// here between readings.
const readings = new Map(); // game id -> { clock, paused, got }
const dirty = new Set();
let clockTimer = null;
function readClocks(ids) {
  for (const id of ids) dirty.add(id);
  if (clockTimer) return;
  clockTimer = setTimeout(async () => {
    clockTimer = null;
    const batch = [...dirty];
    dirty.clear();
    for (let i = 0; i < batch.length; i += 128) {
      const part = batch.slice(i, i + 128);
      try {
        const a = await api('/api/web/clocks?' + part.map((g) => 'game=' + encodeURIComponent(g)).join('&'));
        const got = performance.now();
        for (const [id, c] of Object.entries(a.games || {})) readings.set(id, { ...c, got });
      } catch { for (const id of part) dirty.add(id); }
    }
    paintClocks();
  }, 200);
}
function paintClocks() {
  for (const box of gameList.querySelectorAll('.mini[data-game]')) {
    const rd = readings.get(box.dataset.game);
    for (const span of box.querySelectorAll('.mc')) {
      const side = span.dataset.side;
      const c = rd && rd.clock && rd.clock[side];
      if (!c) { span.textContent = `${side === 'white' ? 'W' : 'B'} –`; span.className = 'mc'; continue; }
      let ms = c.remaining_ms;
      if (c.running) ms -= performance.now() - rd.got;
      span.textContent = `${side === 'white' ? 'W' : 'B'} ${fmtClock(Math.max(0, ms))}`;
      span.dataset.ms = String(Math.max(0, Math.round(ms)));
      span.className = 'mc' + (c.running ? ' running' : '') + (c.flagged || (c.running && ms <= 0) ? ' flagged' : '');
    }
  }
}
setInterval(paintClocks, 500);

let detailFor = null;
let clock = null;
const parts = {};
function drawDetail(st) {
  if (detailFor !== st.id) {
    detailFor = st.id;
    const c = st.created || {};
    parts.board = el('div', {});
    parts.white = clockBox('white', nameOf(c.white));
    parts.black = clockBox('black', nameOf(c.black));
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
    parts.start = el('button', { id: 'start', type: 'button', onclick: () => run('Start', 'start', {}) }, 'Start clocks');
    parts.pause = el('button', { id: 'pause', type: 'button', onclick: () => run('Pause', 'pause', { reason: pauseReason.value }) }, 'Pause clocks');
    parts.resume = el('button', { id: 'resume', type: 'button', onclick: () => run('Resume', 'resume', {}) }, 'Resume');
    const adjust = el('button', { id: 'adjust', type: 'button', onclick: () => {
      if (!complete(parts.msg, 'Adjust', [[reason, 'the reason'], [article, 'the article applied']])) return;
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
    // The judgement of an increment request (2023 Guidelines III.4): the
    // opponent accepts the draw it offers, or refuses it and the arbiter
    // grants the increment (two minutes to the opponent, five seconds a
    // move from then on) or refuses the request.
    const incJudgement = el('select', { id: 'increment-judgement' }, [['grant', 'Grant (draw refused)'], ['draw', 'Draw (accepted)'], ['refuse', 'Refuse the request']].map(([v, t]) => el('option', { value: v }, t)));
    parts.judgeIncrement = el('button', { id: 'judge-increment', type: 'button', onclick: () => rule('Increment request', { matter: 'increment_request', judgement: incJudgement.value }) }, 'Judge increment request');
    parts.increment = el('div', { class: 'actions', id: 'increment-form', hidden: true }, ...lab(incJudgement, 'Increment judgement'), parts.judgeIncrement, art('Guidelines III.4'));
    // A result correction: a score, or a forfeit found after the fact (the
    // game counted as not played); no article decides it, so reason and
    // article are the arbiter's and both required.
    const overResult = el('select', { id: 'correct-value' }, [['1-0'], ['0-1'], ['1/2-1/2'], ['+/-', 'forfeit, White wins'], ['-/+', 'forfeit, Black wins'], ['-/-', 'double forfeit']].map(([r, t]) => el('option', { value: r, title: resultText(r) }, t ? `${r} (${t})` : r)));
    const overReason = el('input', required({ id: 'correct-reason', class: 'wide', placeholder: 'reason for the correction (required)' }));
    const overArticle = el('input', required({ id: 'correct-article', placeholder: 'article (required)', value: '' }));
    parts.correct = el('button', { id: 'correct-result', type: 'button', onclick: () => {
      if (!complete(parts.msg, 'Correct result', [[overReason, 'the reason'], [overArticle, 'the article applied']])) return;
      rule('Correct result', { matter: 'result_override', result: overResult.value, reason: overReason.value.trim(), article: overArticle.value.trim() });
    } }, 'Correct result');
    // Both players at fault (2023 11.8, 1997 12.8): both lose; the article
    // is the Laws', the reason (what the players did) the arbiter's.
    const bothReason = el('input', required({ id: 'both-reason', class: 'wide', placeholder: 'what both players did (required)' }));
    parts.both = el('button', { id: 'both-at-fault', type: 'button', onclick: () => {
      if (!complete(parts.msg, 'Both at fault', [[bothReason, 'what the players did']])) return;
      rule('Both at fault', { matter: 'both_at_fault', reason: bothReason.value.trim() });
    } }, 'Both lose');
    const offender = sides('illegal-offender');
    const illegalMove = el('input', { id: 'illegal-move', placeholder: 'move seen on the board' });
    parts.illegal = el('button', { id: 'report-illegal', type: 'button', onclick: () => run('Illegal move', '/illegal-moves', { offender: offender.value, move: illegalMove.value, reported_by: 'arbiter' }) }, 'Illegal move');
    const penSide = sides('penalty-side');
    const penKind = el('select', { id: 'penalty-kind' }, [['warning', 'Warning'], ['time_to_opponent', 'Time to the opponent'], ['time_off', 'Time off'],
      ['opponent_points_to_maximum', "Opponent's points to the maximum (2023 12.9.4)"], ['offender_points_reduced', 'Points reduced (2023 12.9.5)'],
      ['loss', 'Loss of the game'], ['fine', 'Fine announced in advance (2023 12.9.7)'], ['exclusion', 'Exclusion from rounds (2023 12.9.8)'],
      ['expulsion', 'Expulsion']].map(([v, t]) => el('option', { value: v }, t)));
    const penSecs = el('input', { id: 'penalty-seconds', type: 'number', step: '1', value: '0', title: 'seconds, for time penalties' });
    const penReason = el('input', { id: 'penalty-reason', class: 'wide', placeholder: 'offence' });
    // the points taken (12.9.5) or, after a loss, the opponent's score the
    // arbiter decides (2023 12.9.6; empty: the opponent wins); the fine as
    // announced (12.9.7); the rounds of an exclusion (12.9.8)
    const penPoints = el('input', { id: 'penalty-points', type: 'number', step: '0.5', min: '0', title: "points taken (12.9.5), or the opponent's score after a loss (2023 12.9.6)" });
    const penFine = el('input', { id: 'penalty-fine', placeholder: 'the fine as announced' });
    const penRounds = el('input', { id: 'penalty-rounds', placeholder: 'rounds, e.g. 4, 5' });
    parts.penalize = el('button', { id: 'penalize', type: 'button', onclick: () => {
      const body = { matter: 'penalty', side: penSide.value, penalty: penKind.value, amount_ms: Math.round(+penSecs.value * 1000), reason: penReason.value };
      if (penKind.value === 'offender_points_reduced') body.points = +penPoints.value;
      if (penKind.value === 'loss' && penPoints.value !== '') body.opponent_points = +penPoints.value;
      if (penKind.value === 'fine') body.fine = penFine.value.trim();
      if (penKind.value === 'exclusion') body.excluded_rounds = penRounds.value.split(/[\s,]+/).filter(Boolean).map(Number);
      rule('Penalty', body);
    } }, 'Penalise');
    const lateSide = sides('late-side');
    const lateMins = el('input', { id: 'late-minutes', type: 'number', step: '1', value: '0' });
    parts.late = el('button', { id: 'late-arrival', type: 'button', onclick: () => rule('Late arrival', { matter: 'late_arrival', side: lateSide.value, lateness_ms: Math.round(+lateMins.value * 60000) }) }, 'Late arrival');
    // the reason is optional: the server records the article's own words
    const annulReason = el('input', { id: 'wrong-position-reason', class: 'wide', placeholder: 'what was wrong (optional)' });
    parts.annul = el('button', { id: 'wrong-position', type: 'button', onclick: () => rule('Wrong initial position', annulReason.value.trim() ? { matter: 'wrong_initial_position', reason: annulReason.value.trim() } : { matter: 'wrong_initial_position' }) }, 'Wrong initial position');
    fill(detail, 
      el('h2', {}, st.label, ' ', el('a', { href: `/games/${encodeURIComponent(st.id)}` }, 'live'), ' · ', el('a', { href: `/replay/${encodeURIComponent(st.id)}` }, 'replay')),
      el('div', { class: 'cols' },
        el('div', { class: 'boardcol' }, parts.black, parts.board, parts.white),
        el('div', {},
          el('fieldset', {}, el('legend', {}, 'Clocks (Art. 6.11, 6.12)'),
            el('div', { class: 'actions' }, parts.start, art('6.5 (the arbiter starts the clocks)')),
            el('div', { class: 'actions' }, ...lab(pauseReason, 'Reason for stopping'), parts.pause, parts.resume, art('6.11.1, 6.12')),
            el('div', { class: 'actions' }, ...lab(side, 'Side'), ...lab(secs, 'Seconds'), ...lab(reason, 'Reason'), ...lab(article, 'Article'), adjust, art('6.10.2, 6.11.2'))),
          el('fieldset', {}, el('legend', {}, 'Claims and results'),
            el('div', { class: 'actions' }, parts.ruleClaim, art('9.2, 9.3')),
            el('div', { class: 'actions' }, ...lab(overResult, 'Corrected result'), ...lab(overReason, 'Reason'), ...lab(overArticle, 'Article'), parts.correct, art('the arbiter\u2019s (required)')),
            el('div', { class: 'actions' }, ...lab(qpJudgement, 'Quickplay judgement'), el('label', {}, qpAddTime, ' +2 min to the opponent'), parts.judgeQuickplay, art('Guidelines III.5 / 1997 10.2')),
            parts.increment,
            el('p', { class: 'note' }, 'The arbiter service rules on draw claims and flag falls itself, at once, by the game\'s laws profile; "Rule on claim" has it rule on a claim still pending after 10 s (the service was down). A quickplay-finish claim or an increment request the Laws admit waits for your judgement. A result correction needs a finished game, its reason and its article; +/-, -/+ and -/- are forfeits found after the fact (the game counts as not played).')),
          el('fieldset', {}, el('legend', {}, 'Illegal moves and penalties (Art. 7.5, 12.9)'),
            el('div', { class: 'actions' }, ...lab(offender, 'Offender'), ...lab(illegalMove, 'Move seen'), parts.illegal, art('7.5')),
            el('div', { class: 'actions' }, ...lab(penSide, 'Side'), ...lab(penKind, 'Penalty'), ...lab(penSecs, 'Seconds'), ...lab(penPoints, 'Points'), ...lab(penFine, 'Fine'), ...lab(penRounds, 'Rounds'), ...lab(penReason, 'Offence'), parts.penalize, art('12.9')),
            el('div', { class: 'actions' }, ...lab(lateSide, 'Side'), ...lab(lateMins, 'Minutes late'), parts.late, art('6.7')),
            el('div', { class: 'actions' }, ...lab(annulReason, 'What was wrong'), parts.annul, art('7.2')),
            el('div', { class: 'actions' }, ...lab(bothReason, 'Both players at fault: what they did'), parts.both, art('11.8 / 1997 12.8'))),
          parts.msg)),
      el('h2', {}, 'Claims, flags, rulings and incidents'), parts.log);
  }
  renderBoard(parts.board, st.fen || (st.created && st.created.start_fen) || null, st.uci);
  clock.paused = st.paused;
  parts.start.disabled = st.started || st.result !== '*' || st.annulled;
  parts.pause.disabled = st.paused || st.result !== '*' || !st.started;
  parts.resume.disabled = !st.paused || st.result !== '*';
  const over = st.result !== '*' || st.annulled;
  const judged = new Set(['quickplay_finish', 'increment_request']); // the arbiter's judgement, not the Laws'
  const claim = st.pending.find((e) => e.type === 'game.draw_claimed' && !judged.has(e.data.reason));
  const quickplay = st.pending.find((e) => e.type === 'game.draw_claimed' && e.data.reason === 'quickplay_finish');
  const increment = st.pending.find((e) => e.type === 'game.draw_claimed' && e.data.reason === 'increment_request');
  parts.increment.hidden = over || !increment;
  parts.judgeIncrement.disabled = over || !increment;
  parts.ruleClaim.disabled = over || !claim || Date.now() - Date.parse(claim.recorded_at) < 10000;
  parts.judgeQuickplay.disabled = over || !quickplay;
  parts.correct.disabled = st.result === '*' && !st.annulled;
  for (const b of [parts.illegal, parts.penalize, parts.late, parts.annul, parts.both]) b.disabled = over;
  fill(parts.log, ...(st.incidents.length ? [...st.incidents].reverse().map(logItem) : [el('li', { class: 'muted' }, 'No incident.')]));
}

// expulsions is a tournament's expulsion form (POST
// /api/tournaments/{id}/expulsions: the player is not paired from the next
// round on) and the expulsions recorded. The reason is required; the
// article may be left to the server (the laws profile's penalties article).
function expulsions(t) {
  const id = t.id || q.get('t');
  const players = t.players || [];
  const log = el('ul', { class: 'log', id: 'tournament-log' });
  const msg = el('p', { id: 'expel-message', role: 'status' });
  const player = el('select', { id: 'expel-player' }, players.map((p) => el('option', { value: p.player_id }, p.name || p.player_id)));
  const reason = el('input', required({ id: 'expel-reason', class: 'wide', placeholder: 'reason (required)' }));
  const article = el('input', { id: 'expel-article', placeholder: 'article (default: the profile\'s penalties article)' });
  const expelled = new Set();
  const show = (events) => {
    for (const e of events) {
      if (e.type !== 'arbiter.player_expelled' || log.querySelector(`li[data-id="${CSS.escape(e.id || '')}"]`)) continue;
      expelled.add(e.data.player_id);
      const li = logItem(e);
      li.dataset.id = e.id || '';
      log.prepend(li);
    }
    for (const o of player.options) o.disabled = expelled.has(o.value);
    if (!log.children.length) fill(log, el('li', { class: 'muted' }, 'No expulsion.'));
    else for (const li of [...log.children]) if (li.classList.contains('muted')) li.remove();
  };
  const button = el('button', { id: 'expel', type: 'button', onclick: async () => {
    if (!complete(msg, 'Expel', [[reason, 'the reason']])) return;
    if (expelled.has(player.value)) { msg.className = 'error'; msg.textContent = `Expel: ${player.value} is already expelled.`; return; }
    msg.className = '';
    msg.textContent = 'Expel…';
    try {
      const body = { player_id: player.value, reason: reason.value.trim(), by: arbiterInput.value || 'arbiter', idempotency_key: key() };
      if (article.value.trim()) body.article = article.value.trim();
      const a = await api(`/api/tournaments/${encodeURIComponent(id)}/expulsions`, body);
      show(a.events || []);
      msg.textContent = 'Expel: done.';
    } catch (e) {
      msg.className = 'error';
      msg.textContent = `Expel: ${e.message}`;
    }
  } }, 'Expel player');
  show([]);
  // the expulsions already recorded (the tournament's log, read once)
  fetch(`/api/tournaments/${encodeURIComponent(id)}/events?follow=false`).then((r) => (r.ok ? r.text() : '')).then((text) => {
    show(text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)));
  }).catch(() => { /* the form still works */ });
  return el('section', { id: 'tournament-arbiter' }, el('fieldset', {}, el('legend', {}, 'Expulsion from the tournament'),
    el('div', { class: 'actions' }, ...lab(player, 'Player'), ...lab(reason, 'Reason'), ...lab(article, 'Article'), button, art('12.9.7 / the profile\u2019s')), msg, log));
}

// shortcuts lists the console's keys.
function shortcuts() {
  const keys = [['1 0 = + -', 'in the results sheet: 1-0, 0-1, ½-½, +/-, -/+ (then the next board)'], ['Backspace', 'clears a result'],
    ['\u2191 \u2193', 'the previous, the next board of the sheet'], ['Enter', 'posts the results sheet'], ['j / k', 'the next, the previous board of the list'], ['p', 'pause the selected board\u2019s clocks'], ['r', 'resume them']];
  return el('section', { id: 'shortcuts', 'aria-labelledby': 'shortcuts-title' }, el('h2', { id: 'shortcuts-title' }, 'Keyboard shortcuts'),
    el('dl', { class: 'keys' }, keys.flatMap(([k, what]) => [el('dt', {}, el('kbd', {}, k)), el('dd', {}, what)])));
}

// The round the list shows (0: every game); rounds are the tournament's
// as paired (the arbiter sees a round before it is published).
let shownRound = 0;
let rounds = [];
const shown = (st) => !shownRound || !st.round || st.round === shownRound; // a game chosen by ?game= always
const roundPick = el('select', { id: 'round-select' });
roundPick.addEventListener('change', () => { shownRound = +roundPick.value; draw(); });
const roundMsg = el('p', { id: 'round-message', role: 'status' });
const startRound = el('button', { id: 'start-round', type: 'button', onclick: () => startClocks() }, 'Start clocks');
const roundBar = el('div', { class: 'actions', id: 'round-bar' }, el('label', { for: 'round-select' }, 'Round'), roundPick, startRound, art('6.5 (the arbiter starts the clocks)'));

// toStart are the boards of the round shown whose clocks have not started.
const toStart = () => [...games.values()].filter((st) => shown(st) && st.round && !st.started && st.result === '*' && !st.annulled && st.events.length);

// drawRound keeps the round selector and the start button up to date.
function drawRound() {
  const want = [['0', 'Every round']].concat(rounds.map((r) => [String(r.round), `Round ${r.round}`]));
  if (roundPick.options.length !== want.length) fill(roundPick, ...want.map(([v, t]) => el('option', { value: v }, t)));
  roundPick.value = String(shownRound);
  const n = toStart().length;
  startRound.disabled = n === 0 || !shownRound;
  startRound.textContent = shownRound ? `Start clocks of round ${shownRound} (${n})` : 'Start clocks (choose a round)';
}

// startClocks starts the clocks of every board of the round shown not yet
// started (POST /api/games/{id}/clock/start each, as the arbiter).
async function startClocks() {
  const boards = toStart();
  if (!boards.length) return;
  startRound.disabled = true;
  roundMsg.className = '';
  roundMsg.textContent = `Starting ${boards.length} clocks…`;
  const failed = [];
  await Promise.all(boards.map(async (st) => {
    try {
      await api(`/api/games/${encodeURIComponent(st.id)}/clock/start`, { by: arbiterInput.value || 'arbiter', idempotency_key: key() });
    } catch (e) { failed.push(`${st.label}: ${e.message}`); }
  }));
  roundMsg.className = failed.length ? 'error' : '';
  roundMsg.textContent = `Start clocks of round ${shownRound}: ${boards.length - failed.length} of ${boards.length} started.` + (failed.length ? ' Refused: ' + failed.join('; ') : '');
  drawRound();
}

// urgency orders the boards: what needs the arbiter first.
function urgency(st) {
  if (st.pending.length) return 0;
  if (st.flags.length && st.result === '*') return 1;
  if (st.paused) return 2;
  if (st.result === '*' && !st.annulled) return 3;
  return 4;
}

// the list's keys: j/k move the selection, p/r pause and resume
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement || e.ctrlKey || e.metaKey || e.altKey) return;
  const order = [...gameList.querySelectorAll('[data-game]')].map((b) => b.dataset.game);
  const i = order.indexOf(selected);
  if (e.key === 'j' && order.length) select(order[Math.min(order.length - 1, i + 1)]);
  else if (e.key === 'k' && order.length) select(order[Math.max(0, i - 1)]);
  else if (e.key === 'p' && parts.pause && !parts.pause.disabled) parts.pause.click();
  else if (e.key === 'r' && parts.resume && !parts.resume.disabled) parts.resume.click();
});

function select(id) {
  selected = id;
  draw();
}

// who is a line saying who the console acts as (GET /api/web/access).
const who = el('p', { id: 'access', class: 'note', role: 'status' });
async function showAccess() {
  try {
    const a = await api('/api/web/access');
    if (!a.authorisation) who.textContent = 'Authorisation is off on this server: every command is accepted (a loopback demo).';
    else if (!a.signed_in) who.textContent = 'No valid access token: commands will be refused (401).';
    else who.textContent = `Acting as ${a.role} ${a.subject}` + (a.tournaments.length ? ` (tournaments: ${a.tournaments.join(', ')})` : '') + `; ${a.commands.length} kinds of command allowed.`;
  } catch (e) { who.textContent = `Access: ${e.message}`; }
}

// addRound puts a round's boards (and the replays ordered in place of
// annulled games) among the games followed; it returns whether any was new.
function addRound(r, labels) {
  let added = false;
  for (const b of r.boards || []) {
    const add = (id, label) => {
      if (games.has(id)) { Object.assign(games.get(id), { label, round: r.round, board: b.board }); return; }
      games.set(id, { id, label, round: r.round, board: b.board, events: [], pending: [], incidents: [], flags: [], result: '*' });
      added = true;
    };
    const label = `R${r.round} B${b.board} ${nameOf(b.white)} – ${nameOf(b.black)}`;
    labels.set(b.game_id, label);
    add(b.game_id, label);
    if (b.replay_game_id) add(b.replay_game_id, `R${r.round} B${b.board} replay ${nameOf(b.white)} – ${nameOf(b.black)}`);
  }
  return added;
}

async function run() {
  let ids = q.getAll('game');
  let title = "Arbiter's console";
  const labels = new Map();
  let tournament = null;
  let hall = null;
  for (const id of ids) games.set(id, { id, label: id, events: [], pending: [], incidents: [], flags: [], result: '*' });
  if (q.get('t')) {
    const t = await api(`/api/tournaments/${encodeURIComponent(q.get('t'))}`);
    tournament = t;
    title = `Arbiter — ${t.tournament.name || t.id}`;
    try {
      hall = await loadHall(t.id);
      for (const p of hall.players) playerNames.set(p.player_id, fullName(p));
    } catch (e) { /* the ids stand */ }
    rounds = t.rounds || [];
    for (const r of rounds) addRound(r, labels);
    shownRound = rounds.length ? rounds[rounds.length - 1].round : 0;
  }
  if (games.size === 0 && !tournament) return chooser();
  selected = [...games.values()].filter(shown).map((g) => g.id).pop() || null;
  const sheet = el('div', { id: 'sheet' });
  let sheetRound = 0;
  const drawSheet = (h) => {
    if (!h || !h.rounds.length) return;
    const r = h.rounds[h.rounds.length - 1];
    if (r.round === sheetRound) return; // the arbiter may be typing in it
    sheetRound = r.round;
    fill(sheet, resultsSheet(h, r, { key, by: () => arbiterInput.value || 'arbiter' }));
  };
  drawSheet(hall);
  fill(page, el('h1', {}, title),
    el('div', { class: 'actions' }, el('label', { for: 'arbiter' }, 'Arbiter id'), arbiterInput, el('label', { for: 'token' }, 'Access token'), tokenInput), who,
    el('h2', {}, 'Needs the arbiter'), attention,
    el('h2', {}, 'Boards'), tournament ? roundBar : '', roundMsg,
    el('p', { class: 'note' }, 'What needs the arbiter first: a pending claim or report, a flag, stopped clocks; then the games in play; the finished last. Each line: both clocks, White\u2019s then Black\u2019s.'), gameList,
    detail, sheet,
    tournament ? expulsions(tournament) : '', shortcuts());
  showAccess();
  showStandby(); // on a standby, said before the arbiter enters anything
  draw();
  const onEvent = (e) => {
    const gid = e.aggregate && e.aggregate.id;
    const st = games.get(gid);
    if (!st) {
      // a new round's board, streamed before the console read the round:
      // kept until addRound lists it
      if (gid && early.size < 512) early.set(gid, [...(early.get(gid) || []), e]);
      return;
    }
    if (st.events.some((x) => x.seq === e.seq)) return;
    st.events.push(e);
    st.events.sort((a, b) => a.seq - b.seq);
    fold(st);
    if (CLOCK_EVENTS.has(e.type) || e.type === 'game.created') readClocks([st.id]);
    if (clock && st.id === selected && CLOCK_EVENTS.has(e.type)) clock.sync();
    redraw();
  };
  const early = new Map(); // game id -> its events streamed before its round was read
  readClocks([...games.keys()]);
  // games chosen by ?game= (outside the tournament's rounds): their events
  // as one stream
  const chosen = [...games.values()].filter((st) => !st.round).map((st) => st.id).slice(-128);
  if (chosen.length) {
    const url = () => '/api/web/live?' + chosen.map((g) => 'game=' + encodeURIComponent(g)).join('&');
    stream(url(), onEvent, { resume: url });
  }
  if (!tournament) return;
  // a new round, paired or published, appears without a reload: its
  // boards join the list (shown when the arbiter was on the last round)
  // and the games' stream, and the results sheet is the new round's
  // one connection for the tournament and every round's boards (a browser
  // opens at most six to a host, shared by its tabs)
  followHall(tournament.id, async (h) => {
    try {
      hall = h;
      for (const p of h.players) playerNames.set(p.player_id, fullName(p));
      drawSheet(h);
    } catch (e) { console.error('console: the hall', e); }
    try {
      const t = await api(`/api/tournaments/${encodeURIComponent(tournament.id)}`);
      const last = rounds.length ? rounds[rounds.length - 1].round : 0;
      rounds = t.rounds || [];
      let added = false;
      for (const r of rounds) added = addRound(r, labels) || added;
      for (const [gid, evs] of early) {
        if (!games.has(gid)) continue;
        early.delete(gid);
        for (const e of evs) onEvent(e);
      }
      if (added) {
        if (shownRound === last && rounds.length) shownRound = rounds[rounds.length - 1].round;
        readClocks([...games.keys()]);
      }
      redraw();
    } catch (e) { console.error('console: the rounds', e); }
  }, { onGameEvent: onEvent, allBoards: true });
}

// a claim left pending becomes rulable from the console after a while
setInterval(() => { if (selected && games.get(selected).pending.length) redraw(); }, 2000);

run().catch((e) => showError(page, e));
