package middleware

import (
	"testing"
	"time"
)

func TestDeviceMemo(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		put    []string // cookies remembered at t0, each as the device "id-"+cookie
		ask    string
		at     time.Duration // after t0
		want   string
		wantOK bool
	}{
		{"a remembered cookie names its device", []string{"A"}, "A", time.Second, "id-A", true},
		{"another cookie value is not known", []string{"A"}, "A2", time.Second, "", false},
		{"a minute later it is decoded again", []string{"A"}, "A", time.Minute + time.Second, "", false},
		{"a clock gone back does not trust it", []string{"A"}, "A", -time.Second, "", false},
		{"a full memo starts again empty", []string{"A", "B", "C"}, "A", time.Second, "", false},
		{"and keeps what came after", []string{"A", "B", "C"}, "C", time.Second, "id-C", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewDeviceMemo(2, time.Minute)
			for _, c := range tc.put {
				m.put(c, "id-"+c, t0)
			}
			got, ok := m.get(tc.ask, t0.Add(tc.at))
			if got != tc.want || ok != tc.wantOK {
				t.Fatalf("get(%q) = %q, %v; want %q, %v", tc.ask, got, ok, tc.want, tc.wantOK)
			}
		})
	}
}
