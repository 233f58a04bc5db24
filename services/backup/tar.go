package backup

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// IsTar reports whether a backup's path names a tar file rather than a
// folder.
func IsTar(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".tar") }

// Pack writes the backup in dir into the tar file out (which must not
// exist): the manifest last, so that a torn tar has none.
func Pack(dir, out string) (err error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(out, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(out)
		}
	}()
	tw := tar.NewWriter(f)
	names := []string{}
	for _, s := range m.Streams {
		names = append(names, s.File)
	}
	if m.Keyring != "" {
		names = append(names, m.Keyring)
	}
	for _, name := range append(names, ManifestFile) {
		if err := addFile(tw, dir, name); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return f.Sync()
}

func addFile(tw *tar.Writer, dir, name string) error {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: info.Size(), ModTime: info.ModTime(), Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	_, err = io.Copy(tw, f)
	return err
}

// Unpack extracts the tar file in into the empty folder dir. Only plain
// files without a folder part are taken, as Pack writes them.
func Unpack(in, dir string) error {
	if err := emptyFolder(dir); err != nil {
		return err
	}
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		if h.Typeflag != tar.TypeReg || h.Name != filepath.Base(h.Name) || h.Name == "." || h.Name == ".." {
			return fmt.Errorf("%s: unexpected entry %q: not a Hakem backup", in, h.Name)
		}
		out, err := os.OpenFile(filepath.Join(dir, h.Name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, tr); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
	}
}
