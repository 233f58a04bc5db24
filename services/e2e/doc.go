// Package e2e holds the end-to-end tests of hakem serve: they build the
// hakem binary, run it as a real process on an embedded JetStream in a
// temporary data folder and drive it through its HTTP API, killing and
// restarting it on the way.
package e2e
