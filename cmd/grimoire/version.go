package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// version and revision are stamped in by `task release` (-ldflags
// "-X main.version=... -X main.revision=..."); without them the build info
// says what it knows (the module version, and the VCS revision when the
// build could read it: not from a git worktree, nor with -buildvcs=false).
var version, revision string

// versionText is what `grimoire --version` prints: the version, the VCS
// revision and time the binary was built from, and the Go toolchain.
func versionText() string {
	v, rev, when, dirty := version, revision, "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v == "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "" {
					rev = s.Value
				}
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if v == "" {
		v = "(devel)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "grimoire %s", v)
	if rev != "" {
		fmt.Fprintf(&b, " (revision %s", rev)
		if when != "" {
			fmt.Fprintf(&b, ", %s", when)
		}
		if dirty {
			b.WriteString(", modified")
		}
		b.WriteString(")")
	}
	fmt.Fprintf(&b, "\n%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return b.String()
}
