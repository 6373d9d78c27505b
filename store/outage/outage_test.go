package outage

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
)

var errDown = errors.New("connection refused")

// fake answers Game and Append with the error it is told.
type fake struct {
	store.Store
	err error
}

func (f *fake) Game(context.Context, string) (store.Game, error) { return store.Game{}, f.err }
func (f *fake) Append(context.Context, string, int, store.Entry) (int, error) {
	return 1, f.err
}

func TestOutage(t *testing.T) {
	var logs bytes.Buffer
	f := &fake{}
	s := Wrap(f, func(err error) bool { return errors.Is(err, errDown) }, slog.New(slog.NewTextHandler(&logs, nil)))
	clock := time.Unix(0, 0)
	s.now = func() time.Time { return clock }
	ctx := context.Background()

	f.err = errDown
	for range 3 {
		_, err := s.Append(ctx, "g", 0, store.Entry{})
		if !errors.Is(err, store.ErrUnavailable) || !errors.Is(err, errDown) {
			t.Fatalf("err = %v, want ErrUnavailable wrapping the driver's error", err)
		}
	}
	if down, _ := s.Down(); !down {
		t.Fatal("not down after failures")
	}
	clock = clock.Add(12 * time.Second)
	// A read the memo may answer, and a caller that left, prove nothing.
	f.err = nil
	s.Game(ctx, "g")
	f.err = context.Canceled
	s.Append(ctx, "g", 0, store.Entry{})
	if down, _ := s.Down(); !down {
		t.Fatal("a memo read or a cancelled call ended the outage")
	}
	// A refusal from the database itself (a conflict) proves it answers.
	f.err = store.ErrConflict
	if _, err := s.Append(ctx, "g", 0, store.Entry{}); !errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("a conflict became %v", err)
	}
	if down, _ := s.Down(); down {
		t.Fatal("still down after the database answered")
	}
	out := logs.String()
	if n := strings.Count(out, "store unreachable"); n != 1 {
		t.Errorf("outage logged %d times, want once:\n%s", n, out)
	}
	if !strings.Contains(out, "store back") || !strings.Contains(out, "after=12s") {
		t.Errorf("the return is not logged with its duration:\n%s", out)
	}
}
