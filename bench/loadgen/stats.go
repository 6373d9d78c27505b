package main

import (
	"fmt"
	"slices"
	"sync"
	"time"
)

// stats collects the taps of one run. Every tap is kept: runs are bounded
// in time and rate, so that is at most a few hundred thousand durations.
type stats struct {
	mu       sync.Mutex
	lat      []time.Duration
	wire     []int
	size     []int
	errors   int
	refused  int // 409/422 answers: the screen changed under the tap
	firstErr error
	elapsed  time.Duration
}

func (s *stats) add(r tapResult) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.err != nil {
		s.errors++
		if s.firstErr == nil {
			s.firstErr = r.err
		}
		return
	}
	if r.status != 200 {
		s.refused++
	}
	s.lat = append(s.lat, r.latency)
	s.wire = append(s.wire, r.wire)
	s.size = append(s.size, r.size)
}

func pct(xs []time.Duration, p float64) time.Duration {
	if len(xs) == 0 {
		return 0
	}
	ys := slices.Clone(xs)
	slices.Sort(ys)
	return ys[min(len(ys)-1, int(p*float64(len(ys))))]
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	ys := slices.Clone(xs)
	slices.Sort(ys)
	return ys[len(ys)/2]
}

func (s *stats) rate() float64 {
	if s.elapsed <= 0 {
		return 0
	}
	return float64(len(s.lat)) / s.elapsed.Seconds()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func (s *stats) String() string {
	return fmt.Sprintf("%d taps in %.1fs = %.0f/s; p50 %s p95 %s p99 %s max %s; answer median %s (wire %s), max %s; %d refused (stale/illegal), %d errors",
		len(s.lat), s.elapsed.Seconds(), s.rate(),
		ms(pct(s.lat, .50)), ms(pct(s.lat, .95)), ms(pct(s.lat, .99)), ms(pct(s.lat, 1)),
		kb(median(s.size)), kb(median(s.wire)), kb(slices.Max(append([]int{0}, s.size...))), s.refused, s.errors)
}

func kb(n int) string { return fmt.Sprintf("%.2f KB", float64(n)/1000) }

// medianOf is the median of a figure over rounds.
func medianOf(xs []float64) float64 {
	ys := slices.Clone(xs)
	slices.Sort(ys)
	if len(ys) == 0 {
		return 0
	}
	return ys[len(ys)/2]
}
