package events

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
)

// Hash returns the chain hash of e given prev, the stored hash of the event before it in the
// same game ("" for a game's first event). It is the lowercase hex SHA-256 of these fields, in
// this order:
//
//	prev, ChainGame, Seq, Type, Actor, Payload, At
//
// ChainGame is the number the game was first recorded under (Origin, for a game that has moved
// since), which every earlier version hashed as Game: a game recorded by any version keeps its
// hashes, and so its seals, when a later import gives it another number (docs/design.md, "A
// game's identity").
//
// where each integer is 8 bytes big-endian (two's complement) and each string or byte field is
// its length as 8 bytes big-endian followed by its bytes. Length prefixes make the encoding
// unambiguous: moving a byte from Type to Actor changes the hash. e.Hash is not an input.
//
// Payload is hashed exactly as stored, which is why the store compacts it first. Hash is exported
// so that exports and imports can check a chain without a database.
func Hash(prev string, e Event) string {
	out := hexHash(prev, e)
	return string(out[:])
}

// hashIs reports whether Hash(prev, e) is hash, without making a string of it: a chain is
// checked event by event on every read.
func hashIs(prev string, e Event, hash string) bool {
	out := hexHash(prev, e)
	return string(out[:]) == hash
}

// hexHash is Hash's text, in an array.
func hexHash(prev string, e Event) [2 * sha256.Size]byte {
	// The fields are laid out in one buffer, on the stack for an event of ordinary size, and
	// hashed at once: a chain is hashed event by event on every read and import.
	var stack [512]byte
	b := appendField(stack[:0], prev)
	b = binary.BigEndian.AppendUint64(b, uint64(e.ChainGame()))
	b = binary.BigEndian.AppendUint64(b, uint64(e.Seq))
	b = appendField(b, e.Type)
	b = appendField(b, e.Actor)
	b = appendField(b, e.Payload)
	b = binary.BigEndian.AppendUint64(b, uint64(e.At))
	sum := sha256.Sum256(b)
	var out [2 * sha256.Size]byte
	hex.Encode(out[:], sum[:])
	return out
}

// appendField appends a string or byte field: its length as 8 bytes big-endian, then its bytes.
func appendField[T ~string | ~[]byte](b []byte, field T) []byte {
	b = binary.BigEndian.AppendUint64(b, uint64(len(field)))
	return append(b, field...)
}
