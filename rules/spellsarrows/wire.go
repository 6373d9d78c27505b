package spellsarrows

// parseWireFast reads an action written the way MarshalJSON writes it, with
// no whitespace: {"type":"move","to":"A"}. It reports false for anything
// else (other spacing, key order, escapes, unusual numbers, a key twice...),
// and ParseAction then decodes strictly with encoding/json; for what it
// accepts it gives what that decoder would. Replay reads every action of a
// game on each request, so this is the path a stored log takes.
func parseWireFast(raw []byte) (wireAction, bool) {
	var w wireAction
	const head = `{"type":"`
	if len(raw) < len(head)+2 || string(raw[:len(head)]) != head {
		return w, false
	}
	i := len(head)
	typ, i, ok := plainString(raw, i)
	if !ok {
		return w, false
	}
	w.Type = typ
	var made bool
	var card, cut int
	var to, from, at, span string
	for {
		if i >= len(raw) {
			return w, false
		}
		if raw[i] == '}' {
			if i != len(raw)-1 {
				return w, false
			}
			return w, true
		}
		if raw[i] != ',' || i+1 >= len(raw) || raw[i+1] != '"' {
			return w, false
		}
		key, j, ok := plainString(raw, i+2)
		if !ok || j >= len(raw) || raw[j] != ':' {
			return w, false
		}
		i = j + 1
		switch key {
		case "made":
			if w.Made != nil {
				return w, false
			}
			switch {
			case hasPrefixAt(raw, i, "true"):
				made, i = true, i+4
			case hasPrefixAt(raw, i, "false"):
				made, i = false, i+5
			default:
				return w, false
			}
			w.Made = &made
		case "to", "from", "at", "span":
			if i >= len(raw) || raw[i] != '"' {
				return w, false
			}
			var v string
			if v, i, ok = plainString(raw, i+1); !ok {
				return w, false
			}
			var p **string
			var dst *string
			switch key {
			case "to":
				p, dst = &w.To, &to
			case "from":
				p, dst = &w.From, &from
			case "at":
				p, dst = &w.At, &at
			default:
				p, dst = &w.Span, &span
			}
			if *p != nil {
				return w, false
			}
			*dst = v
			*p = dst
		case "card", "cut":
			var n int
			if n, i, ok = plainInt(raw, i); !ok {
				return w, false
			}
			if key == "card" {
				if w.Card != nil {
					return w, false
				}
				card = n
				w.Card = &card
			} else {
				if w.Cut != nil {
					return w, false
				}
				cut = n
				w.Cut = &cut
			}
		default:
			return w, false
		}
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
