package events

// The store's side of the envelope's wire form: the encoding and decoding
// an event store (package eventstore) needs beyond Envelope's MarshalJSON
// and DecodeEnvelope, without a copy or a second validation.

// EncodeStored returns the bytes to store for e. built says e.Data is
// json.Marshal's output (an envelope from Build): it is then taken as it is,
// not validated and compacted again.
func EncodeStored(e *Envelope, built bool) ([]byte, error) {
	if body, ok := fastEncodeOf(e, built); ok {
		return body, nil
	}
	return e.slowMarshal()
}

// DecodeOwnedInto decodes and checks one stored envelope into *e, which must
// be the zero Envelope. b is the caller's to give away (a message the client
// library allocated for this one delivery): e.Data may be a slice of it
// instead of a copy.
func DecodeOwnedInto(e *Envelope, b []byte) error { return decodeEnvelopeInto(e, b, true) }
