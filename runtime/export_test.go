package runtime

// ReadLimited exposes readLimited to the external tests.
var ReadLimited = readLimited

// HookName and OwnClass expose hookName and ownClass to the external tests.
var (
	HookName = hookName
	OwnClass = ownClass
)
