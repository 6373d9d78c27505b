package main

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// link is a shaped network link in front of the server: every connection
// the browser opens, the page's and the service worker's alike, goes
// through it. DevTools' own throttling applies to one target's requests and
// leaves the worker's precache fetches at full speed; a proxy shapes and
// counts them all, as a phone's radio would.
type link struct {
	ln       net.Listener
	target   string
	rtt      time.Duration
	down, up *pipe // bytes per second each way, shared by all connections
}

// pipe is one direction of the link: a single queue that serialises every
// byte at the link's rate, then delays it by half the round trip.
type pipe struct {
	mu    sync.Mutex
	rate  float64 // bytes per second; 0 is unshaped
	busy  time.Time
	bytes atomic.Int64
}

// slot returns when a chunk of n bytes has fully arrived at the far end.
func (p *pipe) slot(n int, oneWay time.Duration) time.Time {
	p.bytes.Add(int64(n))
	now := time.Now()
	if p.rate <= 0 {
		return now.Add(oneWay)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	start := now
	if p.busy.After(now) {
		start = p.busy
	}
	p.busy = start.Add(time.Duration(float64(n) / p.rate * float64(time.Second)))
	return p.busy.Add(oneWay)
}

// newLink listens on a free port of 127.0.0.1 (a secure context for the
// browser, so the service worker runs) and forwards to target.
func newLink(target string, rtt time.Duration, downBits, upBits float64) (*link, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	l := &link{ln: ln, target: target, rtt: rtt, down: &pipe{rate: downBits / 8}, up: &pipe{rate: upBits / 8}}
	go l.serve()
	return l, nil
}

func (l *link) addr() string { return l.ln.Addr().String() }
func (l *link) close()       { l.ln.Close() }

func (l *link) serve() {
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		go l.forward(c)
	}
}

func (l *link) forward(c net.Conn) {
	defer c.Close()
	s, err := net.Dial("tcp", l.target)
	if err != nil {
		return
	}
	defer s.Close()
	// The TCP handshake costs a round trip before the first byte.
	time.Sleep(l.rtt)
	done := make(chan struct{}, 2)
	go func() { shape(s, c, l.up, l.rtt/2); done <- struct{}{} }()
	go func() { shape(c, s, l.down, l.rtt/2); done <- struct{}{} }()
	<-done
}

// shape copies src to dst through the pipe: chunks are read as they come
// and written when the link would have delivered them.
func shape(dst io.Writer, src io.Reader, p *pipe, oneWay time.Duration) {
	type chunk struct {
		b  []byte
		at time.Time
	}
	q := make(chan chunk, 1024)
	go func() {
		defer close(q)
		for {
			b := make([]byte, 8<<10)
			n, err := src.Read(b)
			if n > 0 {
				q <- chunk{b[:n], p.slot(n, oneWay)}
			}
			if err != nil {
				return
			}
		}
	}()
	for c := range q {
		time.Sleep(time.Until(c.at))
		if _, err := dst.Write(c.b); err != nil {
			for range q {
			}
			return
		}
	}
	if cw, ok := dst.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
}
