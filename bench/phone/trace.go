package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are the Performance panel's, with the JavaScript
// sampler that tells the module's WebAssembly from the page's scripts.
var traceCategories = []string{
	"devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame",
	"v8.execute", "v8", "blink", "blink.user_timing", "latencyInfo", "toplevel",
	"disabled-by-default-v8.cpu_profiler",
}

// traceTap records a Performance trace around one spy shot, writes it as
// a trace file DevTools opens, and prints what the page's main thread spent.
func traceTap(ctx context.Context, base string, r *rand.Rand, file string, out io.Writer) error {
	// One unmeasured tap first, so the trace holds a tap like the others.
	if _, _, err := appTap(ctx, base, r); err != nil {
		return err
	}
	var mu sync.Mutex
	var events []json.RawMessage
	complete := make(chan struct{})
	lctx, stopListen := context.WithCancel(ctx)
	defer stopListen()
	if err := chromedp.Listen(lctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				events = append(events, json.RawMessage(bytes.Clone(v)))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(complete)
		}
	}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories, EnableSampling: true},
	}); err != nil {
		return err
	}
	time.Sleep(300 * time.Millisecond)
	_, screen, tapErr := appTap(ctx, base, r)
	time.Sleep(300 * time.Millisecond)
	if _, err := chromedp.Call(ctx, tracing.End, struct{}{}); err != nil {
		return err
	}
	select {
	case <-complete:
	case <-time.After(60 * time.Second):
		return fmt.Errorf("the trace did not complete within 60 s")
	}
	if tapErr != nil {
		return tapErr
	}
	mu.Lock()
	defer mu.Unlock()
	body, err := json.Marshal(map[string]any{"traceEvents": events})
	if err != nil {
		return err
	}
	if err := keepFile(file, body); err != nil {
		return err
	}
	fmt.Fprintf(out, "\ntrace of one spy shot at CPU x4 (%.0f ms tap-to-screen) written to %s (%d events; open it in DevTools' Performance panel)\n", screen, file, len(events))
	return summariseTrace(events, screen, out)
}

type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	ID   string          `json:"id"`
	Args json.RawMessage `json:"args"`
}

// kind sorts a main-thread event into the Performance panel's groups.
func kind(name string) string {
	switch {
	case strings.HasPrefix(name, "v8.wasm") || strings.HasPrefix(name, "wasm."):
		return "wasm compile"
	case slices.Contains([]string{"ParseHTML", "ParseAuthorStyleSheet"}, name) || strings.HasPrefix(name, "HTMLDocumentParser"):
		return "parsing"
	case slices.Contains([]string{"UpdateLayoutTree", "Layout", "RecalculateStyles", "InvalidateLayout", "ScheduleStyleRecalculation",
		"HitTest", "PrePaint", "Paint", "PaintImage", "Layerize", "UpdateLayer", "UpdateLayerTree", "CompositeLayers", "Commit",
		"IntersectionObserverController::computeIntersections", "LocalFrameView::RunPostLifecycleSteps"}, name) ||
		strings.HasPrefix(name, "Document::") || strings.HasPrefix(name, "LocalFrameView::") ||
		strings.Contains(name, "Paint") || strings.Contains(name, "Style") || strings.Contains(name, "Layout"):
		return "rendering"
	case slices.Contains([]string{"FunctionCall", "EvaluateScript", "RunMicrotasks", "EventDispatch", "TimerFire", "FireAnimationFrame",
		"FireIdleCallback", "XHRReadyStateChange", "XHRLoad", "MajorGC", "MinorGC", "v8.run", "v8.callFunction", "v8.compile",
		"v8.compileModule", "v8.produceCache", "v8.evaluateModule", "V8.Execute"}, name) ||
		strings.HasPrefix(name, "V8.") || strings.HasPrefix(name, "v8.") || strings.Contains(name, "GC"):
		return "scripting"
	case strings.HasPrefix(name, "EventHandler::"):
		return "input handling"
	case name == "RunTask" || name == "ThreadControllerImpl::RunTask":
		return "other (task overhead)"
	}
	return "other"
}

// summariseTrace prints, for the renderer main thread that got the tap,
// self time by group and by event name from the pointerdown to the screen,
// the long tasks, and the sampled JavaScript split into the module's
// WebAssembly and each script.
func summariseTrace(raw []json.RawMessage, screen float64, out io.Writer) error {
	evs := make([]traceEvent, 0, len(raw))
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) == nil {
			evs = append(evs, e)
		}
	}
	// The tap's thread: where the pointerdown was dispatched.
	pid, tid, start := -1, -1, 0.0
	for _, e := range evs {
		if e.Name == "EventDispatch" && e.Ph == "X" && bytes.Contains(e.Args, []byte(`"pointerdown"`)) {
			pid, tid, start = e.Pid, e.Tid, e.Ts
			break
		}
	}
	if pid < 0 {
		fmt.Fprintln(out, "  the trace holds no pointerdown: nothing to summarise")
		return nil
	}
	end := start + (screen+16)*1000
	var main []traceEvent
	for _, e := range evs {
		if e.Pid == pid && e.Tid == tid && e.Ph == "X" && e.Ts+e.Dur >= start && e.Ts <= end {
			main = append(main, e)
		}
	}
	slices.SortStableFunc(main, func(a, b traceEvent) int {
		if a.Ts != b.Ts {
			if a.Ts < b.Ts {
				return -1
			}
			return 1
		}
		if a.Dur > b.Dur {
			return -1
		}
		if a.Dur < b.Dur {
			return 1
		}
		return 0
	})
	// Self time: an event's duration less its children's, clipped to the
	// window.
	clip := func(a, b float64) float64 { return max(0, min(b, end)-max(a, start)) }
	self := map[string]float64{}
	type open struct {
		name     string
		from, to float64
		kids     float64
	}
	var stack []*open
	pop := func() {
		o := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		self[o.name] += max(0, clip(o.from, o.to)-o.kids)
		if len(stack) > 0 {
			stack[len(stack)-1].kids += clip(o.from, o.to)
		}
	}
	var long []float64
	for _, e := range main {
		for len(stack) > 0 && stack[len(stack)-1].to <= e.Ts {
			pop()
		}
		stack = append(stack, &open{name: e.Name, from: e.Ts, to: e.Ts + e.Dur})
		if e.Name == "RunTask" && e.Dur >= 50000 && e.Ts >= start && e.Ts+e.Dur <= end {
			long = append(long, e.Dur/1000)
		}
	}
	for len(stack) > 0 {
		pop()
	}
	groups := map[string]float64{}
	var busy float64
	for n, us := range self {
		groups[kind(n)] += us
		busy += us
	}
	window := (end - start) / 1000
	fmt.Fprintf(out, "  main thread from the pointerdown to the frame after the screen (%.0f ms): busy %.1f ms\n", window, busy/1000)
	printTop(out, "  by group", groups, 10)
	printTop(out, "  by event (self time)", self, 12)
	fmt.Fprintf(out, "  long tasks (>= 50 ms) wholly in the window: %d %v\n", len(long), fmtMs(long))
	userTimings(evs, pid, start, end, out)
	return sampled(evs, pid, tid, start, end, out)
}

// userTimings prints the spans the page's scripts measured on the tap's
// path (static/offline.js timed: the module's apply, the swap), from the
// trace's begin and end events of each.
func userTimings(evs []traceEvent, pid int, start, end float64, out io.Writer) {
	type span struct {
		name     string
		from, to float64
	}
	open := map[string]float64{}
	var spans []span
	for _, e := range evs {
		if e.Pid != pid || !strings.Contains(e.Cat, "blink.user_timing") || !strings.HasPrefix(e.Name, "grimoire") {
			continue
		}
		k := e.Name + "\x00" + e.ID
		switch e.Ph {
		case "b":
			open[k] = e.Ts
		case "e":
			if from, ok := open[k]; ok && from >= start && e.Ts <= end {
				spans = append(spans, span{e.Name, from, e.Ts})
			}
			delete(open, k)
		}
	}
	if len(spans) == 0 {
		return
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.from, b.from) })
	fmt.Fprintln(out, "  the page's own spans (performance.measure), from the pointerdown:")
	for _, sp := range spans {
		fmt.Fprintf(out, "    %-44s %7.1f ms at +%.1f ms\n", sp.name, (sp.to-sp.from)/1000, (sp.from-start)/1000)
	}
}

// sampled splits the JavaScript sampler's time on the tap's thread into
// WebAssembly (the module), garbage collection, the browser's own work and
// each script.
func sampled(evs []traceEvent, pid, tid int, start, end float64, out io.Writer) error {
	type node struct {
		CallFrame struct {
			FunctionName string `json:"functionName"`
			URL          string `json:"url"`
			LineNumber   int    `json:"lineNumber"`
		} `json:"callFrame"`
		ID int `json:"id"`
	}
	nodes := map[string]map[int]string{} // profile id -> node id -> group
	funcs := map[string]map[int]string{} // profile id -> node id -> function
	startAt := map[string]float64{}
	last := map[string]float64{}
	var samples []struct {
		prof string
		node int
		at   float64
	}
	for _, e := range evs {
		if e.Pid != pid {
			continue
		}
		switch e.Name {
		case "Profile":
			if e.Tid != tid {
				continue
			}
			var a struct {
				Data struct {
					StartTime float64 `json:"startTime"`
				} `json:"data"`
			}
			json.Unmarshal(e.Args, &a)
			startAt[e.ID], last[e.ID] = a.Data.StartTime, a.Data.StartTime
			nodes[e.ID], funcs[e.ID] = map[int]string{}, map[int]string{}
		case "ProfileChunk":
			if _, ok := nodes[e.ID]; !ok {
				continue
			}
			var a struct {
				Data struct {
					CPUProfile struct {
						Nodes   []node `json:"nodes"`
						Samples []int  `json:"samples"`
					} `json:"cpuProfile"`
					TimeDeltas []float64 `json:"timeDeltas"`
				} `json:"data"`
			}
			json.Unmarshal(e.Args, &a)
			for _, n := range a.Data.CPUProfile.Nodes {
				g := frameGroup(n.CallFrame.FunctionName, n.CallFrame.URL)
				nodes[e.ID][n.ID] = g
				fn := n.CallFrame.FunctionName
				if fn == "" {
					fn = "(anonymous)"
				}
				if strings.HasPrefix(g, "WebAssembly") {
					funcs[e.ID][n.ID] = "wasm " + fn
				} else {
					funcs[e.ID][n.ID] = fmt.Sprintf("%s (%s:%d)", fn, g, n.CallFrame.LineNumber+1)
				}
			}
			for i, s := range a.Data.CPUProfile.Samples {
				if i < len(a.Data.TimeDeltas) {
					last[e.ID] += a.Data.TimeDeltas[i]
				}
				samples = append(samples, struct {
					prof string
					node int
					at   float64
				}{e.ID, s, last[e.ID]})
			}
		}
	}
	if len(samples) == 0 {
		fmt.Fprintln(out, "  no JavaScript samples on the tap's thread")
		return nil
	}
	by, byFunc, byPkg := map[string]float64{}, map[string]float64{}, map[string]float64{}
	for i := 0; i+1 < len(samples); i++ {
		s, n := samples[i], samples[i+1]
		if s.prof != n.prof || s.at < start || s.at > end {
			continue
		}
		d := min(n.at, end) - s.at
		by[nodes[s.prof][s.node]] += d
		f := funcs[s.prof][s.node]
		byFunc[f] += d
		if p, ok := strings.CutPrefix(f, "wasm "); ok {
			byPkg[goPackage(p)] += d
		}
	}
	printTop(out, "  sampled JavaScript and WebAssembly (self time)", by, 12)
	printTop(out, "  sampled functions (self time)", byFunc, 15)
	printTop(out, "  the module's time by Go package (self time)", byPkg, 10)
	return nil
}

// goPackage is the package of a Go symbol name as the module's name
// section spells it (path/pkg.Func, path/pkg.(*T).Method).
func goPackage(sym string) string {
	slash := strings.LastIndexByte(sym, '/')
	if dot := strings.IndexByte(sym[slash+1:], '.'); dot >= 0 {
		return sym[:slash+1+dot]
	}
	return sym
}

// frameGroup names what a sampled frame belongs to: the module (Go
// compiled to WebAssembly), a script by its file, or the engine's own.
func frameGroup(fn, url string) string {
	switch {
	case strings.HasPrefix(url, "wasm://") || strings.HasSuffix(url, ".wasm") || strings.Contains(fn, "wasm-function"):
		return "WebAssembly (the module)"
	case fn == "(garbage collector)" || fn == "(program)" || fn == "(idle)" || fn == "(root)":
		return fn
	case url == "":
		return "(native or built-in)"
	}
	if i := strings.IndexAny(url, "?#"); i >= 0 {
		url = url[:i]
	}
	return path.Base(url)
}

type line struct {
	k string
	v float64
}

// topLines sorts a map's entries, the largest first.
func topLines(m map[string]float64) []line {
	ls := make([]line, 0, len(m))
	for k, v := range m {
		ls = append(ls, line{k, v})
	}
	slices.SortFunc(ls, func(a, b line) int {
		if a.v > b.v {
			return -1
		}
		if a.v < b.v {
			return 1
		}
		return strings.Compare(a.k, b.k)
	})
	return ls
}

// printTop prints the n largest of m, in microseconds, as milliseconds.
func printTop(out io.Writer, title string, m map[string]float64, n int) {
	fmt.Fprintf(out, "%s:\n", title)
	for i, l := range topLines(m) {
		if i == n || l.v < 100 {
			break
		}
		fmt.Fprintf(out, "    %-48s %8.1f ms\n", l.k, l.v/1000)
	}
}

func fmtMs(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("%.0f ms", x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}
