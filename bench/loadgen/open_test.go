package main

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// The open loop offers rate × duration calls, spread over the workers in
// turn, and a call that waits for its worker's previous one counts its
// latency from when it was due: a slow server cannot slow the clock.
func TestOpenScheduleOffersTheRateWhateverTheAnswers(t *testing.T) {
	var mu sync.Mutex
	calls := map[int]int{}
	st := openSchedule(context.Background(), 3, 200, 150*time.Millisecond, func(ctx context.Context, w int) (tapResult, time.Time) {
		mu.Lock()
		calls[w]++
		mu.Unlock()
		if w == 2 {
			return tapResult{err: errors.New("refused")}, time.Time{}
		}
		// Worker 0 is slow: its later calls wait for it.
		if w == 0 {
			time.Sleep(20 * time.Millisecond)
		}
		return tapResult{status: 200}, time.Time{}
	})
	if calls[0] != 10 || calls[1] != 10 || calls[2] != 10 {
		t.Fatalf("calls per worker %v, want 10 each (200/s for 150 ms over 3 workers)", calls)
	}
	if st.errors != 10 || len(st.lat) != 20 {
		t.Fatalf("%d errors and %d latencies, want 10 and 20", st.errors, len(st.lat))
	}
	// Worker 0's tenth call was due at 135 ms and starts after nine calls
	// of 20 ms each: it waited about 45 ms past its due time, and that
	// counts.
	if m := slices.Max(st.lat); m < 40*time.Millisecond {
		t.Errorf("the slowest latency is %v: the wait for a busy worker was not counted", m)
	}
}
