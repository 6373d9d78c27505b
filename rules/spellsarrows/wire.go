package spellsarrows

// shape says which optional fields an action carried in its JSON.
type shape uint8

const (
	hasMade shape = 1 << iota
	hasTo
	hasFrom
	hasAt
	hasSpan
	hasCard
	hasCut
)

// wellFormed reports whether an action of type typ with these fields is one
// parseActionStrict accepts (it then reads the same values); anything else
// goes there for its reason.
func wellFormed(typ string, sh shape) bool {
	switch typ {
	case TypeSpyShot, TypeArrow, TypeSpellShot:
		return sh == hasMade
	case TypeLeap:
		// Whether the leap was made is checked by the caller's values: a
		// made leap needs both spans, a missed one neither.
		return sh == hasMade || sh == hasMade|hasFrom|hasTo
	case TypeMove:
		return sh == hasTo
	case TypeCast:
		return sh == hasCard
	case TypeTarget:
		return sh == hasAt || sh == hasSpan
	case TypeBench:
		return sh == hasCard || sh == hasCard|hasCut
	case TypePass, TypeAbandon, TypeEndHalf:
		return sh == 0
	}
	return false
}

// parseWireFast reads an action written the way MarshalJSON writes it, with
// no whitespace: {"type":"move","to":"A"}. It reports false for anything
// else (other spacing, key order, escapes, unusual numbers, a key twice...),
// which ParseAction then decodes strictly with encoding/json; for what it
// accepts it reads what that decoder would. Replay reads every action of a
// game on each request, so this is the path a stored log takes.
func parseWireFast(raw []byte) (Action, shape, bool) {
	var a Action
	var sh shape
	const head = `{"type":"`
	if len(raw) < len(head)+2 || string(raw[:len(head)]) != head {
		return a, 0, false
	}
	end := len(head)
	for end < len(raw) && raw[end] != '"' {
		end++
	}
	// The type is one of a few constants: no copy of it is made.
	for _, t := range actionTypes {
		if string(raw[len(head):min(end, len(raw))]) == t {
			a.Type = t
		}
	}
	if a.Type == "" {
		return a, 0, false
	}
	i := end + 1
	for {
		if i >= len(raw) {
			return a, 0, false
		}
		if raw[i] == '}' {
			if i != len(raw)-1 {
				return a, 0, false
			}
			// The values a leap's shape depends on, and a cut that must
			// name a card: left to the strict reader and its reasons.
			if a.Type == TypeLeap && (sh&hasFrom != 0) != a.Made || sh&hasCut != 0 && a.Cut == 0 {
				return a, 0, false
			}
			return a, sh, true
		}
		if raw[i] != ',' || i+1 >= len(raw) || raw[i+1] != '"' {
			return a, 0, false
		}
		key, j, ok := plainString(raw, i+2)
		if !ok || j >= len(raw) || raw[j] != ':' {
			return a, 0, false
		}
		i = j + 1
		var bit shape
		switch key {
		case "made":
			bit = hasMade
			switch {
			case hasPrefixAt(raw, i, "true"):
				a.Made, i = true, i+4
			case hasPrefixAt(raw, i, "false"):
				a.Made, i = false, i+5
			default:
				return a, 0, false
			}
		case "to", "from", "at", "span":
			if i >= len(raw) || raw[i] != '"' {
				return a, 0, false
			}
			var v string
			// An empty place is refused by the strict reader, with its reason.
			if v, i, ok = plainString(raw, i+1); !ok || v == "" {
				return a, 0, false
			}
			switch key {
			case "to":
				bit, a.To = hasTo, v
			case "from":
				bit, a.From = hasFrom, v
			case "at":
				bit, a.At = hasAt, v
			default:
				bit, a.Span = hasSpan, v
			}
		case "card", "cut":
			var n int
			if n, i, ok = plainInt(raw, i); !ok {
				return a, 0, false
			}
			if key == "card" {
				bit, a.Card = hasCard, n
			} else {
				bit, a.Cut = hasCut, n
			}
		default:
			return a, 0, false
		}
		if sh&bit != 0 {
			return a, 0, false
		}
		sh |= bit
	}
}

func hasPrefixAt(raw []byte, i int, s string) bool {
	return len(raw)-i >= len(s) && string(raw[i:i+len(s)]) == s
}

// plainString reads the rest of a string that starts at i (after its
// opening quote) when it holds printable ASCII without escapes; it returns
// the index after the closing quote.
func plainString(raw []byte, i int) (string, int, bool) {
	for j := i; j < len(raw); j++ {
		switch c := raw[j]; {
		case c == '"':
			return string(raw[i:j]), j + 1, true
		case c == '\\' || c < 0x20 || c > 0x7e:
			return "", 0, false
		}
	}
	return "", 0, false
}

// plainInt reads a JSON integer of up to 9 digits (0, or no leading zero)
// followed by "," or "}".
func plainInt(raw []byte, i int) (int, int, bool) {
	neg := i < len(raw) && raw[i] == '-'
	if neg {
		i++
	}
	start, n := i, 0
	for i < len(raw) && raw[i] >= '0' && raw[i] <= '9' && i-start < 10 {
		n = n*10 + int(raw[i]-'0')
		i++
	}
	digits := i - start
	if digits == 0 || digits > 9 || (raw[start] == '0' && digits > 1) || i >= len(raw) || (raw[i] != ',' && raw[i] != '}') {
		return 0, 0, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}
