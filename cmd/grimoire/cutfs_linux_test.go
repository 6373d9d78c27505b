package main

import (
	"context"
	"maps"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// cutFS is a file system in memory that loses, at a simulated power cut,
// everything a disk would lose: what was written to a file since its last
// fsync, and every change to a directory's entries (a file made, renamed
// or removed, a directory made) since that directory's last fsync. It is
// the model Jepsen's LazyFS applies to a real disk, strict: nothing
// unsynced survives by luck.
//
// With keepSynced false it is a broken disk that forgets even what was
// synced, the control that proves the checks can fail.
type cutFS struct {
	keepSynced bool

	mu      sync.Mutex
	root    *cnode
	nextIno uint64
	syncs   int // fsyncs seen (files and directories), for the figures
}

// cnode is a file or a directory, both as it is now and as a cut would
// leave it.
type cnode struct {
	ino  uint64
	dir  bool
	mode uint32

	data  []byte            // a file's bytes now
	kids  map[string]*cnode // a directory's entries now
	sdata []byte            // the bytes at the last fsync
	skids map[string]*cnode // the entries at the last fsync
}

func newCutFS(keepSynced bool) *cutFS {
	c := &cutFS{keepSynced: keepSynced, nextIno: 2}
	// The root is the disk's own: it exists after any cut.
	c.root = &cnode{ino: 1, dir: true, mode: 0o755, kids: map[string]*cnode{}, skids: map[string]*cnode{}}
	return c
}

// cut is the power cut: every node still reachable through synced entries
// goes back to its synced content; the rest is gone.
func (c *cutFS) cut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	var back func(n *cnode)
	back = func(n *cnode) {
		if n.dir {
			n.kids = maps.Clone(n.skids)
			for _, k := range n.kids {
				back(k)
			}
			return
		}
		n.data = slices.Clone(n.sdata)
	}
	back(c.root)
}

// mount serves the file system at dir until the returned server unmounts.
// The kernel's caches go with the mount, so a cut is unmount, cut, mount.
func (c *cutFS) mount(dir string) (*fuse.Server, error) {
	zero := time.Duration(0)
	return fs.Mount(dir, &cfile{c: c, n: c.root}, &fs.Options{
		EntryTimeout: &zero, AttrTimeout: &zero, NegativeTimeout: &zero,
		MountOptions: fuse.MountOptions{FsName: "cutfs", Name: "cutfs", DirectMount: true, MaxBackground: 16},
	})
}

// cfile is the FUSE face of a cnode.
type cfile struct {
	fs.Inode
	c *cutFS
	n *cnode
}

var (
	_ fs.NodeLookuper  = (*cfile)(nil)
	_ fs.NodeGetattrer = (*cfile)(nil)
	_ fs.NodeSetattrer = (*cfile)(nil)
	_ fs.NodeCreater   = (*cfile)(nil)
	_ fs.NodeOpener    = (*cfile)(nil)
	_ fs.NodeReader    = (*cfile)(nil)
	_ fs.NodeWriter    = (*cfile)(nil)
	_ fs.NodeFsyncer   = (*cfile)(nil)
	_ fs.NodeFlusher   = (*cfile)(nil)
	_ fs.NodeMkdirer   = (*cfile)(nil)
	_ fs.NodeUnlinker  = (*cfile)(nil)
	_ fs.NodeRmdirer   = (*cfile)(nil)
	_ fs.NodeRenamer   = (*cfile)(nil)
	_ fs.NodeReaddirer = (*cfile)(nil)
	_ fs.NodeStatfser  = (*cfile)(nil)
)

func (f *cfile) typ(n *cnode) uint32 {
	if n.dir {
		return syscall.S_IFDIR
	}
	return syscall.S_IFREG
}

// attr fills a's fields from n; the caller holds the lock.
func (f *cfile) attr(n *cnode, a *fuse.Attr) {
	a.Ino = n.ino
	a.Mode = f.typ(n) | n.mode
	a.Size = uint64(len(n.data))
	a.Blocks = (a.Size + 511) / 512
	a.Nlink = 1
	if n.dir {
		a.Nlink = 2
	}
}

func (f *cfile) child(ctx context.Context, n *cnode, out *fuse.EntryOut) *fs.Inode {
	f.attr(n, &out.Attr)
	return f.NewInode(ctx, &cfile{c: f.c, n: n}, fs.StableAttr{Mode: f.typ(n), Ino: n.ino})
}

func (f *cfile) Lookup(ctx context.Context, name string, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	k, ok := f.n.kids[name]
	if !ok {
		return nil, syscall.ENOENT
	}
	return f.child(ctx, k, out), 0
}

func (f *cfile) Getattr(ctx context.Context, fh fs.FileHandle, out *fuse.AttrOut) syscall.Errno {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	f.attr(f.n, &out.Attr)
	return 0
}

func (f *cfile) Setattr(ctx context.Context, fh fs.FileHandle, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	if sz, ok := in.GetSize(); ok && !f.n.dir {
		f.n.data = resize(f.n.data, int(sz))
	}
	if m, ok := in.GetMode(); ok {
		f.n.mode = m & 0o7777
	}
	f.attr(f.n, &out.Attr)
	return 0
}

func resize(b []byte, n int) []byte {
	if n <= len(b) {
		return b[:n]
	}
	return append(b, make([]byte, n-len(b))...)
}

func (f *cfile) add(name string, n *cnode) syscall.Errno {
	if _, ok := f.n.kids[name]; ok {
		return syscall.EEXIST
	}
	f.c.nextIno++
	n.ino = f.c.nextIno
	f.n.kids[name] = n
	return 0
}

func (f *cfile) Create(ctx context.Context, name string, flags uint32, mode uint32, out *fuse.EntryOut) (*fs.Inode, fs.FileHandle, uint32, syscall.Errno) {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	n := &cnode{mode: mode & 0o7777}
	if errno := f.add(name, n); errno != 0 {
		return nil, nil, 0, errno
	}
	return f.child(ctx, n, out), nil, 0, 0
}

func (f *cfile) Mkdir(ctx context.Context, name string, mode uint32, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	n := &cnode{dir: true, mode: mode & 0o7777, kids: map[string]*cnode{}, skids: map[string]*cnode{}}
	if errno := f.add(name, n); errno != 0 {
		return nil, errno
	}
	return f.child(ctx, n, out), 0
}

func (f *cfile) Open(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	if flags&syscall.O_TRUNC != 0 {
		f.c.mu.Lock()
		f.n.data = f.n.data[:0]
		f.c.mu.Unlock()
	}
	return nil, 0, 0
}

func (f *cfile) Read(ctx context.Context, fh fs.FileHandle, dest []byte, off int64) (fuse.ReadResult, syscall.Errno) {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	if off >= int64(len(f.n.data)) {
		return fuse.ReadResultData(nil), 0
	}
	n := copy(dest, f.n.data[off:])
	return fuse.ReadResultData(dest[:n]), 0
}

func (f *cfile) Write(ctx context.Context, fh fs.FileHandle, data []byte, off int64) (uint32, syscall.Errno) {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	if end := int(off) + len(data); end > len(f.n.data) {
		f.n.data = resize(f.n.data, end)
	}
	copy(f.n.data[off:], data)
	return uint32(len(data)), 0
}

// Fsync keeps a file's bytes, or a directory's entries, for the next cut.
func (f *cfile) Fsync(ctx context.Context, fh fs.FileHandle, flags uint32) syscall.Errno {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	f.c.syncs++
	if !f.c.keepSynced {
		return 0
	}
	if f.n.dir {
		f.n.skids = maps.Clone(f.n.kids)
	} else {
		f.n.sdata = slices.Clone(f.n.data)
	}
	return 0
}

func (f *cfile) Flush(ctx context.Context, fh fs.FileHandle) syscall.Errno { return 0 }

func (f *cfile) Unlink(ctx context.Context, name string) syscall.Errno {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	if _, ok := f.n.kids[name]; !ok {
		return syscall.ENOENT
	}
	delete(f.n.kids, name)
	return 0
}

func (f *cfile) Rmdir(ctx context.Context, name string) syscall.Errno {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	k, ok := f.n.kids[name]
	switch {
	case !ok:
		return syscall.ENOENT
	case !k.dir:
		return syscall.ENOTDIR
	case len(k.kids) > 0:
		return syscall.ENOTEMPTY
	}
	delete(f.n.kids, name)
	return 0
}

func (f *cfile) Rename(ctx context.Context, name string, newParent fs.InodeEmbedder, newName string, flags uint32) syscall.Errno {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	k, ok := f.n.kids[name]
	if !ok {
		return syscall.ENOENT
	}
	np := newParent.(*cfile)
	if old, ok := np.n.kids[newName]; ok && old.dir && len(old.kids) > 0 {
		return syscall.ENOTEMPTY
	}
	delete(f.n.kids, name)
	np.n.kids[newName] = k
	return 0
}

func (f *cfile) Readdir(ctx context.Context) (fs.DirStream, syscall.Errno) {
	f.c.mu.Lock()
	defer f.c.mu.Unlock()
	var ents []fuse.DirEntry
	for _, name := range slices.Sorted(maps.Keys(f.n.kids)) {
		k := f.n.kids[name]
		ents = append(ents, fuse.DirEntry{Name: name, Ino: k.ino, Mode: f.typ(k)})
	}
	return fs.NewListDirStream(ents), 0
}

func (f *cfile) Statfs(ctx context.Context, out *fuse.StatfsOut) syscall.Errno {
	out.Bsize, out.Frsize = 4096, 4096
	out.Blocks, out.Bfree, out.Bavail = 1<<20, 1<<19, 1<<19
	out.Files, out.Ffree = 1<<20, 1<<19
	out.NameLen = 255
	return 0
}
