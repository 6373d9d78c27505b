package sqlite_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// The child process of TestOneOwnerPerFile opens the database named here,
// says so and holds it until it is killed.
const holdChildDB = "GRIMOIRE_STORE_HOLD_DB"

// TestOneOwnerPerFile: while a Store has a database open, another Open of
// the same file fails with an error naming the file, whether it comes from
// this process (by any spelling of the path) or another one; Close, or the
// holder's death by kill -9, frees it.
func TestOneOwnerPerFile(t *testing.T) {
	if path := os.Getenv(holdChildDB); path != "" {
		holdChild(path)
		return
	}
	t.Run("in this process", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "g.db")
		s := openAt(t, path)
		others := []string{path, filepath.Join(dir, ".", "g.db"), linkTo(t, dir), linkTo(t, path)}
		for _, other := range others {
			s2, err := sqlite.Open(other)
			if err == nil {
				s2.Close()
				t.Fatalf("a second Open(%s) in one process succeeded", other)
			}
			var inUse *sqlite.InUseError
			if !errors.As(err, &inUse) || !inUse.Here || !strings.Contains(err.Error(), other+" is already open in this process") {
				t.Errorf("second Open(%s): %v, want an *InUseError naming the path and this process", other, err)
			}
		}
		// The refusals did not take the first Store's file away from it.
		if err := s.CreateGame(context.Background(), store.Game{ID: "g", SpectatorToken: "s"}, nil); err != nil {
			t.Fatalf("CreateGame after the refused opens: %v", err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		s3 := openAt(t, path)
		if _, err := s3.Game(context.Background(), "g"); err != nil {
			t.Errorf("Game after reopening: %v", err)
		}
	})
	t.Run("in another process, until it is killed", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "g.db")
		child := exec.Command(os.Args[0], "-test.run=^TestOneOwnerPerFile$", "-test.count=1")
		child.Env = append(os.Environ(), holdChildDB+"="+path)
		child.Stderr = os.Stderr
		out, err := child.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := child.Start(); err != nil {
			t.Fatal(err)
		}
		defer child.Process.Kill()
		held := make(chan bool, 1)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if sc.Text() == "HOLDING" {
					held <- true
					return
				}
			}
			held <- false
		}()
		select {
		case ok := <-held:
			if !ok {
				child.Wait()
				t.Fatal("the child ended without holding the database")
			}
		case <-time.After(20 * time.Second):
			t.Fatal("the child did not open the database within 20 s")
		}

		s, err := sqlite.Open(path)
		if err == nil {
			s.Close()
			t.Fatal("Open succeeded while another process holds the file")
		}
		want := fmt.Sprintf("another grimoire (process %d) is already using %s", child.Process.Pid, path)
		var inUse *sqlite.InUseError
		if !errors.As(err, &inUse) || inUse.Here || !strings.Contains(err.Error(), want) {
			t.Errorf("Open while held: %v, want an *InUseError saying %q", err, want)
		}

		if err := child.Process.Kill(); err != nil { // SIGKILL: no Close, no cleanup
			t.Fatal(err)
		}
		child.Wait()
		s = openAt(t, path)
		if g, err := s.Game(context.Background(), "held"); err != nil || g.Version != 1 {
			t.Errorf("after the holder was killed: Game = %+v, %v; want the child's game at version 1", g, err)
		}
	})
}

// linkTo is a symbolic link to target.
func linkTo(t *testing.T, target string) string {
	t.Helper()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if fi, err := os.Stat(target); err == nil && fi.IsDir() {
		return filepath.Join(link, "g.db")
	}
	return link
}

// holdChild opens the database, writes a game, says HOLDING and waits to be
// killed (or gives up after a while, should the parent be gone).
func holdChild(path string) {
	s, err := sqlite.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	ctx := context.Background()
	if err := s.CreateGame(ctx, store.Game{ID: "held", SpectatorToken: "s"}, nil); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	if _, err := s.Append(ctx, "held", 0, store.Entry{ClientID: "c1"}); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	fmt.Println("HOLDING")
	time.Sleep(60 * time.Second)
	os.Exit(0)
}
