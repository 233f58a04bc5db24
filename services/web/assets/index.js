// The public list of tournaments.
import { api, el, frame, showError } from './hakem.js';

frame('Tournaments');
const page = document.getElementById('page');
try {
  const { tournaments } = await api('/api/web/tournaments');
  const rows = tournaments.map((t) => el('tr', { 'data-id': t.id },
    el('td', {}, el('a', { href: `/tournaments/${encodeURIComponent(t.id)}` }, t.tournament.name || t.id)),
    el('td', {}, t.tournament.system || ''),
    el('td', { class: 'num wide-only' }, t.tournament.rounds ? String(t.tournament.rounds) : ''),
    el('td', {}, t.tournament.time_control || ''),
    el('td', { class: 'wide-only' }, t.tournament.laws_profile || 'fide-2023'),
    el('td', { class: 'muted wide-only' }, new Date(t.created_at).toLocaleDateString())));
  page.replaceChildren(el('h1', {}, 'Tournaments'),
    tournaments.length === 0 ? el('p', { class: 'muted' }, 'No tournament yet.') :
      el('div', { class: 'scroll card' }, el('table', { id: 'tournaments' },
        el('thead', {}, el('tr', {}, el('th', {}, 'Name'), el('th', {}, 'System'), el('th', { class: 'num wide-only' }, 'Rounds'),
          el('th', {}, 'Time control'), el('th', { class: 'wide-only' }, 'Laws'), el('th', { class: 'wide-only' }, 'Created'))),
        el('tbody', {}, rows))));
} catch (e) {
  showError(page, e);
}
