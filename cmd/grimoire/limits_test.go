package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/handlers"
)

func TestLimitFlags(t *testing.T) {
	t.Run("no flag and no environment: the defaults", func(t *testing.T) {
		cfg, err := parseServe(nil, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.limits != handlers.DefaultLimits() {
			t.Fatalf("limits %+v, want the defaults %+v", cfg.limits, handlers.DefaultLimits())
		}
	})
	t.Run("the environment sets them, a flag wins over it", func(t *testing.T) {
		t.Setenv("GRIMOIRE_STREAMS_PER_CLIENT", "5")
		t.Setenv("GRIMOIRE_STREAMS_TOTAL", "50")
		t.Setenv("GRIMOIRE_GAMES_PER_HOUR", "7")
		t.Setenv("GRIMOIRE_HOME_PAGE_SIZE", "9")
		t.Setenv("GRIMOIRE_MAX_BODY", "512KB")
		t.Setenv("GRIMOIRE_READ_HEADER_TIMEOUT", "3s")
		t.Setenv("GRIMOIRE_READ_TIMEOUT", "20s")
		t.Setenv("GRIMOIRE_WRITE_TIMEOUT", "25s")
		t.Setenv("GRIMOIRE_STATIC_WRITE_TIMEOUT", "5m")
		t.Setenv("GRIMOIRE_IDLE_TIMEOUT", "1m")
		cfg, err := parseServe([]string{"--games-per-hour", "11", "--max-body", "1MB", "--write-timeout", "40s"}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		want := handlers.Limits{
			StreamsPerClient: 5, StreamsTotal: 50, GamesPerHour: 11, HomePageSize: 9, MaxBody: 1 << 20,
			ReadHeaderTimeout: 3 * time.Second, ReadTimeout: 20 * time.Second, WriteTimeout: 40 * time.Second,
			StaticWriteTimeout: 5 * time.Minute, IdleTimeout: time.Minute,
		}
		if cfg.limits != want {
			t.Fatalf("limits\n %+v\nwant\n %+v", cfg.limits, want)
		}
	})
	refused := []struct {
		rule      string
		env, val  string
		args      []string
		mentioned string
	}{
		{"a count that is not a number", "GRIMOIRE_STREAMS_PER_CLIENT", "lots", nil, "GRIMOIRE_STREAMS_PER_CLIENT"},
		{"a duration without a unit", "GRIMOIRE_READ_TIMEOUT", "30", nil, "GRIMOIRE_READ_TIMEOUT"},
		{"a size that is no size", "GRIMOIRE_MAX_BODY", "big", nil, "GRIMOIRE_MAX_BODY"},
		{"zero games per hour would refuse every game", "", "", []string{"--games-per-hour", "0"}, "--games-per-hour"},
		{"a negative stream allowance", "", "", []string{"--streams-total", "-1"}, "--streams-total"},
		{"a zero timeout", "", "", []string{"--read-timeout", "0s"}, "--read-timeout"},
	}
	for _, tc := range refused {
		t.Run(tc.rule, func(t *testing.T) {
			if tc.env != "" {
				t.Setenv(tc.env, tc.val)
			}
			_, err := parseServe(tc.args, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.mentioned) {
				t.Fatalf("err = %v, want one naming %s", err, tc.mentioned)
			}
		})
	}
}

func TestSizeValue(t *testing.T) {
	for in, want := range map[string]int64{"2097152": 2 << 20, "512KB": 512 << 10, "2MB": 2 << 20, "2mb": 2 << 20, " 3 MB ": 3 << 20} {
		var v sizeValue
		if err := v.Set(in); err != nil || int64(v) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, v, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1KB", "2GB", "MB", "1.5MB"} {
		var v sizeValue
		if err := v.Set(in); err == nil {
			t.Errorf("Set(%q) accepted: %d", in, v)
		}
	}
}
