package durable

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// recorder is a system that writes nothing and notes every call, in order.
type recorder struct {
	calls []string
	have  map[string]bool // directories that exist
	fail  string          // a call (its first word) that fails
}

type recFile struct {
	r    *recorder
	name string
}

func (f recFile) Write(p []byte) (int, error) { return len(p), f.r.note("write " + f.name) }
func (f recFile) Sync() error                 { return f.r.note("sync " + f.name) }
func (f recFile) Close() error                { return f.r.note("close " + f.name) }
func (f recFile) Name() string                { return f.name }

func (r *recorder) note(call string) error {
	r.calls = append(r.calls, call)
	if r.fail != "" && strings.HasPrefix(call, r.fail+" ") {
		return errors.New("injected failure")
	}
	return nil
}

func (r *recorder) CreateTemp(dir, pattern string, perm fs.FileMode) (file, error) {
	name := filepath.Join(dir, strings.Replace(pattern, "*", "1", 1))
	if err := r.note("create " + name); err != nil {
		return nil, err
	}
	return recFile{r, name}, nil
}
func (r *recorder) Rename(from, to string) error { return r.note("rename " + from + " " + to) }
func (r *recorder) Remove(name string) error     { return r.note("remove " + name) }
func (r *recorder) SyncDir(dir string) error     { return r.note("syncdir " + dir) }
func (r *recorder) Mkdir(dir string, perm fs.FileMode) error {
	r.have[dir] = true
	return r.note("mkdir " + dir)
}

type dirInfo struct{ fs.FileInfo }

func (dirInfo) IsDir() bool { return true }

func (r *recorder) Stat(name string) (fs.FileInfo, error) {
	if r.have[name] {
		return dirInfo{}, nil
	}
	return nil, fs.ErrNotExist
}

func TestWriteFileOrder(t *testing.T) {
	tests := []struct {
		name, fail string
		want       []string
		wantErr    bool
	}{
		{name: "written, synced, closed, renamed, then the directory synced", want: []string{
			"create /d/.k.tmp-1", "write /d/.k.tmp-1", "sync /d/.k.tmp-1", "close /d/.k.tmp-1",
			"rename /d/.k.tmp-1 /d/k", "syncdir /d/",
		}},
		{name: "a failed sync renames nothing", fail: "sync", wantErr: true, want: []string{
			"create /d/.k.tmp-1", "write /d/.k.tmp-1", "sync /d/.k.tmp-1", "close /d/.k.tmp-1", "remove /d/.k.tmp-1",
		}},
		{name: "a failed write renames nothing", fail: "write", wantErr: true, want: []string{
			"create /d/.k.tmp-1", "write /d/.k.tmp-1", "close /d/.k.tmp-1", "remove /d/.k.tmp-1",
		}},
		{name: "a failed directory sync is an error", fail: "syncdir", wantErr: true, want: []string{
			"create /d/.k.tmp-1", "write /d/.k.tmp-1", "sync /d/.k.tmp-1", "close /d/.k.tmp-1",
			"rename /d/.k.tmp-1 /d/k", "syncdir /d/", "remove /d/.k.tmp-1",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{have: map[string]bool{}, fail: tt.fail}
			err := writeFile(r, "/d/k", []byte("x"), 0o600)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if !slices.Equal(r.calls, tt.want) {
				t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(r.calls, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestMkdirAllOrder(t *testing.T) {
	tests := []struct {
		name string
		have []string
		want []string
	}{
		{name: "each new directory synced into its parent before the next is made",
			have: []string{"/", "/a"},
			want: []string{"mkdir /a/b", "syncdir /a", "mkdir /a/b/c", "syncdir /a/b"}},
		{name: "an existing directory is synced into its parent anyway",
			have: []string{"/", "/a", "/a/b", "/a/b/c"},
			want: []string{"syncdir /a/b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{have: map[string]bool{}}
			for _, d := range tt.have {
				r.have[d] = true
			}
			if err := mkdirAll(r, "/a/b/c", 0o700); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.calls, tt.want) {
				t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(r.calls, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestWriteFileReal writes on the real file system: the file holds the new
// bytes with the mode asked for, and no temporary file is left behind.
func TestWriteFileReal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "k")
	for _, s := range []string{"first", "second"} {
		if err := WriteFile(path, []byte(s), 0o640); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil || string(b) != s {
			t.Fatalf("read %q, %v; want %q", b, err, s)
		}
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("directory holds %d entries, want only the file", len(ents))
	}
	if err := MkdirAll(filepath.Join(dir, "x", "y"), 0o700); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "x", "y")); err != nil || !fi.IsDir() {
		t.Fatalf("directory not made: %v", err)
	}
	if err := MkdirAll(path, 0o700); err == nil {
		t.Error("MkdirAll over a file: no error")
	}
}
