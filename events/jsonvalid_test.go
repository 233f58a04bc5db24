package events

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestValidEnd(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	for _, tc := range []struct {
		in   string
		want int // end index, -1 for invalid
	}{
		{`{"a":1},`, 7},
		{`[1, {"b": [true, null]}] x`, 24},
		{`"a\"b"`, 6},
		{`"\u00e9"`, 8},
		{`"\u00g9"`, -1},
		{`"\x"`, -1},
		{"\"a\nb\"", -1},
		{"\"\xff\xfe\"", 4}, // invalid UTF-8 is accepted, as by json.Valid
		{`-0.5e-7}`, 7},
		{`-`, -1},
		{`1.`, -1},
		{`1e`, -1},
		{`01`, 1}, // a value "0" followed by something else
		{`tru`, -1},
		{`nulls`, 4},
		{`{"a" 1}`, -1},
		{`{"a":1,}`, -1},
		{`[1,]`, -1},
		{`[1}`, -1},
		{`{1:2}`, -1},
		{``, -1},
		{deep(maxJSONDepth), 2 * maxJSONDepth},
		{deep(maxJSONDepth + 1), -1},
	} {
		if got := validEnd([]byte(tc.in), 0); got != tc.want {
			t.Errorf("validEnd(%.40q) = %d, want %d", tc.in, got, tc.want)
		}
		if tc.want == len(tc.in) && !json.Valid([]byte(tc.in)) {
			t.Errorf("%.40q: json.Valid disagrees", tc.in)
		}
	}
}
