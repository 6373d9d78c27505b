// Package durable writes files and makes directories so that they survive a
// power cut once the call returns. The operating system keeps writes in its
// page cache and writes them out when it likes; a cut loses whatever was not
// synced, including a new directory entry whose directory was not synced.
// So a file is written to a temporary name beside its target, synced,
// renamed over the target and its directory synced: after a cut the target
// holds either the old bytes or the new ones, never a truncated mix. A new
// directory is synced into its parent the same way.
//
// Every file grimoire writes goes through here (a test in this package scans
// the sources for other ways); the database files themselves are SQLite's
// and PostgreSQL's to sync.
package durable

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// file is the part of *os.File the helper uses.
type file interface {
	Write(p []byte) (int, error)
	Sync() error
	Close() error
	Name() string
}

// system is the calls the helper makes, behind an interface so a test can
// record their order (a sync that comes after the rename is no sync).
type system interface {
	CreateTemp(dir, pattern string, perm fs.FileMode) (file, error)
	Rename(from, to string) error
	Remove(name string) error
	SyncDir(dir string) error
	Mkdir(dir string, perm fs.FileMode) error
	Stat(name string) (fs.FileInfo, error)
}

// osSystem is the real operating system.
type osSystem struct{}

func (osSystem) CreateTemp(dir, pattern string, perm fs.FileMode) (file, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file 0600; a wider mode is asked for explicitly.
	if perm != 0o600 {
		if err := f.Chmod(perm); err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, err
		}
	}
	return f, nil
}

func (osSystem) Rename(from, to string) error             { return os.Rename(from, to) }
func (osSystem) Remove(name string) error                 { return os.Remove(name) }
func (osSystem) Mkdir(dir string, perm fs.FileMode) error { return os.Mkdir(dir, perm) }
func (osSystem) Stat(name string) (fs.FileInfo, error)    { return os.Stat(name) }
func (osSystem) SyncDir(dir string) error                 { return syncDir(dir) }

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

var sys system = osSystem{}

// WriteFile replaces the file at path with data, durably: when it returns
// nil the new bytes are on disk under that name, and a cut at any moment
// before leaves the old file (or none) whole.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return writeFile(sys, path, data, perm)
}

func writeFile(s system, path string, data []byte, perm fs.FileMode) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := s.CreateTemp(dir, "."+base+".tmp-*", perm)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			s.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: sync: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := s.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := s.SyncDir(dir); err != nil {
		return fmt.Errorf("write %s: sync directory %s: %w", path, dir, err)
	}
	return nil
}

// MkdirAll makes the directory at path and any missing parents, each synced
// into its parent before the next is made, so a cut never keeps a child
// whose parent's entry was lost. The parent of path is synced even when
// nothing was made: a directory an earlier run made and did not sync (it
// died first) becomes durable now.
func MkdirAll(path string, perm fs.FileMode) error { return mkdirAll(sys, path, perm) }

func mkdirAll(s system, path string, perm fs.FileMode) error {
	path = filepath.Clean(path)
	// The missing directories, deepest first.
	var missing []string
	for p := path; ; p = filepath.Dir(p) {
		fi, err := s.Stat(p)
		if err == nil {
			if !fi.IsDir() {
				return fmt.Errorf("make directory %s: %s is not a directory", path, p)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("make directory %s: %w", path, err)
		}
		missing = append(missing, p)
		if filepath.Dir(p) == p {
			break
		}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		if err := s.Mkdir(missing[i], perm); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("make directory %s: %w", path, err)
		}
		if err := s.SyncDir(filepath.Dir(missing[i])); err != nil {
			return fmt.Errorf("make directory %s: sync %s: %w", path, filepath.Dir(missing[i]), err)
		}
	}
	if len(missing) == 0 {
		if err := s.SyncDir(filepath.Dir(path)); err != nil {
			return fmt.Errorf("make directory %s: sync %s: %w", path, filepath.Dir(path), err)
		}
	}
	return nil
}

// SyncDir makes the entries of dir (files made, renamed or removed in it)
// durable.
func SyncDir(dir string) error {
	if err := sys.SyncDir(dir); err != nil {
		return fmt.Errorf("sync directory %s: %w", dir, err)
	}
	return nil
}

// Rename moves from to to and syncs the directory (or both directories), so
// the move survives a cut.
func Rename(from, to string) error {
	if err := sys.Rename(from, to); err != nil {
		return fmt.Errorf("rename %s: %w", from, err)
	}
	dirs := []string{filepath.Dir(to)}
	if d := filepath.Dir(from); d != dirs[0] {
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		if err := sys.SyncDir(d); err != nil {
			return fmt.Errorf("rename %s: sync directory %s: %w", from, d, err)
		}
	}
	return nil
}
