package session

import (
	"bytes"
	"context"
	"sync"

	"github.com/a-h/templ"
)

// renderString renders a component to text. The buffers are reused: a tap
// draws several fragments of a few KB each, and growing a fresh buffer to
// that size each time costs more than the text itself.
func renderString(ctx context.Context, comp templ.Component) (string, error) {
	buf := renderBufs.Get().(*bytes.Buffer)
	defer func() {
		// A long game's record (hundreds of KB) stays out of the pool.
		if buf.Cap() <= maxPooledBuf {
			buf.Reset()
			renderBufs.Put(buf)
		}
	}()
	if err := comp.Render(ctx, buf); err != nil {
		return "", err
	}
	return buf.String(), nil
}

const maxPooledBuf = 64 << 10

var renderBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}
