package middleware

import (
	"sync"
	"time"
)

// DeviceMemo remembers the device id of session cookies decoded lately.
// Decoding one (MAC check, decryption, and a gob decoder that compiles the
// session's types afresh each time) was a fifth of a cached page GET's CPU,
// and a phone sends the same cookie on every request: the cookie is never
// rewritten once it holds an id. Only a cookie that decoded is remembered,
// keyed by its exact value, so nothing unsigned is ever trusted; an entry
// lives a minute, so the cookie's own age limit still applies.
type DeviceMemo struct {
	mu   sync.Mutex
	ids  map[string]memoID
	max  int
	life time.Duration
}

type memoID struct {
	id string
	at time.Time
}

// DeviceMemoMax bounds the memo the server keeps; when full it starts again
// empty, which costs one decode per phone.
const DeviceMemoMax = 8192

// NewDeviceMemo remembers at most max cookies, each for life.
func NewDeviceMemo(max int, life time.Duration) *DeviceMemo {
	return &DeviceMemo{ids: map[string]memoID{}, max: max, life: life}
}

func (m *DeviceMemo) get(cookie string, now time.Time) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.ids[cookie]
	if !ok || now.Sub(e.at) > m.life || now.Before(e.at) {
		return "", false
	}
	return e.id, true
}

func (m *DeviceMemo) put(cookie, id string, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.ids) >= m.max {
		clear(m.ids)
	}
	m.ids[cookie] = memoID{id: id, at: now}
}
