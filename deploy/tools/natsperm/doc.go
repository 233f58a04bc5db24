// Package natsperm holds the tests of the deployed NATS configuration
// (deploy/nats): nats-server is started in the test process from those
// files, and every user's rights are tried against it. It has no code of
// its own; it lives in deploy/tools so that the events module's tests do
// not depend on the deployment's files.
package natsperm
