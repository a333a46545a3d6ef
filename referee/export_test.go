package referee

// Distance and DistanceCells open the edit distance to the tests of package referee_test, which
// bound the work of a suggestion through every engine.
var Distance = distance

// DistanceCells is how many cells distance has filled so far.
func DistanceCells() int64 { return distanceCells.Load() }
