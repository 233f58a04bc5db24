package events

import (
	"bufio"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/transparency-dev/merkle/compact"
	"github.com/transparency-dev/merkle/rfc6962"
	"golang.org/x/mod/sumdb/note"
)

// A checkpoint witnesses the chain heads of the aggregates that changed
// since the one before it, in the manner of Certificate Transparency's
// signed tree heads: a signed note (golang.org/x/mod/sumdb/note) whose
// text is
//
//	hakem checkpoint v1
//	<number>
//	<recorded at, RFC 3339>
//	<count of heads> <base64 RFC 6962 Merkle root over the head lines>
//	stream GAMES <last stream sequence read>
//	stream TOURNAMENTS <last stream sequence read>
//	game <id> <version> <hash>
//	tournament <id> <version> <hash>
//	...
//
// The head lines are sorted; the Merkle root is over them (each line, its
// newline excluded, a leaf), so that a witness can cosign the root and one
// aggregate's head can be proven in it.
const checkpointOrigin = "hakem checkpoint v1"

// CheckpointStream is the stream of the signed checkpoints, apart from the
// event streams: no event writer may publish on CheckpointSubject.
const (
	CheckpointStream  = "CHECKPOINTS"
	CheckpointSubject = "hakem.checkpoints"
)

// CheckpointKeyName is the name of the checkpoints' signing key in their
// notes.
const CheckpointKeyName = "hakem-checkpoints"

// AggregateHead is one aggregate's head in a checkpoint.
type AggregateHead struct {
	Aggregate Aggregate
	Head      Head
}

// Checkpoint is one signed checkpoint's content.
type Checkpoint struct {
	Number     uint64
	RecordedAt time.Time
	// Streams are the last stream sequences read, by stream name.
	Streams map[string]uint64
	Heads   []AggregateHead
	// Root is the Merkle root over the head lines.
	Root []byte
}

// headLine is one head's line in a checkpoint's text.
func headLine(h AggregateHead) string {
	return fmt.Sprintf("%s %s %d %s", h.Aggregate.Kind, h.Aggregate.ID, h.Head.Version, h.Head.Hash)
}

// merkleRoot is the RFC 6962 root over lines.
func merkleRoot(lines []string) ([]byte, error) {
	if len(lines) == 0 {
		return rfc6962.DefaultHasher.EmptyRoot(), nil
	}
	rf := compact.RangeFactory{Hash: rfc6962.DefaultHasher.HashChildren}
	r := rf.NewEmptyRange(0)
	for _, l := range lines {
		if err := r.Append(rfc6962.DefaultHasher.HashLeaf([]byte(l)), nil); err != nil {
			return nil, err
		}
	}
	return r.GetRootHash(nil)
}

// Text is the checkpoint's note text (its heads sorted, its root set).
func (c *Checkpoint) Text() (string, error) {
	sort.Slice(c.Heads, func(i, j int) bool { return headLine(c.Heads[i]) < headLine(c.Heads[j]) })
	lines := make([]string, len(c.Heads))
	for i, h := range c.Heads {
		lines[i] = headLine(h)
	}
	root, err := merkleRoot(lines)
	if err != nil {
		return "", err
	}
	c.Root = root
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%d\n%s\n%d %s\n", checkpointOrigin, c.Number, c.RecordedAt.UTC().Format(time.RFC3339Nano), len(lines), base64.StdEncoding.EncodeToString(root))
	names := make([]string, 0, len(c.Streams))
	for n := range c.Streams {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "stream %s %d\n", n, c.Streams[n])
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.String(), nil
}

// parseCheckpoint reads a checkpoint's text back, checking its root.
func parseCheckpoint(text string) (Checkpoint, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 4 || lines[0] != checkpointOrigin {
		return Checkpoint{}, errors.New("not a hakem checkpoint")
	}
	c := Checkpoint{Streams: map[string]uint64{}}
	var err error
	if c.Number, err = strconv.ParseUint(lines[1], 10, 64); err != nil {
		return Checkpoint{}, fmt.Errorf("checkpoint number: %w", err)
	}
	if c.RecordedAt, err = time.Parse(time.RFC3339Nano, lines[2]); err != nil {
		return Checkpoint{}, fmt.Errorf("checkpoint time: %w", err)
	}
	var n int
	var root string
	if _, err := fmt.Sscanf(lines[3], "%d %s", &n, &root); err != nil {
		return Checkpoint{}, fmt.Errorf("checkpoint size and root: %w", err)
	}
	var heads []string
	for _, l := range lines[4:] {
		f := strings.Fields(l)
		switch {
		case len(f) == 3 && f[0] == "stream":
			seq, err := strconv.ParseUint(f[2], 10, 64)
			if err != nil {
				return Checkpoint{}, fmt.Errorf("checkpoint line %q", l)
			}
			c.Streams[f[1]] = seq
		case len(f) == 4:
			v, err := strconv.ParseUint(f[2], 10, 64)
			agg := Aggregate{Kind: Kind(f[0]), ID: f[1]}
			if err != nil || agg.Check() != nil {
				return Checkpoint{}, fmt.Errorf("checkpoint line %q", l)
			}
			c.Heads = append(c.Heads, AggregateHead{Aggregate: agg, Head: Head{Version: v, Hash: f[3]}})
			heads = append(heads, l)
		default:
			return Checkpoint{}, fmt.Errorf("checkpoint line %q", l)
		}
	}
	got, err := merkleRoot(heads)
	if err != nil {
		return Checkpoint{}, err
	}
	if len(heads) != n || base64.StdEncoding.EncodeToString(got) != root {
		return Checkpoint{}, fmt.Errorf("checkpoint %d: %d heads with root %s, its header says %d with %s", c.Number, len(heads), base64.StdEncoding.EncodeToString(got), n, root)
	}
	c.Root = got
	return c, nil
}

// ParseCheckpointNote reads a signed checkpoint note's text without
// verifying its signature (a checkpointer resuming from its own file;
// ReadCheckpoints verifies).
func ParseCheckpointNote(signed string) (Checkpoint, error) {
	i := strings.LastIndex(signed, "\n\n")
	if i < 0 {
		return Checkpoint{}, errors.New("not a signed note")
	}
	return parseCheckpoint(signed[:i+1])
}

// SignCheckpoint returns the signed note of c.
func SignCheckpoint(c *Checkpoint, s note.Signer) ([]byte, error) {
	text, err := c.Text()
	if err != nil {
		return nil, err
	}
	return note.Sign(&note.Note{Text: text}, s)
}

// LoadOrCreateCheckpointKey reads the checkpoints' note signing key from
// the keys folder dir (checkpoints.key, mode 0600), creating it on first
// use and recording its verifier key in the keyring.
func LoadOrCreateCheckpointKey(dir string) (note.Signer, error) {
	path := filepath.Join(dir, "checkpoints.key")
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
		skey, vkey, err := note.GenerateKey(rand.Reader, CheckpointKeyName)
		if err != nil {
			return nil, err
		}
		if err := WriteFileSynced(path, []byte(skey+"\n"), 0o600); err != nil {
			return nil, fmt.Errorf("events: %w", err)
		}
		ringPath := filepath.Join(dir, KeyringFile)
		ring, err := ReadKeyring(ringPath)
		if errors.Is(err, os.ErrNotExist) {
			ring, err = &Keyring{}, nil
		}
		if err != nil {
			return nil, err
		}
		ring.Checkpoints = append(ring.Checkpoints, vkey)
		if err := ring.Write(ringPath); err != nil {
			return nil, err
		}
		b = []byte(skey)
	} else if err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	return note.NewSigner(strings.TrimSpace(string(b)))
}

// CheckpointLine is one checkpoint as the file, the stream and GET
// /api/checkpoints carry it: one JSON object per line, the signed note.
type CheckpointLine struct {
	Note string `json:"note"`
}

// Checkpoints are the verified checkpoints of a file or an endpoint.
type Checkpoints struct {
	List  []Checkpoint
	heads map[Aggregate][]Head
}

// ReadCheckpoints reads NDJSON checkpoint lines from r, verifying each
// note's signature with the keyring's checkpoint keys and its Merkle root;
// any checkpoint that does not verify is an error naming it.
func ReadCheckpoints(r io.Reader, ring *Keyring) (*Checkpoints, error) {
	var vs []note.Verifier
	for _, k := range ring.Checkpoints {
		v, err := note.NewVerifier(k)
		if err != nil {
			return nil, fmt.Errorf("events: keyring: checkpoint key: %w", err)
		}
		vs = append(vs, v)
	}
	if len(vs) == 0 {
		return nil, errors.New("events: the keyring has no checkpoint key")
	}
	known := note.VerifierList(vs...)
	out := &Checkpoints{heads: map[Aggregate][]Head{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var cl CheckpointLine
		if err := json.Unmarshal(sc.Bytes(), &cl); err != nil {
			return nil, fmt.Errorf("checkpoints line %d: %w", line, err)
		}
		n, err := note.Open([]byte(cl.Note), known)
		if err != nil {
			return nil, fmt.Errorf("checkpoints line %d: the signature does not verify: %w", line, err)
		}
		c, err := parseCheckpoint(n.Text)
		if err != nil {
			return nil, fmt.Errorf("checkpoints line %d: %w", line, err)
		}
		out.List = append(out.List, c)
		for _, h := range c.Heads {
			out.heads[h.Aggregate] = append(out.heads[h.Aggregate], h.Head)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for agg, hs := range out.heads {
		sort.SliceStable(hs, func(i, j int) bool { return hs[i].Version < hs[j].Version })
		out.heads[agg] = hs
	}
	return out, nil
}

// Heads returns the witnessed heads of agg, in increasing version.
func (c *Checkpoints) Heads(agg Aggregate) []Head { return c.heads[agg] }

// Aggregates returns every aggregate the checkpoints witnessed, sorted.
func (c *Checkpoints) Aggregates() []Aggregate {
	out := make([]Aggregate, 0, len(c.heads))
	for a := range c.heads {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].ID < out[j].ID
	})
	return out
}
