package e2e

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeCert makes a key pair signed by parent (self-signed when parent is
// nil) and writes name.pem and name-key.pem into dir.
func writeCert(t *testing.T, dir, name string, tmpl *x509.Certificate, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".pem"), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+"-key.pem"), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert, key
}

// TestNATSTLSAndCredentials: hakem serve reaches a nats-server that
// requires mutual TLS and a user and password, with the CA, certificate,
// key, user and password given as HAKEM_NATS_* keys; without the client
// certificate, or with a wrong password, it fails to start, and the
// password is in no output.
func TestNATSTLSAndCredentials(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs nats-server and hakem serve")
	}
	dir := t.TempDir()
	now := time.Now()
	ca, caKey := writeCert(t, dir, "ca", &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "hakem test CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}, nil, nil)
	writeCert(t, dir, "server", &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "nats"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}, ca, caKey)
	writeCert(t, dir, "client", &x509.Certificate{SerialNumber: big.NewInt(3), Subject: pkix.Name{CommonName: "scoring"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}, ca, caKey)

	const password = "tls-Secret-0f9e8d7c"
	addr := freeAddr(t)
	conf := filepath.Join(dir, "nats.conf")
	text := fmt.Sprintf(`listen: %s
jetstream { store_dir: %q }
tls {
  cert_file: %q
  key_file: %q
  ca_file: %q
  verify: true
}
authorization { user: scoring, password: %q }
`, addr, filepath.Join(dir, "js"), filepath.Join(dir, "server.pem"), filepath.Join(dir, "server-key.pem"), filepath.Join(dir, "ca.pem"), password)
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	n := &natsNode{t: t, name: "tls", conf: conf, client: addr}
	n.start(natsServerBinary(t))
	waitTCP(t, addr)

	env := []string{"HAKEM_NATS_TLS_CA=" + filepath.Join(dir, "ca.pem"), "HAKEM_NATS_TLS_CERT=" + filepath.Join(dir, "client.pem"),
		"HAKEM_NATS_TLS_KEY=" + filepath.Join(dir, "client-key.pem"), "HAKEM_NATS_USER=scoring", "HAKEM_NATS_PASSWORD=" + password}
	s := startWith(t, []string{"--only", "scoring", "--nats", "tls://" + addr, "--data", t.TempDir()}, env, true)
	s.stop()
	if strings.Contains(s.output(), password) {
		t.Errorf("the password is in the output:\n%s", s.output())
	}

	for name, bad := range map[string][]string{
		"no client certificate": {env[0], env[3], env[4]},
		"wrong password":        {env[0], env[1], env[2], env[3], "HAKEM_NATS_PASSWORD=nope-" + password},
	} {
		f := startWith(t, []string{"--only", "scoring", "--nats", "tls://" + addr, "--data", t.TempDir()}, bad, false)
		select {
		case err := <-f.done:
			if err == nil {
				t.Errorf("%s: hakem serve exited cleanly", name)
			}
			if strings.Contains(f.output(), password) {
				t.Errorf("%s: the password is in the output:\n%s", name, f.output())
			}
		case <-time.After(30 * time.Second):
			t.Errorf("%s: hakem serve did not give up within 30 s", name)
		}
	}
}
