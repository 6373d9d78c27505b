package broker_test

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store/internal/broker"
)

func TestKeepsHighestUnread(t *testing.T) {
	b := broker.New()
	defer b.Close()
	ch := b.Subscribe(context.Background(), "g")
	b.Publish("g", 3)
	b.Publish("g", 5)
	b.Publish("g", 4) // arrived late: must not hide 5
	b.Publish("other", 9)
	if v := <-ch; v != 5 {
		t.Errorf("got %d, want 5", v)
	}
	b.Publish("g", 5) // a repeat, e.g. a listener's catch-up
	b.Publish("g", 2)
	select {
	case v := <-ch:
		t.Errorf("unexpected value %d after 5 was read", v)
	default:
	}
	b.Publish("g", 6)
	if v := <-ch; v != 6 {
		t.Errorf("got %d, want 6", v)
	}
}

func TestCancelClosesAndForgets(t *testing.T) {
	b := broker.New()
	defer b.Close()
	ctx, cancel := context.WithCancel(context.Background())
	ch := b.Subscribe(ctx, "g")
	cancel()
	select {
	case _, ok := <-ch:
		if ok {
			t.Fatal("got a value, want closed")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("channel not closed after cancel")
	}
	if w := b.Watched(); len(w) != 0 {
		t.Errorf("Watched = %v after the only watcher left", w)
	}
	b.Publish("g", 1) // no watcher: must not block or panic
}

func TestCloseClosesAll(t *testing.T) {
	b := broker.New()
	chs := []<-chan int{b.Subscribe(context.Background(), "a"), b.Subscribe(context.Background(), "b")}
	b.Close()
	b.Close()
	for _, ch := range chs {
		if _, ok := <-ch; ok {
			t.Error("channel open after Close")
		}
	}
	if _, ok := <-b.Subscribe(context.Background(), "a"); ok {
		t.Error("Subscribe after Close returned an open channel")
	}
}

// TestNoGoroutinePerWatcher checks that idle watchers cost no goroutines and
// that cancelling many at once while publishing is race-free.
func TestNoGoroutinePerWatcher(t *testing.T) {
	b := broker.New()
	defer b.Close()
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	chs := make([]<-chan int, 1000)
	for i := range chs {
		chs[i] = b.Subscribe(ctx, "g")
	}
	if n := runtime.NumGoroutine(); n > before+5 {
		t.Errorf("%d goroutines for 1000 idle watchers (was %d)", n, before)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		for v := range 1000 {
			b.Publish("g", v)
		}
	})
	cancel()
	wg.Wait()
	for _, ch := range chs {
		for range ch {
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before+1 {
		t.Errorf("%d goroutines left, want about %d", n, before)
	}
}
