package lookaround

// Steps returns the states the match of s visits and steps through.
func (r *Regexp) Steps(s string) int {
	m := r.machine(s)
	defer r.pool.Put(m)
	m.run(0)
	return m.steps
}

// Size returns the number of instructions of the automata.
func (r *Regexp) Size() int {
	n := len(r.main.inst)
	for _, a := range r.assertions {
		n += len(a.inst)
	}
	return n
}
