package handlers

import (
	stdgzip "compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// BenchmarkAnswerCoders compresses real tap answers (testdata/tapanswers,
// taken from taps at actions 10 and 1,000 of a Spells & Arrows game) with
// the per-answer coders, with what they replaced and with cheaper modes,
// reporting the bytes each sends: the figures behind perAnswer's levels.
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
		{name: "gzip-per-answer", enc: "gzip"},
		{name: "brotli-per-answer", enc: "br"},
		// The same gzip's cheaper modes: smaller tables, bigger answers.
		{name: "gzip-1", one: fast(1)},
		{name: "gzip-stateless", one: fast(gzip.StatelessCompression)},
		{name: "stdlib-gzip-4", one: std(4)},
		{name: "stdlib-gzip-1", one: std(1)},
		{name: "brotli-5", one: func() zwriter { return brotli.NewWriterLevel(io.Discard, 5) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var zw zwriter
			if bc.one != nil {
				zw = bc.one()
			}
			sent, n := 0, 0
			for i := 0; b.Loop(); i++ {
				p := answers[i%len(answers)]
				if bc.one == nil {
					z, err := perAnswer.all(bc.enc, p)
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

type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }
