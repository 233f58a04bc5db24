// The sign-in of the pages a role may open (the arbiter's console): the
// token goes into the pages' cookie (sent when a page is opened; the API's
// commands never read it) and this tab's storage (the console sends it in
// the Authorization header), then the page is opened again.
import { setToken } from './hakem.js';

const form = document.getElementById('signin');
const input = document.getElementById('signin-token');
form.addEventListener('submit', (e) => {
  e.preventDefault();
  if (!input.value.trim()) { input.setAttribute('aria-invalid', 'true'); input.focus(); return; }
  setToken(input.value.trim());
  location.reload();
});
document.getElementById('signout').addEventListener('click', () => { setToken(''); input.value = ''; input.focus(); });
input.focus();
