// Package bounds checks a decoded HTTP command against its limits: every
// integer and number within the range its struct tag gives, every string
// no longer than its limit and free of control characters (refused, never
// stripped: a newline in a player's name would break the PGN the server
// writes), every list and map no longer than its limit. The error names
// the field as the client spelled it (its JSON name).
//
// A field's limits are its `bounds` tag, comma-separated:
//
//	min=N,max=N   a number's range (integers and floats)
//	len=N         a string's most bytes; a list's or map's most elements
//	chars=N       a string's most characters (Unicode code points): a name
//	              in Turkish or Cyrillic letters holds as many as one in
//	              ASCII
//	item=N        a list's strings' (or a map's keys') most bytes
//
// Without a tag a string holds at most Text bytes, a list or map at most
// Items elements, and a number lies within ±Number.
package bounds

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The limits every port shares.
const (
	// Key is the most bytes of an idempotency key.
	Key = 128
	// ID is the most bytes of an id (a game, a tournament, a player).
	ID = 64
	// Name is the most characters of a name (a player's, a tournament's,
	// a city's: the tag chars=100).
	Name = 100
	// Text is the most bytes of free text (a reason) and of any string
	// without a tag.
	Text = 1000
	// Items is the most elements of a list or map without a tag.
	Items = 64
	// Number bounds a number without a tag.
	Number = 1_000_000_000
	// Day is a day in milliseconds: the most time a clock adjustment
	// gives or takes.
	Day = 24 * 60 * 60 * 1000
)

// Error is a field outside its limits.
type Error struct {
	// Field is the JSON name of the field ("delta_ms", "point_system.win").
	Field string
	// Reason says what is wrong.
	Reason string
}

// Error implements error: "field delta_ms: …".
func (e *Error) Error() string { return "field " + e.Field + ": " + e.Reason }

// Check checks every exported field of the struct v (or pointer to one)
// points to, nested structs included, against its limits; the first field
// outside them is the error.
func Check(v any) error {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil
		}
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil
	}
	return checkStruct(rv, "")
}

func checkStruct(rv reflect.Value, prefix string) error {
	for _, f := range fieldsOf(rv.Type()) {
		if f.embedded {
			if err := checkStruct(rv.Field(f.index), prefix); err != nil {
				return err
			}
			continue
		}
		if f.limErr != nil {
			return &Error{Field: prefix + f.name, Reason: "bad limits: " + f.limErr.Error()}
		}
		if err := checkValue(rv.Field(f.index), prefix+f.name, f.lim); err != nil {
			return err
		}
	}
	return nil
}

// structField is one field of a struct type as checkStruct reads it: its
// JSON name and parsed limits, or an embedded struct checked as its own
// fields.
type structField struct {
	index    int
	name     string
	embedded bool
	lim      limits
	limErr   error
}

// fieldTypes caches fieldsOf by struct type: a command's fields are read
// from its type once, not on every request.
var fieldTypes sync.Map // reflect.Type -> []structField

// fieldsOf returns the fields of struct type t that checkStruct checks,
// in order: exported, not `json:"-"`.
func fieldsOf(t reflect.Type) []structField {
	if f, ok := fieldTypes.Load(t); ok {
		return f.([]structField)
	}
	var out []structField
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := jsonName(f)
		if name == "-" {
			continue
		}
		if f.Anonymous && f.Type.Kind() == reflect.Struct && f.Tag.Get("json") == "" {
			out = append(out, structField{index: i, embedded: true})
			continue
		}
		lim, err := parseTag(f.Tag.Get("bounds"))
		out = append(out, structField{index: i, name: name, lim: lim, limErr: err})
	}
	fieldTypes.Store(t, out)
	return out
}

// limits are a field's parsed tag.
type limits struct {
	min, max       float64
	hasMin, hasMax bool
	length, item   int
	chars          int
}

func parseTag(tag string) (limits, error) {
	l := limits{length: -1, item: -1, chars: -1}
	if tag == "" {
		return l, nil
	}
	for _, part := range strings.Split(tag, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return l, fmt.Errorf("%q is not key=value", part)
		}
		n, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return l, fmt.Errorf("%q: %v", part, err)
		}
		switch k {
		case "min":
			l.min, l.hasMin = n, true
		case "max":
			l.max, l.hasMax = n, true
		case "len":
			l.length = int(n)
		case "item":
			l.item = int(n)
		case "chars":
			l.chars = int(n)
		default:
			return l, fmt.Errorf("unknown limit %q", k)
		}
	}
	return l, nil
}

func checkValue(v reflect.Value, field string, lim limits) error {
	switch v.Kind() {
	case reflect.String:
		if lim.chars > 0 {
			return checkChars(v.String(), field, lim.chars)
		}
		return checkString(v.String(), field, orDefault(lim.length, Text))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return checkRange(float64(v.Int()), strconv.FormatInt(v.Int(), 10), field, lim)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return checkRange(float64(v.Uint()), strconv.FormatUint(v.Uint(), 10), field, lim)
	case reflect.Float32, reflect.Float64:
		return checkRange(v.Float(), strconv.FormatFloat(v.Float(), 'g', -1, 64), field, lim)
	case reflect.Slice, reflect.Array:
		if n := orDefault(lim.length, Items); v.Len() > n {
			return &Error{Field: field, Reason: fmt.Sprintf("%d elements, at most %d", v.Len(), n)}
		}
		for i := 0; i < v.Len(); i++ {
			if err := checkValue(v.Index(i), field+"["+strconv.Itoa(i)+"]", limits{length: lim.item, min: lim.min, max: lim.max, hasMin: lim.hasMin, hasMax: lim.hasMax}); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n := orDefault(lim.length, Items); v.Len() > n {
			return &Error{Field: field, Reason: fmt.Sprintf("%d entries, at most %d", v.Len(), n)}
		}
		it := v.MapRange()
		for it.Next() {
			k := fmt.Sprint(it.Key().Interface())
			if it.Key().Kind() == reflect.String {
				if err := checkString(k, field+" key", orDefault(lim.item, ID)); err != nil {
					return err
				}
			}
			if err := checkValue(it.Value(), field+"."+k, limits{length: -1, min: lim.min, max: lim.max, hasMin: lim.hasMin, hasMax: lim.hasMax}); err != nil {
				return err
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return checkValue(v.Elem(), field, lim)
		}
	case reflect.Struct:
		return checkStruct(v, field+".")
	}
	return nil
}

func orDefault(n, def int) int {
	if n < 0 {
		return def
	}
	return n
}

// checkString refuses a string over max bytes, one that is not UTF-8 (or
// holds U+FFFD, what the JSON decoder puts in place of such bytes), one
// holding a control character (a newline, a tab, NUL, DEL, …) and one
// holding a bidirectional control (bidiControl).
func checkString(s, field string, max int) error {
	if len(s) > max {
		return &Error{Field: field, Reason: fmt.Sprintf("%d bytes, at most %d", len(s), max)}
	}
	if !utf8.ValidString(s) {
		return &Error{Field: field, Reason: "not valid UTF-8"}
	}
	for i, c := range s {
		switch {
		case unicode.IsControl(c) || c == '\u2028' || c == '\u2029':
			return &Error{Field: field, Reason: fmt.Sprintf("control character %U at byte %d (not allowed)", c, i)}
		case bidiControl(c):
			return &Error{Field: field, Reason: fmt.Sprintf("bidirectional control character %U at byte %d (not allowed: it reorders the text shown around it)", c, i)}
		case c == utf8.RuneError:
			// what encoding/json puts in place of bytes that are not
			// UTF-8, or of a lone surrogate escape: refused, not replaced
			return &Error{Field: field, Reason: fmt.Sprintf("%U at byte %d: bytes that are not UTF-8 text (not allowed)", c, i)}
		}
	}
	return nil
}

// bidiControl reports whether c is one of Unicode's explicit directional
// embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069): a name
// holding one would show the text after it reordered in the PGN, the pages
// and the reports. The marks a right-to-left name may need (U+200E,
// U+200F) and the joiners of Persian and Indic scripts are allowed.
func bidiControl(c rune) bool {
	return (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069')
}

// checkChars refuses a string over max characters, and what checkString
// refuses (its bytes bounded by four a character, UTF-8's longest).
func checkChars(s, field string, max int) error {
	if err := checkString(s, field, 4*max); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(s); n > max {
		return &Error{Field: field, Reason: fmt.Sprintf("%d characters, at most %d", n, max)}
	}
	return nil
}

func checkRange(n float64, text, field string, lim limits) error {
	lo, hi := -float64(Number), float64(Number)
	if lim.hasMin {
		lo = lim.min
	}
	if lim.hasMax {
		hi = lim.max
	}
	if n != n || n < lo || n > hi { // n != n: NaN
		return &Error{Field: field, Reason: fmt.Sprintf("%s is out of range %s to %s", text, fmtNum(lo), fmtNum(hi))}
	}
	return nil
}

func fmtNum(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }

// jsonName is the field's JSON name (its json tag's, else its Go name).
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

// Untagged lists the numeric fields of the struct type of v that have no
// `bounds` tag with both min and max: a port's test asserts it is empty,
// so that no integer of a command goes without its range.
func Untagged(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice || ft.Kind() == reflect.Map {
				ft = ft.Elem()
			}
			switch ft.Kind() {
			case reflect.Struct:
				walk(ft, prefix+jsonName(f)+".")
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
				reflect.Float32, reflect.Float64:
				l, err := parseTag(f.Tag.Get("bounds"))
				if err != nil || !l.hasMin || !l.hasMax {
					out = append(out, prefix+jsonName(f))
				}
			}
		}
	}
	if t.Kind() == reflect.Struct {
		walk(t, "")
	}
	return out
}
