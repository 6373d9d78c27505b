// Package broker fans a game's new versions out to the watchers in this
// process. Both backends use it: SQLite publishes after its own commits,
// PostgreSQL after each NOTIFY its listener receives.
//
// A value only says "look": watchers catch up by reading the log, so the
// broker never blocks a writer for a slow watcher. Each watcher has a buffer of
// one holding the newest unread version, and sees versions only increase: a
// value at or below one it was already sent (a late publisher, a listener's
// catch-up) is news to nobody and is dropped.
package broker

import (
	"context"
	"sync"
)

// Broker is safe for concurrent use. The zero value is not usable; call New.
type Broker struct {
	mu     sync.Mutex
	subs   map[string]map[*sub]struct{}
	closed bool
}

type sub struct {
	ch   chan int
	last int         // highest version sent; guarded by Broker.mu
	stop func() bool // unregisters the context.AfterFunc
}

// New returns an empty broker.
func New() *Broker {
	return &Broker{subs: make(map[string]map[*sub]struct{})}
}

// Subscribe returns a channel that receives the versions published for id
// until ctx ends or the broker closes; then the channel is closed.
//
// No goroutine waits on ctx: context.AfterFunc runs the unsubscribe, so an
// idle watcher costs only its map entry.
func (b *Broker) Subscribe(ctx context.Context, id string) <-chan int {
	s := &sub{ch: make(chan int, 1)}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed || ctx.Err() != nil {
		close(s.ch)
		return s.ch
	}
	set := b.subs[id]
	if set == nil {
		set = make(map[*sub]struct{})
		b.subs[id] = set
	}
	set[s] = struct{}{}
	// AfterFunc may run right away when ctx ended since the check above; it
	// then waits for b.mu, which we release on return, so it is safe.
	s.stop = context.AfterFunc(ctx, func() { b.unsubscribe(id, s) })
	return s.ch
}

func (b *Broker) unsubscribe(id string, s *sub) {
	b.mu.Lock()
	defer b.mu.Unlock()
	set, ok := b.subs[id]
	if !ok {
		return
	}
	if _, ok := set[s]; !ok {
		return // Close got there first and already closed the channel
	}
	delete(set, s)
	if len(set) == 0 {
		delete(b.subs, id)
	}
	close(s.ch)
}

// Publish offers version to every watcher of id without blocking. An unread
// older value is replaced, so a slow watcher wakes once, to the newest.
func (b *Broker) Publish(id string, version int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs[id] {
		if version <= s.last {
			continue
		}
		s.last = version
		select {
		case <-s.ch:
		default:
		}
		// Only Publish sends, and it holds b.mu, so the buffer is now free.
		s.ch <- version
	}
}

// Watched returns the ids that have at least one watcher, so a listener that
// reconnects knows which games may have missed a notification.
func (b *Broker) Watched() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	ids := make([]string, 0, len(b.subs))
	for id := range b.subs {
		ids = append(ids, id)
	}
	return ids
}

// Close closes every watcher's channel; later subscriptions get a closed
// channel at once. Close is idempotent.
func (b *Broker) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	for id, set := range b.subs {
		for s := range set {
			s.stop()
			close(s.ch)
		}
		delete(b.subs, id)
	}
}
