// Package embedded runs nats-server with JetStream in-process on a data
// folder, for hakem serve and the tests: StartEmbedded, its users and
// passwords (server_auth.go: the deployed accounts.conf's users, created on
// first start), and a standby's leaf connection to a primary
// (server_leaf.go). See EmbeddedConfig.SyncAlways for the durability
// trade-off. The event store (package eventstore) runs on it as on an
// external server.
package embedded
