package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// moduleSizes prints what a WebAssembly module's bytes are: its sections,
// and its code by Go package, read from the name section that a build
// without -ldflags=-s keeps. `go tool nm` does not read wasm files, so
// this is the linker's size view for GOOS=js GOARCH=wasm:
//
//	GOOS=js GOARCH=wasm go build -o /tmp/m.wasm ./cmd/grimoire-wasm
//	go run ./bench/phone -module /tmp/m.wasm
func moduleSizes(path string, out io.Writer) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return fmt.Errorf("%s is not a WebAssembly module", path)
	}
	bad := errors.New(path + ": a section runs past the end of the file")
	leb := func(i int) (int, int, error) {
		r, s := 0, 0
		for ; i < len(b); i++ {
			r |= int(b[i]&0x7f) << s
			s += 7
			if b[i] < 0x80 {
				return r, i + 1, nil
			}
		}
		return 0, i, bad
	}
	secName := map[byte]string{1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global", 7: "export", 9: "element", 10: "code", 11: "data", 12: "data count"}
	sections := map[string]float64{}
	var bodies []int
	imports := 0
	names := map[int]string{}
	for i := 8; i < len(b); {
		id := b[i]
		n, st, err := leb(i + 1)
		if err != nil || st+n > len(b) {
			return bad
		}
		end := st + n
		name := secName[id]
		switch id {
		case 0:
			l, j, err := leb(st)
			if err != nil {
				return err
			}
			name = "custom " + string(b[j:j+l])
			if name == "custom name" {
				readNames(b[j+l:end], names)
			}
		case 2:
			cnt, j, _ := leb(st)
			for range cnt {
				l, k, _ := leb(j) // module
				l2, k2, _ := leb(k + l)
				j = k2 + l2
				kind := b[j]
				j++
				switch kind {
				case 0: // function: a type index
					imports++
					_, j, _ = leb(j)
				case 1: // table: element type, limits
					j++
					fl, k, _ := leb(j)
					_, j, _ = leb(k)
					if fl&1 != 0 {
						_, j, _ = leb(j)
					}
				case 2: // memory: limits
					fl, k, _ := leb(j)
					_, j, _ = leb(k)
					if fl&1 != 0 {
						_, j, _ = leb(j)
					}
				case 3: // global: type, mutability
					j += 2
				}
			}
		case 10:
			cnt, j, _ := leb(st)
			for range cnt {
				sz, k, err := leb(j)
				if err != nil {
					return err
				}
				bodies = append(bodies, sz+k-j)
				j = k + sz
			}
		}
		sections[name] += float64(n)
		i = end
	}
	fmt.Fprintf(out, "%s: %d bytes\n", path, len(b))
	printSizes(out, "sections", sections, 0, 20)
	if len(names) == 0 {
		fmt.Fprintln(out, "no name section (built with -ldflags=-s): no sizes by package")
		return nil
	}
	byPkg, byGroup := map[string]float64{}, map[string]float64{}
	var code float64
	for k, sz := range bodies {
		p := wasmPackage(names[imports+k])
		byPkg[p] += float64(sz)
		byGroup[packageGroup(p)] += float64(sz)
		code += float64(sz)
	}
	printSizes(out, "code by group", byGroup, code, 20)
	printSizes(out, "code by package", byPkg, code, 40)
	return nil
}

// readNames reads the function names subsection of a name section.
func readNames(b []byte, names map[int]string) {
	leb := func(i int) (int, int) {
		r, s := 0, 0
		for ; i < len(b); i++ {
			r |= int(b[i]&0x7f) << s
			s += 7
			if b[i] < 0x80 {
				return r, i + 1
			}
		}
		return 0, len(b)
	}
	for i := 0; i < len(b); {
		sub := b[i]
		sz, j := leb(i + 1)
		if sub == 1 {
			cnt, k := leb(j)
			for range cnt {
				idx, k2 := leb(k)
				l, k3 := leb(k2)
				if k3+l > len(b) {
					return
				}
				names[idx] = string(b[k3 : k3+l])
				k = k3 + l
			}
		}
		i = j + sz
	}
}

// wasmPackage is the package of a function name as Go's wasm linker writes
// it: the import path with "/" as "_", then ".", then the symbol
// (github.com_grimoire_games_grimoire_views_tower.Board, encoding_json.Unmarshal).
func wasmPackage(sym string) string {
	from := 0
	for _, dom := range []string{"github.com_", "golang.org_", "gopkg.in_"} {
		if strings.HasPrefix(sym, dom) {
			from = len(dom)
		}
	}
	if d := strings.IndexByte(sym[from:], '.'); d >= 0 {
		return sym[:from+d]
	}
	return sym
}

func packageGroup(p string) string {
	const own = "github.com_grimoire_games_grimoire_"
	switch {
	case strings.HasPrefix(p, own):
		rest := p[len(own):]
		if i := strings.IndexByte(rest, '_'); i >= 0 {
			rest = rest[:i]
		}
		return "grimoire " + rest
	case strings.Contains(p, ".com_") || strings.Contains(p, ".org_") || strings.Contains(p, ".in_"):
		return "third party " + p
	case p == "runtime" || strings.HasPrefix(p, "internal_runtime") || p == "type_":
		return "Go runtime (runtime, internal/runtime, type: helpers)"
	case strings.HasPrefix(p, "crypto") || strings.HasPrefix(p, "vendor_"):
		return "crypto"
	case p == "main":
		return "cmd/grimoire-wasm (main)"
	}
	return "std " + strings.ReplaceAll(p, "_", "/")
}

func printSizes(out io.Writer, title string, m map[string]float64, total float64, n int) {
	fmt.Fprintf(out, "%s:\n", title)
	for i, l := range topLines(m) {
		if i == n {
			break
		}
		if total > 0 {
			fmt.Fprintf(out, "    %-66s %9.0f %5.1f%%\n", l.k, l.v, 100*l.v/total)
		} else {
			fmt.Fprintf(out, "    %-66s %9.0f\n", l.k, l.v)
		}
	}
}
