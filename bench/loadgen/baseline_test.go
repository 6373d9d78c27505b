package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"
	"time"
)

// TestMain lets this test binary be the bare server's own process, as the
// generator's binary is: startBare runs os.Executable with bareArg.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == bareArg {
		if err := serveBare(os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// The bare server apart from the generator is filled over HTTP: what a PUT
// stores under a name is what the phones' GETs and POSTs get back, with
// its encoding and record delta, and a phone with no page of its own gets
// the sample page.
func TestBareServerServesWhatItWasGiven(t *testing.T) {
	srv := httptest.NewServer(bareEcho(&bareTable{}))
	defer srv.Close()
	b := &bareServer{base: srv.URL}
	ctx := context.Background()
	sets := map[string]fixed{
		"tap":         {body: []byte("tap bytes"), enc: "gzip", delta: "d1"},
		"page":        {body: []byte("sample page")},
		"pages/2":     {body: []byte("phone 2's page"), enc: "br"},
		"refreshes/0": {body: []byte("phone 0's refresh"), delta: "d2"},
	}
	for what, f := range sets {
		if err := b.set(ctx, what, f); err != nil {
			t.Fatalf("set %s: %v", what, err)
		}
	}
	for _, tc := range []struct {
		method, path string
		want         fixed
	}{
		{http.MethodPost, "/tap", sets["tap"]},
		{http.MethodGet, "/page", sets["page"]},
		{http.MethodGet, "/page/2", sets["pages/2"]},
		{http.MethodGet, "/page/5", sets["page"]},
		{http.MethodGet, "/refresh/0", sets["refreshes/0"]},
		{http.MethodGet, "/refresh/1", sets["page"]},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
			// Asked for nothing: the bytes must come back as they were put.
			req.Header.Set("Accept-Encoding", "identity")
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			if !bytes.Equal(body, tc.want.body) || res.Header.Get("Content-Encoding") != tc.want.enc || res.Header.Get(recordDeltaHeader) != tc.want.delta {
				t.Errorf("got %q enc %q delta %q, want %q enc %q delta %q", body, res.Header.Get("Content-Encoding"), res.Header.Get(recordDeltaHeader), tc.want.body, tc.want.enc, tc.want.delta)
			}
		})
	}
	if err := b.set(ctx, "nothing/1", fixed{body: []byte("x")}); err == nil {
		t.Error("a set of an unknown name was taken")
	}
}

// In the generator's process the same names fill the table directly.
func TestBareServerInProcessSetsItsTable(t *testing.T) {
	b, err := startBare(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	var pages barePages
	pages.set(1, fixed{body: []byte("one")})
	if err := b.setAll(context.Background(), "pages", &pages); err != nil {
		t.Fatal(err)
	}
	if f, ok := b.table.pages.get(1); !ok || string(f.body) != "one" {
		t.Errorf("page 1 is %q, %v", f.body, ok)
	}
	if _, ok := b.table.pages.get(0); ok {
		t.Error("page 0 was set from an empty slot")
	}
}

// Apart from the generator, the bare server is a child process: it is
// filled over HTTP, answers from its own process, and is gone once
// stopped.
func TestBareServerRunsInAProcessOfItsOwn(t *testing.T) {
	ctx := context.Background()
	b, err := startBare(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	pid := b.cmd.Process.Pid
	if pid == os.Getpid() {
		t.Fatal("the bare server runs in the generator's process")
	}
	if err := b.set(ctx, "tap", fixed{body: []byte("from the child")}); err != nil {
		t.Fatal(err)
	}
	res, err := http.Post(b.base+"/tap", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "from the child" {
		t.Errorf("the child answered %q", body)
	}
	if runtime.GOOS == "linux" && b.cpu() < 0 {
		t.Error("no CPU time read for the child")
	}
	b.stop()
	if b.cmd.ProcessState == nil || !b.cmd.ProcessState.Exited() {
		t.Errorf("the child has not exited: %v", b.cmd.ProcessState)
	}
	if _, err := (&http.Client{Timeout: time.Second}).Post(b.base+"/tap", "text/plain", nil); err == nil {
		t.Error("the stopped child still answers")
	}
}
