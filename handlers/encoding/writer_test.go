package encoding

import "testing"

func TestJoinVary(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"Cookie", "Accept-Encoding"}, "Cookie, Accept-Encoding"},
		{[]string{"Cookie", "HX-Request, HX-History-Restore-Request", "Accept-Encoding", "accept-encoding"}, "Cookie, HX-Request, HX-History-Restore-Request, Accept-Encoding"},
		{[]string{" Cookie ,", ""}, "Cookie"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := JoinVary(tc.in); got != tc.want {
				t.Errorf("JoinVary(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
