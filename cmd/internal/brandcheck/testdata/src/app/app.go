// Package app uses the generated package as a program's other packages do.
package app

import "tools"

type holder struct {
	name  string
	valid tools.ValidRefundArgs
}

type pointers struct {
	valid *tools.ValidRefundArgs
	list  []tools.ValidRefundArgs
	byID  map[string]tools.ValidRefundArgs
}

type alias = tools.ValidRefundArgs

type grid [2][3]tools.ValidRefundArgs

var global tools.ValidRefundArgs // want `var global declared without a value makes a tools.ValidRefundArgs that never passed validation; get one from tools.ParseRefundArgs`

func constructions(n int) {
	_ = tools.ValidRefundArgs{}                   // want `composite literal tools.ValidRefundArgs\{…\} makes a tools.ValidRefundArgs that never passed validation; get one from tools.ParseRefundArgs`
	_ = &tools.ValidRefundArgs{}                  // want `composite literal tools.ValidRefundArgs\{…\} makes`
	_ = alias{}                                   // want `composite literal alias\{…\} makes a tools.ValidRefundArgs`
	_ = []tools.ValidRefundArgs{{}}               // want `composite literal tools.ValidRefundArgs\{…\} makes`
	_ = new(tools.ValidRefundArgs)                // want `new\(tools.ValidRefundArgs\) makes a tools.ValidRefundArgs`
	_ = *new(tools.ValidRefundArgs)               // want `new\(tools.ValidRefundArgs\) makes`
	_ = new(alias)                                // want `new\(alias\) makes a tools.ValidRefundArgs`
	_ = new(holder)                               // want `new\(holder\) makes a tools.ValidRefundArgs`
	var a tools.ValidRefundArgs                   // want `var a declared without a value makes`
	var b, c alias                                // want `var b declared without a value makes` `var c declared without a value makes`
	var h holder                                  // want `var h declared without a value makes`
	var arr [3]tools.ValidRefundArgs              // want `var arr declared without a value makes`
	var g grid                                    // want `var g declared without a value makes`
	var anon struct{ v tools.ValidRefundArgs }    // want `var anon declared without a value makes`
	_ = holder{name: "x"}                         // want `composite literal holder\{…\} without field valid makes a tools.ValidRefundArgs`
	_ = holder{}                                  // want `composite literal holder\{…\} without field valid makes`
	_ = [2]tools.ValidRefundArgs{a}               // want `array literal \[2\]tools.ValidRefundArgs\{…\} with 1 of 2 elements makes`
	_ = [...]tools.ValidRefundArgs{3: a}          // want `array literal \[4\]tools.ValidRefundArgs\{…\} with 1 of 4 elements makes`
	_ = make([]tools.ValidRefundArgs, n)          // want `make of a \[\]tools.ValidRefundArgs with a length makes`
	_ = make([]holder, 1, n)                      // want `make of a \[\]holder with a length makes`
	clear([]tools.ValidRefundArgs{a, b, c})       // want `clear of a \[\]tools.ValidRefundArgs makes`
	func() (v tools.ValidRefundArgs) { return }() // want `named result v makes`
	_, _, _, _, _ = a, h, arr, g, anon
}

func namedResult() (v tools.ValidRefundArgs, err error) { // want `named result v makes`
	return v, err
}

// allowed are the uses the check leaves alone: receiving a value, copying
// it, reading its arguments, holding it behind pointers or in containers
// that start empty, and getting it from the Parse function.
func allowed(v tools.ValidRefundArgs, p *tools.ValidRefundArgs, raw []byte) (tools.ValidRefundArgs, error) {
	copied := v
	var assigned tools.ValidRefundArgs = *p
	_ = copied.Args().Amount + assigned.Args().Amount
	var ptrs pointers
	var ptr *tools.ValidRefundArgs
	var list []tools.ValidRefundArgs
	var empty [0]tools.ValidRefundArgs
	list = append(list, v)
	list = append(list, make([]tools.ValidRefundArgs, 0, 8)...)
	_ = [1]tools.ValidRefundArgs{v}
	_ = holder{"x", v}
	_ = holder{valid: v}
	_ = new(v)
	byID := map[string]tools.ValidRefundArgs{"a": v}
	clear(byID)
	_, _, _, _ = ptrs, ptr, list, empty
	parsed, err := tools.ParseRefundArgs(raw)
	if err != nil {
		return tools.ValidRefundArgs(v), err
	}
	var h tools.Handler
	_ = h
	return parsed, nil
}
