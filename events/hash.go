package events

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
)

// Hash returns the chain hash of e given prev, the stored hash of the event before it in the
// same game ("" for a game's first event). It is the lowercase hex SHA-256 of these fields, in
// this order:
//
//	prev, Game, Seq, Type, Actor, Payload, At
//
// where each integer is 8 bytes big-endian (two's complement) and each string or byte field is
// its length as 8 bytes big-endian followed by its bytes. Length prefixes make the encoding
// unambiguous: moving a byte from Type to Actor changes the hash. e.Hash is not an input.
//
// Payload is hashed exactly as stored, which is why the store compacts it first. Hash is exported
// so that exports and imports can check a chain without a database.
func Hash(prev string, e Event) string {
	h := sha256.New()
	var b [8]byte
	writeBytes(h, &b, []byte(prev))
	writeInt(h, &b, e.Game)
	writeInt(h, &b, e.Seq)
	writeBytes(h, &b, []byte(e.Type))
	writeBytes(h, &b, []byte(e.Actor))
	writeBytes(h, &b, e.Payload)
	writeInt(h, &b, e.At)
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0]))
}

func writeInt(h hash.Hash, b *[8]byte, n int64) {
	binary.BigEndian.PutUint64(b[:], uint64(n))
	h.Write(b[:])
}

func writeBytes(h hash.Hash, b *[8]byte, p []byte) {
	binary.BigEndian.PutUint64(b[:], uint64(len(p)))
	h.Write(b[:])
	h.Write(p)
}
