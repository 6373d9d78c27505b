// Package takeaway is a fourth game that lives only in tests: Take-away, two
// players take 1 to a few stones from one pile in turn, and whoever takes
// the last stone wins. It is here to prove what docs/architecture.md
// promises a new game: it is its rules, its views and its play.Kind, and
// one line in the binary's list; the real handlers serve it end to end
// (serve_test.go) with no line of handlers/ knowing it.
//
// Every file of the package is a _test.go file, so only `go test` compiles
// it: no binary lists it and nothing outside can import it. The three
// layers a real game keeps in rules/x, views/x and play/x are three files
// here (rules_test.go, view_test.go, kind_test.go), each using only what
// its layer may: the rules only the standard library and rules/record, the
// view only views and templ, the Kind the other two and play.
package takeaway
