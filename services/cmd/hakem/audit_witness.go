package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/audit"
	"github.com/spf13/cobra"
)

// witnessFlags adds --keyring and --checkpoints to an audit command.
func witnessFlags(c *cobra.Command) {
	c.Flags().StringVar(&auditOpts.keyring, "keyring", "", "the writers' public keys (keyring.json; default <data>/keys/keyring.json when it exists): every signature is verified")
	c.Flags().StringVar(&auditOpts.checkpoints, "checkpoints", "", "signed checkpoints (a file or an http(s) URL of GET /api/checkpoints): the log must hold every head they witnessed")
}

// witnessed wraps src with the keyring and the checkpoints the flags name.
func witnessed(ctx context.Context, src audit.StoreSource) (audit.Witnessed, error) {
	w := audit.Witnessed{Source: src}
	path := auditOpts.keyring
	if path == "" && auditOpts.natsURL == "" {
		if p := filepath.Join(auditOpts.data, "keys", events.KeyringFile); fileExists(p) {
			path = p
		}
	}
	if path != "" {
		ring, err := events.ReadKeyring(path)
		if err != nil {
			return w, fmt.Errorf("--keyring: %w", err)
		}
		w.Ring = ring
	}
	if auditOpts.checkpoints == "" {
		return w, nil
	}
	if w.Ring == nil {
		return w, errors.New("--checkpoints needs the keyring with the checkpoints' key (--keyring)")
	}
	r, err := openCheckpoints(ctx, auditOpts.checkpoints)
	if err != nil {
		return w, fmt.Errorf("--checkpoints: %w", err)
	}
	defer r.Close()
	if w.Checkpoints, err = events.ReadCheckpoints(r, w.Ring); err != nil {
		return w, fmt.Errorf("--checkpoints %s: %w", auditOpts.checkpoints, err)
	}
	return w, nil
}

// openCheckpoints opens a checkpoints file or URL.
func openCheckpoints(ctx context.Context, where string) (io.ReadCloser, error) {
	if !strings.HasPrefix(where, "http://") && !strings.HasPrefix(where, "https://") {
		return os.Open(where)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, where, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("GET %s: %s", where, resp.Status)
	}
	return resp.Body, nil
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
