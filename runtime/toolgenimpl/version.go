package toolgenimpl

// Generated code asserts, at compile time, that it and this package were
// made for each other:
//
//	const (
//		_ = toolgenimpl.EnforceVersion(GenVersion - toolgenimpl.MinVersion) // older than the runtime: regenerate
//		_ = toolgenimpl.EnforceVersion(toolgenimpl.MaxVersion - GenVersion) // newer than the runtime: regenerate or upgrade
//	)
//
// with the GenVersion of the toolgen that generated it written as a number.
// A negative difference does not convert to the unsigned EnforceVersion, so
// skewed code fails to compile on the line whose comment says what to do.
//
// The contract is what generated code may use: every exported name of this
// package, the format checkers and the names it takes from runtime, with
// their signatures, as gen/testdata/contract.txt records them
// (TestGeneratedCodeAPI fails on a change of them at the same GenVersion).
// GenVersion rises with any change of the contract and of what generated
// code must do. MinVersion rises to the new GenVersion when a name older
// generated code may use is removed or changes shape, so that such code
// fails on its version line rather than on the name; names added leave it.
const (
	// GenVersion is the version of the contract between generated code and
	// this package that the toolgen of this module generates. It changes
	// whenever generated code must change to keep working.
	GenVersion = 5
	// MinVersion is the oldest generated code this package still supports.
	MinVersion = 3
	// MaxVersion is the newest generated code this package supports.
	MaxVersion = GenVersion
)

// EnforceVersion is the type generated code converts its version difference
// to; a negative difference is a compile error.
type EnforceVersion uint
