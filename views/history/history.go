// Package history holds a game's log as it grows one action at a time, in
// a form that many versions of the game can share.
//
// A server keeps the game after each of its latest actions and, after an
// undo, moves an older one on again: two logs then grow from one prefix. A
// slice cannot do that safely (an append into a shared backing array writes
// over the newer log's entries) unless every append copies, which costs a
// long game a copy of its whole log per tap. A List is linked from its
// newest entry back to the oldest instead: Append makes one node and never
// writes to the list it grows from, and every list grown from a prefix
// shares it. The price is that reading the whole list walks it, which only
// a screen showing the whole log does (its cost is that of drawing it).
package history

// List is a sequence that grows at its end. It is a value: Append returns
// a longer list and leaves the one it was called on unchanged, so a List may
// be read by many goroutines at once. The zero List is empty.
type List[T any] struct {
	last *node[T]
	n    int
}

type node[T any] struct {
	v    T
	prev *node[T]
}

// Len is the number of entries.
func (l List[T]) Len() int { return l.n }

// Append is the list with v after its entries.
func (l List[T]) Append(v T) List[T] {
	return List[T]{last: &node[T]{v: v, prev: l.last}, n: l.n + 1}
}

// Last is the newest entry; ok is false for an empty list.
func (l List[T]) Last() (v T, ok bool) {
	if l.last == nil {
		return v, false
	}
	return l.last.v, true
}

// Tail is the last min(k, Len) entries, oldest first, in a new slice; it
// costs O(k) however long the list is.
func (l List[T]) Tail(k int) []T {
	k = max(min(k, l.n), 0)
	out := make([]T, k)
	nd := l.last
	for i := k - 1; i >= 0; i-- {
		out[i] = nd.v
		nd = nd.prev
	}
	return out
}

// All is every entry, oldest first, in a new slice.
func (l List[T]) All() []T { return l.Tail(l.n) }
