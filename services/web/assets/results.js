// The round's results sheet of the arbiter's console: one line a board,
// keyboard first — 1 (1-0), 0 (0-1), = (½-½), + (+/-, White wins by
// forfeit), - (-/+, Black wins by forfeit), Backspace clears, the arrow
// keys move, Enter posts — posted to POST
// /api/tournaments/{id}/rounds/{n}/results as
// {"results":[{"white":12,"black":3,"result":"1-0"}]} (start numbers).
import { api, el } from './hakem.js';
import { fmtPoints } from './hall.js';

// KEYS are the results sheet's keys and the result each enters.
export const KEYS = { 1: '1-0', 0: '0-1', '=': '1/2-1/2', '+': '+/-', '-': '-/+' };
const SHOWN = { '1-0': '1-0', '0-1': '0-1', '1/2-1/2': '½-½', '+/-': '+/-', '-/+': '-/+' };

// resultsBody is the request body of the lines entered (start numbers).
export function resultsBody(lines) {
  return { results: lines.filter((l) => l.result).map((l) => ({ white: l.white, black: l.black, result: l.result })) };
}

// resultsSheet builds the sheet of round r of hall h (the hall read);
// key() gives each post its idempotency key, by() the arbiter's id.
export function resultsSheet(h, r, { key, by }) {
  const msg = el('p', { id: 'results-message', role: 'status' });
  const lines = r.boards.map((b) => ({ board: b.board, white: b.white, black: b.black, result: '', recorded: b.result && b.result !== '*' ? b.score : '' }));
  const preview = el('pre', { id: 'results-body', class: 'note' });
  const inputs = [];
  const show = () => { preview.textContent = JSON.stringify(resultsBody(lines)); };
  const name = (no) => { const p = h.byNo.get(no); return p ? `${p.no} ${p.name}` : String(no); };
  const rows = lines.map((l, i) => {
    const input = el('input', { id: `result-${l.board}`, class: 'result-key', size: 4, autocomplete: 'off', inputmode: 'none', readonly: true, 'data-board': l.board, value: '' });
    input.addEventListener('keydown', (e) => {
      if (e.key in KEYS) {
        e.preventDefault();
        l.result = KEYS[e.key];
        input.value = SHOWN[l.result];
        show();
        (inputs[i + 1] || post).focus();
      } else if (e.key === 'Backspace' || e.key === 'Delete') {
        e.preventDefault();
        l.result = ''; input.value = ''; show();
      } else if (e.key === 'ArrowDown') { e.preventDefault(); (inputs[i + 1] || input).focus(); }
      else if (e.key === 'ArrowUp') { e.preventDefault(); (inputs[i - 1] || input).focus(); }
      else if (e.key === 'Enter') { e.preventDefault(); send(); }
      else if (e.key.length === 1) e.preventDefault(); // only the result keys write
    });
    inputs.push(input);
    return el('tr', { 'data-board': l.board },
      el('td', { class: 'num' }, String(l.board)),
      el('td', { class: 'who' }, name(l.white)),
      el('td', {}, el('label', { for: input.id, class: 'sr' }, `Result of board ${l.board}`), input),
      el('td', { class: 'who' }, name(l.black)),
      el('td', { class: 'muted' }, l.recorded ? `recorded ${l.recorded}` : ''));
  });
  async function send() {
    const body = resultsBody(lines);
    if (!body.results.length) { msg.className = 'error'; msg.textContent = 'Results: enter at least one result (1, 0, =, +, -).'; return; }
    msg.className = ''; msg.textContent = `Posting ${body.results.length} result(s)…`;
    try {
      await api(`/api/tournaments/${encodeURIComponent(h.id)}/rounds/${r.round}/results`, { ...body, by: by(), idempotency_key: key() });
      msg.textContent = `Results of round ${r.round}: recorded.`;
    } catch (e) {
      msg.className = 'error';
      msg.textContent = `Results of round ${r.round}: ${e.message}`;
    }
  }
  const post = el('button', { type: 'button', id: 'post-results', class: 'primary', onclick: send }, `Post round ${r.round}'s results`);
  show();
  const byes = r.byes.map((by) => el('li', {}, `${name(by.no)}: ${by.kind === 'absent' ? 'absent' : 'bye'} (${fmtPoints(by.points)})`));
  return el('section', { id: 'results-sheet', 'aria-labelledby': 'results-title' },
    el('h2', { id: 'results-title' }, `Results sheet — round ${r.round}`),
    el('p', { class: 'note' }, 'One line a board: 1 = 1-0, 0 = 0-1, = = ½-½, + = White wins by forfeit (+/-), - = Black wins by forfeit (-/+); Backspace clears, ↑ ↓ move, Enter posts.'),
    el('table', { class: 'pairings' },
      el('thead', {}, el('tr', {}, el('th', { class: 'num', scope: 'col' }, 'Bd'), el('th', { scope: 'col' }, 'White'), el('th', { scope: 'col' }, 'Result'), el('th', { scope: 'col' }, 'Black'), el('th', { scope: 'col' }, 'Recorded'))),
      el('tbody', {}, rows)),
    byes.length ? el('ul', {}, byes) : null, post, msg,
    el('details', {}, el('summary', {}, 'The request sent'), preview));
}
