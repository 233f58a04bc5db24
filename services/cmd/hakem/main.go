// Command hakem is Hakem's single binary: the services (hakem serve), the
// audit, and the command-line tools built on the pure modules (perft, PGN,
// clocks, pairing, standings, ratings).
//
// Each subcommand lives in its own file of this package and adds itself to
// the root command in an init function.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// rootCmd is the hakem command; subcommands register themselves on it.
var rootCmd = &cobra.Command{
	Use:           "hakem",
	Short:         "Hakem runs chess events under the FIDE Laws of Chess",
	SilenceUsage:  true,
	SilenceErrors: true,
}

// exitError carries the exit status a subcommand wants, for commands whose
// status codes are a contract (e.g. hakem pair follows bbpPairings).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// exitWith wraps err so that hakem exits with code after printing it.
// A nil err with a non-zero code exits silently with that code.
func exitWith(code int, err error) error {
	return &exitError{code: code, err: err}
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run executes the command line and returns the process exit status. Errors
// are printed on one line on stderr, never as a stack trace.
func run(args []string) int {
	rootCmd.SetArgs(args)
	err := rootCmd.Execute()
	if err == nil {
		return 0
	}
	code := 1
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
		if ee.err == nil || ee.err == errSilent {
			return code
		}
	}
	fmt.Fprintf(os.Stderr, "hakem: %v\n", err)
	return code
}

// errSilent is used with exitWith when the command has already said what it
// had to (e.g. per-line errors on stdout) and only the status remains.
var errSilent = errors.New("silent")
