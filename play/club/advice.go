package club

import (
	"context"
	"time"
)

// Advisor bounds: the time a table may take (it stops between rounds of
// simulated games, the play layer bounds the rounds) and one table at a
// time per server, so a burst of requests queues instead of taking every
// CPU.
const (
	AdviceBudget = 800 * time.Millisecond
	AdviceWait   = 5 * time.Second
)

// AdviceTurn waits (at most AdviceWait) until no other advisor table is
// being simulated, and holds the turn until done is called; more says the
// table may go on (within AdviceBudget, and while ctx lasts). A server
// still busy after the wait refuses (Busy).
func (s *Service) AdviceTurn(ctx context.Context) (more func() bool, done func(), err error) {
	select {
	case s.advising <- struct{}{}:
	case <-time.After(AdviceWait):
		return nil, nil, refuse(Busy, "The advisor is busy. Try again in a moment.")
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	start := time.Now()
	return func() bool { return time.Since(start) < AdviceBudget && ctx.Err() == nil }, func() { <-s.advising }, nil
}
