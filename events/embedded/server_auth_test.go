package embedded

import (
	"context"
	"errors"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
)

// TestEmbeddedUsers: with users, the embedded server refuses an anonymous
// client and a wrong password, lets the admin administer streams and no
// service user, nor the in-process user, edit or delete one.
func TestEmbeddedUsers(t *testing.T) {
	dir := t.TempDir()
	users, err := LoadOrCreateUsers(dir)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(UsersPath(dir)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("users file: %v %v", fi, err)
	}
	again, err := LoadOrCreateUsers(dir)
	if err != nil || again[AdminUser] != users[AdminUser] {
		t.Fatalf("passwords not kept across starts: %v", err)
	}
	srv, err := StartEmbedded(EmbeddedConfig{Dir: dir, Port: 0, Users: users})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	if nc, err := nats.Connect(srv.ClientURL()); err == nil {
		nc.Close()
		t.Fatal("anonymous client accepted")
	}
	if nc, err := nats.Connect(srv.ClientURL(), nats.UserInfo("games", "nope")); err == nil {
		nc.Close()
		t.Fatal("wrong password accepted")
	}
	ctx := testCtx(t)
	admin, err := srv.Connect(nats.UserInfo(AdminUser, users[AdminUser]))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := eventstore.Open(ctx, admin, eventstore.Config{}); err != nil {
		t.Fatalf("admin cannot provision: %v", err)
	}
	for _, u := range append([]string{InProcessUser}, ServiceUsers...) {
		nc, err := srv.Connect(nats.UserInfo(u, users[u]))
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		short, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		if _, err := eventstore.Open(short, nc, eventstore.Config{}); err == nil {
			t.Errorf("%s may create or update the streams", u)
		}
		cancel()
		if _, err := eventstore.Open(ctx, nc, eventstore.Config{Provisioned: true}); err != nil {
			t.Errorf("%s cannot bind to the streams: %v", u, err)
		}
		resp, err := nc.Request("$JS.API.STREAM.DELETE.GAMES", nil, 500*time.Millisecond)
		if err == nil && !errors.Is(err, nats.ErrNoResponders) && len(resp.Data) > 0 && string(resp.Data[:1]) == "{" && !containsErr(resp.Data) {
			t.Errorf("%s deleted GAMES: %s", u, resp.Data)
		}
		nc.Close()
	}
}

func containsErr(b []byte) bool {
	for i := 0; i+7 <= len(b); i++ {
		if string(b[i:i+7]) == `"error"` {
			return true
		}
	}
	return false
}

func TestPartitionPermissions(t *testing.T) {
	got := withPartitions([]string{"game.*.clocks", "$JS.API.CONSUMER.INFO.GAMES.clocks-penalties", "tournament.*.pairing", "$KV.HAKEM_SEALED.game.*"}, 2)
	want := []string{"game.*.clocks", "$JS.API.CONSUMER.INFO.GAMES.clocks-penalties", "tournament.*.pairing", "$KV.HAKEM_SEALED.game.*",
		"game-0.*.clocks", "game-1.*.clocks", "$JS.API.CONSUMER.INFO.GAMES_0.clocks-penalties", "$JS.API.CONSUMER.INFO.GAMES_1.clocks-penalties"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	if one := withPartitions([]string{"game.*.clocks"}, 1); !reflect.DeepEqual(one, []string{"game.*.clocks"}) {
		t.Fatalf("one partition: %v", one)
	}
}
