package events

// validEnd returns the index just after the JSON value that starts at
// b[i] (no white space before it), or -1 if no valid value starts there.
// It accepts exactly what encoding/json's scanner accepts (json.Valid),
// nesting limit included, in one pass without the scanner's per-byte
// function calls: the envelope decoder uses it to find the end of an
// event's data and validate it at once. FuzzValidEnd checks it against
// json.Valid.
func validEnd(b []byte, i int) int {
	// open holds the containers entered: '{' or '['; a small array on the
	// stack covers every ordinary document.
	var small [32]byte
	open := small[:0]
	for {
		// A value starts at b[i].
		if i >= len(b) {
			return -1
		}
		switch c := b[i]; {
		case c == '{' || c == '[':
			if len(open) == maxJSONDepth {
				return -1
			}
			open = append(open, c)
			i = skipSpace(b, i+1)
			if i < len(b) && (b[i] == '}' && c == '{' || b[i] == ']' && c == '[') {
				open = open[:len(open)-1]
				i++
				break
			}
			if c == '{' {
				if i = objectKey(b, i); i < 0 {
					return -1
				}
			}
			continue // the container's first value
		case c == '"':
			i = stringEnd(b, i)
		case c == '-' || c >= '0' && c <= '9':
			i = numberEnd(b, i)
		case c == 't':
			i = literalEnd(b, i, "true")
		case c == 'f':
			i = literalEnd(b, i, "false")
		case c == 'n':
			i = literalEnd(b, i, "null")
		default:
			return -1
		}
		if i < 0 {
			return -1
		}
		// After a value: close containers, or go on to the next value.
		for {
			if len(open) == 0 {
				return i
			}
			i = skipSpace(b, i)
			if i >= len(b) {
				return -1
			}
			top := open[len(open)-1]
			if b[i] == ',' {
				i = skipSpace(b, i+1)
				if top == '{' {
					if i = objectKey(b, i); i < 0 {
						return -1
					}
				}
				break
			}
			if b[i] == '}' && top == '{' || b[i] == ']' && top == '[' {
				open = open[:len(open)-1]
				i++
				continue
			}
			return -1
		}
	}
}

// maxJSONDepth is encoding/json's nesting limit.
const maxJSONDepth = 10000

// objectKey reads `"key" :` and the white space after it, returning the
// index of the value, or -1.
func objectKey(b []byte, i int) int {
	if i >= len(b) || b[i] != '"' {
		return -1
	}
	if i = stringEnd(b, i); i < 0 {
		return -1
	}
	i = skipSpace(b, i)
	if i >= len(b) || b[i] != ':' {
		return -1
	}
	return skipSpace(b, i+1)
}

// stringEnd returns the index after the JSON string starting at b[i] (a
// '"'), or -1: no control characters, valid escapes; other bytes, even
// invalid UTF-8, are accepted as encoding/json accepts them.
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		c := b[i]
		if plainByte[c] {
			continue
		}
		switch {
		case c == '"':
			return i + 1
		case c == '\\':
			i++
			if i >= len(b) {
				return -1
			}
			switch b[i] {
			case 'b', 'f', 'n', 'r', 't', '\\', '/', '"':
			case 'u':
				if i+4 >= len(b) {
					return -1
				}
				for _, h := range b[i+1 : i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return -1
					}
				}
				i += 4
			default:
				return -1
			}
		case c < 0x20:
			return -1
		}
		// Other bytes (0x80 and above) are accepted.
	}
	return -1
}

// plainByte marks the bytes a JSON string holds as they are: printable
// ASCII except '"' and '\\'.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// numberEnd returns the index after the JSON number starting at b[i], or
// -1: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func numberEnd(b []byte, i int) int {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digitsEnd(b, i+1)
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		j := digitsEnd(b, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digitsEnd(b, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

func digitsEnd(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

func literalEnd(b []byte, i int, lit string) int {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return -1
	}
	return i + len(lit)
}
