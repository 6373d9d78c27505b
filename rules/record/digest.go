package record

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// Which game a record is, written once for the server, the phone and the
// command line (docs/records.md, "The same game"):
//
//   - Two records are the same record when their game, version, seed, setup
//     and actions are the same JSON values: spacing, key order and the way a
//     string is escaped do not count. Digest names that value.
//   - A record whose actions are the first actions of another record with
//     the same start (game, version, seed and setup) is an earlier moment of
//     that game: the same game. Records with the same start that part ways
//     (moves undone and played differently after one was exported) are two
//     accounts of what happened, and so two games.

// Canonical writes one JSON value in a single form: no spacing, object keys
// in byte order, strings as encoding/json escapes them and numbers exactly
// as written (the rules read whole numbers, so "2" and "2.0" never both
// describe a legal record). Two texts of the same value give the same bytes.
func Canonical(raw []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("canonical JSON: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("canonical JSON: trailing data after the value")
	}
	var b bytes.Buffer
	if err := writeCanonical(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeCanonical(b *bytes.Buffer, v any) error {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			if err := writeCanonical(b, v[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeCanonical(b, x); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case string:
		writeString(b, v)
	case json.Number:
		b.WriteString(v.String())
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case nil:
		b.WriteString("null")
	default:
		return fmt.Errorf("canonical JSON: unexpected %T", v)
	}
	return nil
}

func writeString(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s) // a string always marshals
	b.Write(q)
}

// Start is the canonical text of what a game starts from: game, version,
// seed and setup. Records of one game share it.
func Start(r Record) ([]byte, error) {
	setup, err := Canonical(r.Setup)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	var b bytes.Buffer
	b.WriteString(`{"game":`)
	writeString(&b, r.Game)
	b.WriteString(`,"seed":`)
	b.WriteString(strconv.FormatInt(r.Seed, 10))
	b.WriteString(`,"setup":`)
	b.Write(setup)
	b.WriteString(`,"version":`)
	b.WriteString(strconv.Itoa(r.Version))
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Digest names the record: two records have the same digest exactly when
// they are the same record (see Canonical), "sha256:" and 64 hex digits.
func Digest(r Record) (string, error) {
	start, err := Start(r)
	if err != nil {
		return "", err
	}
	h := newHash()
	h.Write(start)
	h.Write([]byte{'\n'})
	for i, a := range r.Actions {
		c, err := Canonical(a)
		if err != nil {
			return "", &ActionError{Index: i, Err: err}
		}
		h.Write(c)
		h.Write([]byte{'\n'}) // canonical JSON holds no raw newline
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// Kinship is how one record stands to another.
type Kinship int

const (
	// Unrelated: different starts, or the same start with actions that part
	// ways. Two games.
	Unrelated Kinship = iota
	// Same: the same record.
	Same
	// Earlier: the first record is an earlier moment of the second (its
	// actions are the second's first actions, and there are fewer).
	Earlier
	// Later: the first record goes on from the second.
	Later
)

// Compare says how record a stands to record b (see Kinship). A record
// whose JSON cannot be read is an error.
func Compare(a, b Record) (Kinship, error) {
	sa, err := Start(a)
	if err != nil {
		return Unrelated, err
	}
	sb, err := Start(b)
	if err != nil {
		return Unrelated, err
	}
	if !bytes.Equal(sa, sb) {
		return Unrelated, nil
	}
	return CompareActions(a.Actions, b.Actions)
}

// CompareActions is Compare for two records already known to have the
// same start: how actions a stand to actions b.
func CompareActions(a, b []json.RawMessage) (Kinship, error) {
	for i := range min(len(a), len(b)) {
		if bytes.Equal(a[i], b[i]) {
			continue // the usual case: both as the app wrote them
		}
		ca, err := Canonical(a[i])
		if err != nil {
			return Unrelated, &ActionError{Index: i, Err: err}
		}
		cb, err := Canonical(b[i])
		if err != nil {
			return Unrelated, &ActionError{Index: i, Err: err}
		}
		if !bytes.Equal(ca, cb) {
			return Unrelated, nil
		}
	}
	switch {
	case len(a) == len(b):
		return Same, nil
	case len(a) < len(b):
		return Earlier, nil
	}
	return Later, nil
}

// SameGame says whether a and b are the same game: the same record, or one
// an earlier moment of the other.
func SameGame(a, b Record) (bool, error) {
	k, err := Compare(a, b)
	return k != Unrelated, err
}
