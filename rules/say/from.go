package say

// From is t from its part i on (nothing when t has no more parts): a
// reader that shows only the end of a sentence elsewhere (a scoresheet
// keeps what a spell did, not who cast it) cuts the start off, as Until
// cuts off the end.
func (t Text) From(i int) Text {
	if i >= len(t.parts) {
		return Text{}
	}
	if i <= 0 {
		return t
	}
	return Text{parts: t.parts[i:len(t.parts):len(t.parts)]}
}
