package history

import (
	"slices"
	"sync"
	"testing"
)

func build(vs ...int) List[int] {
	var l List[int]
	for _, v := range vs {
		l = l.Append(v)
	}
	return l
}

func TestList(t *testing.T) {
	for _, tt := range []struct {
		name string
		l    List[int]
		k    int
		tail []int
		all  []int
	}{
		{"empty", List[int]{}, 3, []int{}, []int{}},
		{"shorter than the tail", build(1, 2), 5, []int{1, 2}, []int{1, 2}},
		{"longer than the tail", build(1, 2, 3, 4, 5), 2, []int{4, 5}, []int{1, 2, 3, 4, 5}},
		{"no tail", build(1, 2), 0, []int{}, []int{1, 2}},
		{"a negative tail", build(1, 2), -1, []int{}, []int{1, 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.l.Tail(tt.k); !slices.Equal(got, tt.tail) {
				t.Errorf("Tail(%d) = %v, want %v", tt.k, got, tt.tail)
			}
			if got := tt.l.All(); !slices.Equal(got, tt.all) {
				t.Errorf("All = %v, want %v", got, tt.all)
			}
			if tt.l.Len() != len(tt.all) {
				t.Errorf("Len = %d, want %d", tt.l.Len(), len(tt.all))
			}
			last, ok := tt.l.Last()
			if ok != (len(tt.all) > 0) || ok && last != tt.all[len(tt.all)-1] {
				t.Errorf("Last = %d %v, want the last of %v", last, ok, tt.all)
			}
		})
	}
}

// Two lists grown from one prefix (a game moved on again after an undo)
// keep their own entries: an Append never writes where another list reads.
func TestBranchesShareOnlyTheirPrefix(t *testing.T) {
	base := build(1, 2, 3)
	a := base.Append(10).Append(11)
	b := base.Append(20)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i := range 100 {
				_ = a.Append(i)
				_ = b.Append(i)
			}
		})
	}
	wg.Wait()
	for _, tt := range []struct {
		name string
		l    List[int]
		want []int
	}{
		{"the base", base, []int{1, 2, 3}},
		{"the first branch", a, []int{1, 2, 3, 10, 11}},
		{"the second branch", b, []int{1, 2, 3, 20}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.l.All(); !slices.Equal(got, tt.want) {
				t.Errorf("All = %v, want %v", got, tt.want)
			}
		})
	}
}
