package web

import (
	"bytes"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/hakem-chess/hakem/services/authz"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// Who may open which page. Every page but the arbiter's console is public;
// the console is for the arbiters and organisers when the gateway runs with
// tokens (with none it is open to everyone, as the API is). A browser sends
// no Authorization header when it opens a page, so the console's sign-in
// keeps the token in a cookie (tokenCookie) that the pages read and the API
// never does: a command needs the header, so a page of another site cannot
// act with the cookie.

// tokenCookie is the cookie a browser's pages carry the access token in.
const tokenCookie = "hakem_token"

// pageAccess is one page and the roles that may open it.
type pageAccess struct {
	Path  string       `json:"path"`
	Title string       `json:"title"`
	Roles []authz.Role `json:"roles"`
	// Allowed says whether the caller may open it.
	Allowed bool `json:"allowed"`
}

// everyone is the roles of a public page.
var everyone = []authz.Role{authz.Public, authz.Player, authz.Arbiter, authz.Organiser}

// consoleRoles may open the arbiter's console.
var consoleRoles = []authz.Role{authz.Arbiter, authz.Organiser}

// pageList is every page, in the order a menu lists them.
var pageList = []pageAccess{
	{Path: "/", Title: "Tournaments", Roles: everyone},
	{Path: "/tournaments/{id}", Title: "Tournament page: pairings, results, standings, crosstable", Roles: everyone},
	{Path: "/tournaments/{id}/projector", Title: "Projector view for the playing hall", Roles: everyone},
	{Path: "/games/{id}", Title: "Live game", Roles: everyone},
	{Path: "/replay/{id}", Title: "Replay viewer", Roles: everyone},
	{Path: "/console", Title: "Arbiter's console", Roles: consoleRoles},
}

// caller is who asks: the grant of the request's token (the Authorization
// header, checked by the gateway's authorisation, or the pages' cookie),
// and whether authorisation is on.
type caller struct {
	on      bool
	grant   authz.Grant
	token   bool // a valid token was given
	invalid bool // a cookie held a token that is not valid
}

// callerOf reads who asks.
func (p Pages) callerOf(r *http.Request) caller {
	if p.Tokens == nil {
		return caller{grant: authz.Grant{Role: authz.Public}}
	}
	c := caller{on: true, grant: authz.Grant{Role: authz.Public}}
	if g, ok := authz.FromContext(r.Context()); ok {
		c.grant, c.token = g, true
		return c
	}
	if ck, err := r.Cookie(tokenCookie); err == nil && ck.Value != "" {
		v, err := url.QueryUnescape(ck.Value) // the page writes it with encodeURIComponent
		if err != nil {
			v = ck.Value
		}
		if g, ok := p.Tokens.Lookup(v); ok {
			c.grant, c.token = g, true
		} else {
			c.invalid = true
		}
	}
	return c
}

// may says whether the caller may open a page for roles (every page when
// authorisation is off).
func (c caller) may(roles []authz.Role) bool {
	return !c.on || slices.Contains(roles, authz.Public) || slices.Contains(roles, c.grant.Role)
}

// access answers GET /api/web/access: the caller's role, subject and
// tournaments, every page with the roles that may open it and whether the
// caller may, and the commands of the API the caller's role may send (from
// the gateway's policy; the tournament scope is checked per request).
func (p Pages) access(w http.ResponseWriter, r *http.Request) {
	c := p.callerOf(r)
	pages := make([]pageAccess, len(pageList))
	for i, pg := range pageList {
		pg.Allowed = c.may(pg.Roles)
		pages[i] = pg
	}
	commands := []string{}
	for pattern, rule := range authz.Policy {
		if strings.HasPrefix(pattern, "GET ") || pattern == "/api/" {
			continue
		}
		if !c.on || slices.Contains(rule.Roles, authz.Public) || slices.Contains(rule.Roles, c.grant.Role) {
			commands = append(commands, pattern)
		}
	}
	sort.Strings(commands)
	tournaments := c.grant.Tournaments
	if tournaments == nil {
		tournaments = []string{}
	}
	httpjson.Write(w, http.StatusOK, map[string]any{
		"authorisation": c.on, "signed_in": c.token, "token_invalid": c.invalid,
		"role": c.grant.Role, "subject": c.grant.Subject, "tournaments": tournaments,
		"pages": pages, "commands": commands,
	})
}

// consoleAllowed checks the caller may open the console (of tournament t,
// "" for chosen games) and answers the sign-in page if not: 401 without a
// valid token, 403 for a token whose role is not the console's or whose
// scope lacks t.
func (p Pages) consoleAllowed(w http.ResponseWriter, r *http.Request, t string) bool {
	c := p.callerOf(r)
	switch {
	case !c.on:
		return true
	case !c.token && c.invalid:
		signInPage(w, http.StatusUnauthorized, "The access token this browser holds is not valid (any more). Sign in with your token.")
	case !c.token:
		signInPage(w, http.StatusUnauthorized, "The arbiter's console is for the arbiters and organisers: sign in with your access token.")
	case !c.may(consoleRoles):
		signInPage(w, http.StatusForbidden, fmt.Sprintf("The arbiter's console is for the arbiters and organisers; the token this browser holds is %s %s. Sign in with an arbiter's or organiser's token.", c.grant.Role, c.grant.Subject))
	case t != "" && !c.grant.InScope(t):
		signInPage(w, http.StatusForbidden, fmt.Sprintf("Tournament %q is not in the scope of %s %s (%s).", t, c.grant.Role, c.grant.Subject, strings.Join(c.grant.Tournaments, ", ")))
	default:
		return true
	}
	return false
}

// signInPage answers the sign-in page with status and message: a form
// that keeps the token in the pages' cookie and opens the page again.
func signInPage(w http.ResponseWriter, status int, message string) {
	b, err := assets.ReadFile("assets/signin.html")
	if err != nil {
		errorPage(w, status, message)
		return
	}
	b = bytes.Replace(b, []byte("{{status}}"), []byte(fmt.Sprintf("%d %s", status, http.StatusText(status))), 2)
	b = bytes.Replace(b, []byte("{{message}}"), []byte(html.EscapeString(message)), 1)
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="hakem"`)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
