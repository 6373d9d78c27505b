package sqlite_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// The child process of TestKillNine writes here, and the run number names
// its games apart from earlier runs' on the same file.
const (
	killChildDB  = "GRIMOIRE_STORE_KILL_DB"
	killChildRun = "GRIMOIRE_STORE_KILL_RUN"
	importSize   = 300
)

// TestKillNine runs appends, batches and imports from several goroutines in
// a child process and kills it (SIGKILL) at a random moment, several times
// over one database file. Every write the child reported as acknowledged
// must be there, at its version, and nothing may be half written: an
// imported game has its whole log or does not exist, and every game's log
// is exactly its writer's sequence up to its version.
func TestKillNine(t *testing.T) {
	if path := os.Getenv(killChildDB); path != "" {
		killChild(path, os.Getenv(killChildRun))
		return
	}
	path := filepath.Join(t.TempDir(), "kill.db")
	const kills = 5
	var acks []string
	for run := range kills {
		acks = append(acks, runAndKill(t, path, run)...)
	}

	s := openAt(t, path)
	ctx := context.Background()
	games, err := s.Games(ctx, "kill")
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	logs := make(map[string][]store.Entry, len(games))
	for _, g := range games {
		_, log, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatalf("Load(%s): %v", g.ID, err)
		}
		logs[g.ID] = log
		imported := strings.HasPrefix(g.ID, "import-")
		if imported && len(log) != importSize {
			t.Errorf("imported game %s has %d of its %d entries", g.ID, len(log), importSize)
		}
		for i, e := range log {
			want := fmt.Sprint("c", i+1)
			if imported {
				want = fmt.Sprint("import:", i)
			}
			if e.ClientID != want {
				t.Errorf("game %s entry %d is %q, want %q", g.ID, i+1, e.ClientID, want)
				break
			}
		}
	}
	imports, appends := 0, 0
	for _, line := range acks {
		f := strings.Fields(line)
		id := f[1]
		log, ok := logs[id]
		if !ok {
			t.Errorf("acknowledged %q, but game %s is not there", line, id)
			continue
		}
		switch f[0] {
		case "IMPORTED":
			imports++
		case "ACK":
			appends++
			v, _ := strconv.Atoi(f[2])
			if v > len(log) {
				t.Errorf("acknowledged %q, but game %s has only %d entries", line, id, len(log))
			}
		}
	}
	t.Logf("%d kills; %d acknowledged appends or batches and %d imports all present; %d games checked whole",
		kills, appends, imports, len(games))
	if appends == 0 || imports == 0 {
		t.Errorf("the child acknowledged %d appends and %d imports before the kills: nothing was tested", appends, imports)
	}
}

// runAndKill starts the child, lets it write for a random while after its
// first acknowledgement, kills it and returns every acknowledgement it
// printed.
func runAndKill(t *testing.T, path string, run int) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestKillNine$", "-test.count=1")
	cmd.Env = append(os.Environ(), killChildDB+"="+path, killChildRun+"="+strconv.Itoa(run))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start child: %v", err)
	}
	first := make(chan struct{})
	var acks []string
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "ACK ") || strings.HasPrefix(line, "IMPORTED ") {
				if len(acks) == 0 {
					close(first)
				}
				acks = append(acks, line)
			}
		}
	}()
	select {
	case <-first:
	case <-read:
		cmd.Wait()
		t.Fatalf("run %d: the child ended without acknowledging anything", run)
	case <-ctx.Done():
		t.Fatalf("run %d: no acknowledgement from the child", run)
	}
	time.Sleep(time.Duration(20+rand.IntN(200)) * time.Millisecond)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatalf("kill: %v", err)
	}
	<-read // what the child wrote before dying is still in the pipe
	cmd.Wait()
	return acks
}

// killChild is the child's workload; it only ends by being killed (or after
// a while, should the parent be gone).
func killChild(path, run string) {
	s, err := sqlite.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	var mu sync.Mutex
	say := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(os.Stdout, format+"\n", args...)
	}
	ctx := context.Background()
	action := json.RawMessage(`{"type":"shot","made":true}`)
	for w := range 6 {
		go func() {
			id := fmt.Sprintf("play-%s-%d", run, w)
			if err := s.CreateGame(ctx, store.Game{ID: id, Kind: "k", Owner: "kill", SpectatorToken: "s-" + id}, nil); err != nil {
				fmt.Fprintln(os.Stderr, "child:", err)
				os.Exit(2)
			}
			for v := 0; ; {
				batch := []store.Entry{{Action: action, ClientID: fmt.Sprint("c", v+1)}}
				if v%3 == 2 {
					batch = append(batch, store.Entry{Kind: store.KindUndo, ClientID: fmt.Sprint("c", v+2)})
				}
				got, err := s.AppendBatch(ctx, id, v, batch)
				if err != nil {
					fmt.Fprintln(os.Stderr, "child:", err)
					os.Exit(2)
				}
				say("ACK %s %d", id, got)
				v = got
			}
		}()
	}
	for w := range 2 {
		go func() {
			for k := 0; ; k++ {
				id := fmt.Sprintf("import-%s-%d-%d", run, w, k)
				log := make([]store.Entry, importSize)
				for i := range log {
					log[i] = store.Entry{Action: action, Seat: -1, ClientID: fmt.Sprint("import:", i)}
				}
				if err := s.CreateGameWithLog(ctx, store.Game{ID: id, Kind: "k", Owner: "kill", SpectatorToken: "s-" + id}, nil, log); err != nil {
					fmt.Fprintln(os.Stderr, "child:", err)
					os.Exit(2)
				}
				say("IMPORTED %s", id)
			}
		}()
	}
	time.Sleep(20 * time.Second)
	os.Exit(0)
}
