package events

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// samples has one filled-in value of every event type.
var samples = []Event{
	GameCreated{TournamentID: "t1", Round: 1, Board: 2, White: "p1", Black: "p2", TimeControl: "60+1", LawsProfile: "fide-2023", QuickplayFinish: true},
	MovePlayed{Ply: 1, By: White, SAN: "e4", UCI: "e2e4", At: fixedNow(), FENAfter: "x"},
	DrawOffered{By: White, Ply: 21},
	DrawAccepted{By: Black},
	DrawDeclined{By: Black, ByMoving: true},
	DrawClaimed{By: White, Reason: "threefold_repetition", IntendedMove: "Nf3", Ply: 40},
	Resigned{By: Black},
	IllegalMoveReported{Offender: Black, Move: "Ke2", Ply: 12, ReportedBy: "arbiter"},
	GameEnded{Result: "1/2-1/2", Termination: "agreement", Article: "9.1.2", Ply: 80},
	ClockStarted{At: fixedNow(), TimeControl: "60+1", WhiteMs: 60000, BlackMs: 60000},
	ClockPaused{At: fixedNow(), Reason: "incident"},
	ClockResumed{At: fixedNow().Add(time.Minute)},
	TimeAdjusted{Side: White, DeltaMs: 120000, Reason: "incorrect claim by black", Article: "9.5.2"},
	FlagFell{Side: Black, At: fixedNow(), Ply: 77},
	ControlChanged{At: fixedNow(), TimeControl: "110+5", Reason: "increment requested in the quickplay finish", Article: "III.4"},
	RulingGiven{Matter: "draw_claim", Article: "9.5.2", Profile: "fide-2023", Decision: "rejected", Penalty: "time_added_to_opponent"},
	PenaltyImposed{Side: Black, Kind: "time_added_to_opponent", AmountMs: 120000, Article: "9.5.2"},
	ForfeitDeclared{Side: White, Reason: "late_arrival", Article: "6.7.1", Result: "-/+"},
	GameAnnulled{Reason: "wrong colours", Article: "7.3"},
	ResultOverridden{Previous: "1-0", Result: "0-1", Reason: "wrongly reported"},
	ReplayOrdered{ReplayGameID: "g1-replay", Article: "7.2.1", Reason: "rooks and knights swapped"},
	TournamentCreated{Name: "Open", System: "swiss-dutch", Rounds: 7, TimeControl: "5400+30", LawsProfile: "fide-2023",
		PointSystem: PointSystem{"win": 1, "draw": 0.5}, Tiebreaks: []string{"buchholz"}, Rated: true, QuickplayFinish: true},
	PlayerRegistered{PlayerID: "p1", Name: "Capablanca, Jose Raul", Rating: 2725, Federation: "CUB", Title: "GM"},
	PlayerWithdrawn{PlayerID: "p9", FromRound: 4, Reason: "ill"},
	ByeRequested{PlayerID: "p3", Round: 2, Points: 0.5},
	ForbiddenPairSet{PlayerA: "p1", PlayerB: "p2", Reason: "siblings"},
	RoundPaired{Round: 1, Pairings: []Pairing{{Board: 1, White: "p1", Black: "p2", GameID: "g1"}},
		Byes: []Bye{{PlayerID: "p3", Points: 1, Kind: "pairing_allocated"}}, Engine: "dutch", EngineVersion: "1", InputHash: "ab"},
	RoundClosed{Round: 1},
	TournamentFinished{Rounds: 7},
	StandingsUpdated{AfterRound: 1, Standings: []Standing{{Rank: 1, PlayerID: "p1", Points: 1, Tiebreaks: []float64{0.5}}}},
	RatingChangesComputed{AfterRound: 7, System: "fide-elo", Changes: []RatingChange{{PlayerID: "p1", Before: 2725, Change: 3.2, K: 10}}},
	PlayerExpelled{PlayerID: "p4", Article: "12.9.7", Reason: "phone"},
	PlayerExcluded{PlayerID: "p5", Rounds: []int{4, 5}, Article: "12.9.8", Reason: "phone rang"},
	TournamentDeleted{Reason: "created twice"},
	LogRepaired{Voided: []uint64{41, 42}, Found: "does not decode", Reason: "a message published by hand"},
	TournamentLogRepaired{Voided: []uint64{7}, Found: "signature: unsigned", Reason: "an unsigned registration published by hand"},
	LogAttested{Seq: 84, Hash: "4f2a", Reason: AttestationReason},
	TournamentLogAttested{Seq: 12, Hash: "9c01", Reason: AttestationReason},
}

func TestCatalogueRoundTrip(t *testing.T) {
	if len(samples) != len(Types()) {
		t.Fatalf("%d samples for %d types: add a sample for every type", len(samples), len(Types()))
	}
	seen := map[string]bool{}
	for _, ev := range samples {
		t.Run(ev.EventType(), func(t *testing.T) {
			info, ok := Lookup(ev.EventType())
			if !ok {
				t.Fatal("not in the catalogue")
			}
			seen[info.Name] = true
			prefix := map[Writer]string{WriterGames: "game.", WriterClocks: "clock.", WriterArbiter: "arbiter.", WriterPairing: "tournament.", WriterScoring: "scoring."}[info.Writer]
			if !strings.HasPrefix(info.Name, prefix) {
				t.Fatalf("%s written by %s should start with %q", info.Name, info.Writer, prefix)
			}
			if err := (Aggregate{Kind: info.Kind, ID: "x"}).CheckWriter(info.Writer); err != nil {
				t.Fatal(err)
			}
			agg := Aggregate{Kind: info.Kind, ID: "x"}
			envs, err := Build(agg, info.Writer, Head{}, "k", meta(), ev)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(envs[0])
			if err != nil {
				t.Fatal(err)
			}
			// Events of the catalogue take the fast paths.
			if _, ok := fastEncode(&envs[0]); !ok {
				t.Error("the fast encoder refused it")
			}
			if _, ok := fastDecode(b); !ok {
				t.Error("the fast decoder refused it")
			}
			back, err := DecodeEnvelope(b)
			if err != nil {
				t.Fatal(err)
			}
			if back.Version != info.Version {
				t.Fatalf("version %d, want %d", back.Version, info.Version)
			}
			got, err := Decode(back)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(reflect.ValueOf(got).Elem().Interface(), ev) {
				t.Fatalf("round trip:\n got %+v\nwant %+v", got, ev)
			}
			if err := Verify([]Envelope{back}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestUnknownFieldsSurviveReadWrite(t *testing.T) {
	envs, err := Build(Game("g"), WriterGames, Head{}, "k", meta(), move(1, "e4"))
	if err != nil {
		t.Fatal(err)
	}
	// A newer writer added a field to the envelope and one to the data.
	e := envs[0]
	e.Data = json.RawMessage(`{"ply":1,"by":"white","san":"e4","uci":"e2e4","at":"2026-11-29T15:00:00.123Z","think_ms":4500}`)
	e.extra = map[string]json.RawMessage{"device": json.RawMessage(`{"board":"DGT-17"}`)}
	if e.Hash, err = ComputeHash(&e); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(e)
	read, err := DecodeEnvelope(b)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(read)
	var m1, m2 map[string]any
	json.Unmarshal(b, &m1)
	json.Unmarshal(again, &m2)
	if !reflect.DeepEqual(m1, m2) {
		t.Fatalf("read→write changed the event:\n%s\n%s", b, again)
	}
	if !strings.Contains(string(again), `"think_ms":4500`) || !strings.Contains(string(again), `"DGT-17"`) {
		t.Fatalf("unknown fields lost: %s", again)
	}
	if err := Verify([]Envelope{read}); err != nil {
		t.Fatalf("the hash no longer matches after read→write: %v", err)
	}
	// The typed value ignores the unknown field.
	if _, err := Decode(read); err != nil {
		t.Fatal(err)
	}
}

func TestUpcasters(t *testing.T) {
	cases := []struct {
		typ  string
		v    int
		data string
		want Event
		err  error
	}{
		{"game.move_played", 1, `{"ply":3,"by":"white","move":"Bb5"}`, &MovePlayed{Ply: 3, By: White, SAN: "Bb5"}, nil},
		{"game.move_played", 2, `{"ply":3,"by":"white","san":"Bb5","uci":"f1b5"}`, &MovePlayed{Ply: 3, By: White, SAN: "Bb5", UCI: "f1b5"}, nil},
		{"game.move_played", 1, `{"ply":3,"by":"white"}`, nil, errors.New("any")},
		{"game.move_played", 3, `{}`, nil, ErrNewerVersion},
		{"clock.time_adjusted", 1, `{"side":"black","seconds":-60,"reason":"penalty"}`, &TimeAdjusted{Side: Black, DeltaMs: -60000, Reason: "penalty"}, nil},
		{"clock.time_adjusted", 1, `{"side":"black","seconds":"sixty"}`, nil, errors.New("any")},
		{"clock.time_adjusted", 1, `{"side":"black","seconds":99999999999999}`, nil, errors.New("any")},
		{"game.teleported", 1, `{}`, nil, ErrUnknownType},
		{"game.created", 0, `{}`, nil, errors.New("any")},
	}
	for _, c := range cases {
		e := Envelope{ID: "E", Type: c.typ, Version: c.v, Data: json.RawMessage(c.data)}
		got, err := Decode(e)
		if c.err != nil {
			if err == nil {
				t.Errorf("%s v%d %s: accepted as %+v", c.typ, c.v, c.data, got)
			} else if c.err.Error() != "any" && !errors.Is(err, c.err) {
				t.Errorf("%s v%d: %v, want %v", c.typ, c.v, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s v%d: %v", c.typ, c.v, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s v%d: got %+v, want %+v", c.typ, c.v, got, c.want)
		}
		if string(e.Data) != c.data {
			t.Errorf("upcasting changed the stored data")
		}
	}
}

func TestDecodeEnvelopeErrors(t *testing.T) {
	good, _ := Build(Game("g"), WriterGames, Head{}, "k", meta(), move(1, "e4"))
	b, _ := json.Marshal(good[0])
	cases := map[string]string{
		"not json":     `{"id":`,
		"no type":      strings.Replace(string(b), `"type":"game.move_played"`, `"type":""`, 1),
		"no seq":       strings.Replace(string(b), `"seq":1`, `"seq":0`, 1),
		"bad time":     strings.Replace(string(b), `"recorded_at":"`, `"recorded_at":"yesterday`, 1),
		"bad kind":     strings.Replace(string(b), `"kind":"game"`, `"kind":"club"`, 1),
		"trailing":     string(b) + `{}`,
		"array":        `[]`,
		"data garbage": strings.Replace(string(b), `"data":{`, `"data":{]`, 1),
	}
	for name, in := range cases {
		if _, err := DecodeEnvelope([]byte(in)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := DecodeEnvelope(b); err != nil {
		t.Fatal(err)
	}
}

func TestULID(t *testing.T) {
	a, b := NewULID(fixedNow()), NewULID(fixedNow().Add(time.Millisecond))
	if err := CheckULID(a); err != nil {
		t.Fatal(a, err)
	}
	if a >= b {
		t.Fatalf("ULIDs do not sort by time: %s %s", a, b)
	}
	if a == NewULID(fixedNow()) {
		t.Fatal("two ULIDs of the same millisecond are equal")
	}
	// The time prefix encodes the milliseconds: 10 characters of 5 bits.
	var zero [16]byte
	if got := encodeULID(zero); got != "00000000000000000000000000" {
		t.Fatal(got)
	}
	for _, bad := range []string{"", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "0000000000000000000000000I", "000"} {
		if CheckULID(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
