package embedded

import (
	"slices"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
)

// orderedAcks lets each user that may create consumers on a stream (the
// clock watcher's and the gateway's ordered consumers, and the
// in-process user that holds their rights) publish on that stream's
// acknowledgement subjects, "$JS.ACK.<stream>.>", except the consumer
// groups' it does not acknowledge already (denied by name, deny winning
// over allow).
//
// Why: a user with allow_responses may publish once on the reply subject
// of each message delivered to it, so nats-server remembers every such
// reply subject it may not publish on already, for the response
// permission's expiry (two minutes by default). An ordered consumer does
// not acknowledge, but each message it delivers still carries its
// "$JS.ACK.<stream>.<consumer>..." reply subject: every event the clock
// watcher and the witness read was kept that way, some 27 MB of the
// server's heap at the peak of a 2,000-board round. An acknowledgement
// sent to an ordered consumer (AckNone) changes nothing; the groups'
// acknowledgements stay each service's own.
func orderedAcks(users []*server.User) {
	// the groups' acknowledgement subjects, "$JS.ACK.<stream>.<group>.>",
	// by stream, as any user is allowed them
	groups := map[string][]string{}
	for _, u := range users {
		for _, s := range allowed(u) {
			if stream, group, ok := groupAck(s); ok && !slices.Contains(groups[stream], group) {
				groups[stream] = append(groups[stream], group)
			}
		}
	}
	for _, u := range users {
		allow := allowed(u)
		for stream, names := range groups {
			if !slices.Contains(allow, "$JS.API.CONSUMER.CREATE."+stream+".*") {
				continue
			}
			p := u.Permissions.Publish
			p.Allow = appendNew(p.Allow, "$JS.ACK."+stream+".>")
			for _, g := range names {
				if own := "$JS.ACK." + stream + "." + g + ".>"; !slices.Contains(allow, own) {
					p.Deny = appendNew(p.Deny, own)
				}
			}
		}
	}
}

// allowed is the user's publish allow list (nil for none).
func allowed(u *server.User) []string {
	if u.Permissions == nil || u.Permissions.Publish == nil {
		return nil
	}
	return u.Permissions.Publish.Allow
}

// groupAck splits "$JS.ACK.<stream>.<group>.>" (a named consumer's
// acknowledgements); false for any other subject.
func groupAck(s string) (stream, group string, ok bool) {
	rest, ok := strings.CutPrefix(s, "$JS.ACK.")
	if !ok {
		return "", "", false
	}
	t := strings.Split(rest, ".")
	if len(t) != 3 || t[2] != ">" || strings.ContainsAny(t[0]+t[1], "*>") {
		return "", "", false
	}
	return t[0], t[1], true
}
