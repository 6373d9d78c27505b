package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestHelpOnEveryCommandPrintsEverySubcommandAndExitsZero(t *testing.T) {
	// A file called --help in the working directory must not be what
	// `replay --help` reads.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "--help"), []byte("not a record"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	cases := [][]string{
		{"help"}, {"-h"}, {"--help"}, {"-help"},
		{"serve", "--help"}, {"serve", "--addr", ":1", "-h"},
		{"replay", "--help"}, {"replay", "-h"},
		{"simulate", "--help"}, {"simulate", "mages-tower", "--help"}, {"simulate", "spells-arrows", "-n", "3", "-h"},
		{"healthcheck", "--help"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
				t.Fatalf("exit with %v; stderr %q", err, errOut.String())
			}
			text := out.String()
			for _, want := range []string{"serve", "replay", "simulate", "healthcheck", "-tls-cert", "-acme-domain", "-behind-proxy", "-log-format",
				"simulate mages-tower", "-thumbs-may-stay", "simulate arcane-scribes", "-players", "simulate spells-arrows", "-victory"} {
				if !strings.Contains(text, want) {
					t.Errorf("help lacks %q", want)
				}
			}
			if errOut.Len() > 0 {
				t.Errorf("help wrote to stderr: %q", errOut.String())
			}
		})
	}
	t.Run("after -- a help flag is an argument again", func(t *testing.T) {
		var out, errOut bytes.Buffer
		err := run(context.Background(), []string{"replay", "--", "--help"}, strings.NewReader(""), &out, &errOut)
		if err == nil || strings.Contains(out.String(), "commands:") {
			t.Fatalf("replay -- --help printed help (%v)", err)
		}
	})
}

func TestVersionNamesTheStampedVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := grimoireBinary(t)
	for _, arg := range []string{"--version", "version", "-version"} {
		out, err := exec.Command(bin, arg).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", arg, err, out)
		}
		if !strings.HasPrefix(string(out), "grimoire "+testVersion) || !strings.Contains(string(out), "go1.") {
			t.Errorf("%s printed %q", arg, out)
		}
	}
}

func TestVersionTextFromBuildInfo(t *testing.T) {
	got := versionText()
	if !strings.HasPrefix(got, "grimoire ") || !strings.Contains(got, "\ngo1.") {
		t.Fatalf("versionText() = %q", got)
	}
}
