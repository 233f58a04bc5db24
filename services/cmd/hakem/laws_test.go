package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/rules/laws"
)

// TestLawsCommand: hakem laws prints every index entry of the profile,
// and with an article only its lines; an unknown article or profile is an
// error.
func TestLawsCommand(t *testing.T) {
	run := func(args ...string) (string, error) {
		cmd := lawsCmd()
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(args)
		err := cmd.Execute()
		return out.String(), err
	}
	for _, name := range laws.Names() {
		out, err := run("--profile", name)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := laws.Lookup(name)
		for _, e := range p.Index() {
			if !strings.Contains(out, e.Profile+" "+e.Article+"\t"+e.Decides) || !strings.Contains(out, e.Function) {
				t.Errorf("%s: %s %s missing", name, e.Article, e.Function)
			}
		}
	}
	out, err := run("--profile", "fide-1997", "10.2c")
	if err != nil || !strings.Contains(out, "laws.Profile.QuickplayDrawLater") || strings.Contains(out, "6.9") {
		t.Errorf("10.2c: %v %q", err, out)
	}
	if _, err := run("99"); err == nil {
		t.Error("an article not in the index")
	}
	if _, err := run("--profile", "fide-1066"); err == nil {
		t.Error("an unknown profile")
	}
}
