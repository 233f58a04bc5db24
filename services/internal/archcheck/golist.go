package archcheck

import (
	"bytes"
	"fmt"
	"os/exec"
	"sort"
	"strings"
)

// LinkedNATS is NATSLinks as the Go toolchain sees it: `go list` run in the
// workspace's root names every package the build of each domain package and
// of the event catalogue links (its Deps, non-test files), and a package of
// NATS among them is a finding "nats P". It also sees what the walk of
// NATSLinks cannot: a module outside the workspace that links NATS.
func (w *Workspace) LinkedNATS() ([]string, error) {
	var paths []string
	dirOf := map[string]string{}
	for _, p := range w.natsFree() {
		paths = append(paths, p.ImportPath)
		dirOf[p.ImportPath] = p.Dir
	}
	return w.linkedNATS(paths, dirOf)
}

// linkedNATS runs go list over the import paths given and returns "nats D"
// for each whose dependencies hold a package of NATS, D its directory
// (dirOf) or else its import path.
func (w *Workspace) linkedNATS(paths []string, dirOf map[string]string) ([]string, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	args := append([]string{"list", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}"}, paths...)
	cmd := exec.Command("go", args...)
	cmd.Dir = w.Root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("archcheck: go list: %v: %s", err, stderr.String())
	}
	var found []string
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		for _, dep := range fields[1:] {
			if isNATS(dep) {
				name := dirOf[fields[0]]
				if name == "" {
					name = fields[0]
				}
				found = append(found, "nats "+name)
				break
			}
		}
	}
	sort.Strings(found)
	return found, nil
}
