// Package commandfuzz holds the fuzz test of the JSON decoding of every
// HTTP command (its test file only): arbitrary bodies posted to the real
// ports on an embedded event store answer no 5xx, and a refusal appends
// nothing.
package commandfuzz
