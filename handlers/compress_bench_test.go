package handlers

import (
	stdgzip "compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"

	"github.com/grimoire-games/grimoire/handlers/encoding"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/play/scribes"
	"github.com/grimoire-games/grimoire/play/spellsarrows"
	"github.com/grimoire-games/grimoire/play/tower"
)

// BenchmarkAnswerCoders compresses real tap answers (testdata/tapanswers,
// taken from taps at actions 10 and 1,000 of a Spells & Arrows game) with
// the per-answer coders (zstd against the dictionary for a browser that
// holds it, dictionary.go; gzip otherwise), with what they replaced and with other modes,
// reporting the bytes each sends: the figures behind the levels of
// encoding.Tap.
// Each runs hot (answer after answer, the coder's tables in the CPU's
// cache) and cold (48 MB touched before each answer, as a server's other
// work does between two taps): a coder's tables cost more than its loop
// once they are not in cache.
func BenchmarkAnswerCoders(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("testdata", "tapanswers", "*.html"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no tap answers: %v", err)
	}
	var answers [][]byte
	for _, f := range files {
		p, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		answers = append(answers, p)
	}
	// The dictionary a browser holding it is answered against (dcz).
	dict, err := newDictionary([]play.Kind{spellsarrows.Kind{}, scribes.Kind{}, tower.Kind{}})
	if err != nil {
		b.Fatal(err)
	}
	fast := func(level int) func() zwriter {
		return func() zwriter { w, _ := gzip.NewWriterLevel(io.Discard, level); return w }
	}
	std := func(level int) func() zwriter {
		return func() zwriter { w, _ := stdgzip.NewWriterLevel(io.Discard, level); return w }
	}
	for _, bc := range []struct {
		name string
		// one makes a writer; the pooled coders bring their own.
		one func() zwriter
		enc string
	}{
		{name: "dictionary-per-answer", enc: "dcz"},
		{name: "gzip-per-answer", enc: "gzip"},
		{name: "brotli-per-answer", enc: "br"},
		{name: "gzip-5", one: fast(5)},
		{name: "gzip-4", one: fast(4)},
		// The same gzip's cheaper modes: smaller tables, bigger answers.
		{name: "gzip-1", one: fast(1)},
		{name: "gzip-stateless", one: fast(gzip.StatelessCompression)},
		{name: "stdlib-gzip-4", one: std(4)},
		{name: "stdlib-gzip-1", one: std(1)},
		{name: "brotli-5", one: func() zwriter { return brotli.NewWriterLevel(io.Discard, 5) }},
	} {
		for _, cold := range []bool{false, true} {
			name := bc.name
			if cold {
				name += "-cold"
			}
			b.Run(name, func(b *testing.B) {
				var zw zwriter
				if bc.one != nil {
					zw = bc.one()
				}
				sent, n := 0, 0
				for i := 0; b.Loop(); i++ {
					if cold {
						b.StopTimer()
						evictCaches()
						b.StartTimer()
					}
					p := answers[i%len(answers)]
					if bc.enc == "dcz" {
						z, err := dict.Compress(p)
						if err != nil {
							b.Fatal(err)
						}
						sent += len(z)
					} else if bc.one == nil {
						z, err := encoding.Compress(encoding.Tap, bc.enc, p)
						if err != nil {
							b.Fatal(err)
						}
						sent += len(z)
					} else {
						// As a pool would: one writer, reset for each answer.
						w := &countWriter{}
						zw.(interface{ Reset(io.Writer) }).Reset(w)
						zw.Write(p)
						zw.Close()
						sent += w.n
					}
					n++
				}
				b.ReportMetric(float64(sent)/float64(n), "B/answer")
			})
		}
	}
}

// zwriter is a gzip or brotli writer, reset for each answer.
type zwriter interface {
	io.Writer
	Close() error
}

// evictBuf is larger than the caches of the machine measured (2 MB of L2
// a core, 32 MB of L3 shared).
var evictBuf = make([]byte, 48<<20)

// evictCaches writes a byte on every cache line of evictBuf, pushing
// whatever was cached out.
func evictCaches() {
	for i := 0; i < len(evictBuf); i += 64 {
		evictBuf[i]++
	}
}

type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }
