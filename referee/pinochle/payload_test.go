package pinochle

import (
	"testing"

	"github.com/tableside/tableside/referee/refereetest"
)

// FuzzPayloadRead: the payload reader gives encoding/json's answer for any bytes, the moves of
// whole games included.
func FuzzPayloadRead(f *testing.F) { refereetest.FuzzPayload(f, Rules{}, (*payload).read) }
