package tournament

import "github.com/tableside/tableside/referee/kinds"

// Formats are the formats a tournament of kind may be played in, in the order its format
// option lists them: each one shape takes at some table size the kind is played at (a round
// robin of Capture, at tables of 2). A face offers these, so that what it offers is what a
// pairing takes.
func Formats(kind string) ([]string, error) {
	rules, ok := kinds.All()[kind]
	if !ok {
		return nil, shape(&Input{Kind: kind}) // its refusal names the kinds there are
	}
	_, most := rules.Players()
	var formats []string
	for _, o := range (Rules{}).Options() {
		if o.Name != "format" {
			continue
		}
		for _, format := range o.Values {
			for size := 2; size <= most; size++ {
				if shape(&Input{Kind: kind, Format: format, TableSize: size}) == nil {
					formats = append(formats, format)
					break
				}
			}
		}
	}
	return formats, nil
}
