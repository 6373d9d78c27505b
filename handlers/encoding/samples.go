package encoding

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views/offline"
)

// DictionaryMax bounds the dictionary a phone fetches (brotli takes it to
// about a sixth over the wire).
const DictionaryMax = 96 << 10

// predictedRatio is how well the dictionary must already compress a sample
// fragment for it to be left out. On random Spells & Arrows games (6, 484
// answers; 2026-12-02) an eighth made a 57 KB dictionary, answers of median
// 440 B (p90 655 B); a fifth 31 KB and 483 B (974 B); a sixteenth 90 KB
// and 415 B (611 B), for a third more of zstd's copying per answer.
const predictedRatio = 8

// Sample is one fragment of a sample screen, drawn: the element it fills
// and its HTML.
type Sample struct{ ID, HTML string }

// SampleText is what a dictionary of tap answers is made of: the sample
// screens of every game that has them (play.Sampler), each written by
// answer as the app writes a tap's answer of those fragments, at most
// DictionaryMax bytes. The games come in the app's order; the first game's
// samples end the text, where they are cheapest to reach, and the start
// goes when it is too long. Nil when no game draws samples.
func SampleText(games []play.Kind, answer func(buf *bytes.Buffer, frags []Sample) error) ([]byte, error) {
	var buf bytes.Buffer
	for i := len(games) - 1; i >= 0; i-- {
		s, ok := games[i].(play.Sampler)
		if !ok {
			continue
		}
		if err := writeSamples(&buf, games[i], s, answer); err != nil {
			return nil, fmt.Errorf("dictionary: %s: %w", games[i].Info().ID, err)
		}
	}
	if buf.Len() == 0 {
		return nil, nil
	}
	raw := buf.Bytes()
	if len(raw) > DictionaryMax {
		// The start goes: the last game's samples, least often seen.
		raw = raw[len(raw)-DictionaryMax:]
	}
	return raw, nil
}

// writeSamples writes k's sample screens as tap answers. Left out are what
// tap answers do not carry (the embedded record, which a delta answer
// never sends, and Fixed fragments such as the court's map, sent with the
// page), and every fragment the dictionary already predicts: one that,
// compressed against the dictionary so far, would take less than
// 1/predictedRatio of its size (the turn counter at another number, the
// same hand of cards again). Each text is in once, and the dictionary
// stays small, which matters: zstd copies it into its history for every
// answer.
func writeSamples(buf *bytes.Buffer, k play.Kind, s play.Sampler, answer func(*bytes.Buffer, []Sample) error) error {
	tables, err := s.Samples()
	if err != nil {
		return err
	}
	ctx := context.Background()
	var known *Predictor
	knownLen := -1 // the dictionary's length when known was made
	var html strings.Builder
	for _, t := range tables {
		frags, err := k.Fragments(t, nil)
		if err != nil {
			return fmt.Errorf("sample at version %d: %w", t.Version, err)
		}
		if buf.Len() != knownLen {
			if known, err = NewPredictor(buf.Bytes()); err != nil {
				return err
			}
			knownLen = buf.Len()
		}
		var add []Sample
		for _, f := range frags {
			if f.ID == offline.ElementID || f.Fixed {
				continue
			}
			html.Reset()
			if err := f.Component.Render(ctx, &html); err != nil {
				return fmt.Errorf("sample at version %d: fragment %s: %w", t.Version, f.ID, err)
			}
			if known.Predicts(html.String(), predictedRatio) {
				continue
			}
			add = append(add, Sample{ID: f.ID, HTML: html.String()})
		}
		if len(add) == 0 {
			continue
		}
		if err := answer(buf, add); err != nil {
			return err
		}
	}
	return nil
}
