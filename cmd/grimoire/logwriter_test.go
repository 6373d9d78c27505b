package main

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the flush timer's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestLogWriter(t *testing.T) {
	t.Run("info lines wait, then come out in order", func(t *testing.T) {
		var out syncBuffer
		w := newLogWriter(&out, 50*time.Millisecond)
		log := slog.New(flushingHandler{slog.NewTextHandler(w, nil), w})
		log.Info("one")
		log.Info("two")
		if got := out.String(); got != "" {
			t.Errorf("written at once: %q", got)
		}
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(out.String(), "two") && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		got := out.String()
		if i, j := strings.Index(got, "msg=one"), strings.Index(got, "msg=two"); i < 0 || j < i {
			t.Errorf("lines missing or reordered: %q", got)
		}
	})
	t.Run("a warning writes out what is held, itself last", func(t *testing.T) {
		var out syncBuffer
		w := newLogWriter(&out, time.Hour)
		log := slog.New(flushingHandler{slog.NewTextHandler(w, nil), w}).With("app", "grimoire")
		log.Info("before")
		log.Warn("trouble")
		got := out.String()
		if i, j := strings.Index(got, "msg=before"), strings.Index(got, "msg=trouble"); i < 0 || j < i || !strings.Contains(got, "app=grimoire") {
			t.Errorf("after a warning the log says %q", got)
		}
	})
	t.Run("a full buffer is written out", func(t *testing.T) {
		var out syncBuffer
		w := newLogWriter(&out, time.Hour)
		line := strings.Repeat("x", 1000) + "\n"
		for range logFlushAt/len(line) + 1 {
			w.Write([]byte(line))
		}
		if len(out.String()) < logFlushAt {
			t.Errorf("%d bytes written after %d held", len(out.String()), logFlushAt)
		}
	})
	t.Run("close writes out the rest, and later lines go straight through", func(t *testing.T) {
		var out syncBuffer
		w := newLogWriter(&out, time.Hour)
		w.Write([]byte("held\n"))
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("after\n"))
		if got := out.String(); got != "held\nafter\n" {
			t.Errorf("got %q", got)
		}
	})
}
