package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/toolgen/toolgen/runtime/internal/message"
)

// Caller sends one tool call to the server that runs the tool and returns
// its answer. A generated Client (toolgen -client) calls tools through one;
// mcptools.Caller makes one of an MCP Go SDK client session, and
// mcpgotools.Caller of an mcp-go client.
//
// arguments are the JSON text the generated validator accepted; a Caller
// sends them as they are. A call the server answers, even as failed, is a
// ToolResult and a nil error; the error is for a call that got no answer
// (the transport, the protocol, the context).
type Caller interface {
	CallTool(ctx context.Context, name string, arguments json.RawMessage) (ToolResult, error)
}

// ToolResult is a server's answer to a tool call, as the server sent it.
type ToolResult struct {
	// Content is the JSON array of content blocks; StructuredContent the
	// structured result, nil when the server sent none.
	Content           json.RawMessage
	StructuredContent json.RawMessage
	// IsError is set when the server reports that the tool failed. A
	// generated Client returns such a result as a *RemoteError.
	IsError bool
}

// RemoteError reports a call that the server answered as failed (isError).
// Text, the text the server sent, is the remote server's and is not
// vetted: ModelMessage does not pass it on, and a service that trusts the
// server may show it to the model itself.
type RemoteError struct {
	Tool   string
	Text   string // the text content blocks of Result, one per line
	Result ToolResult
}

// maxRemoteErrorText bounds how much of the server's text Error quotes.
const maxRemoteErrorText = 500

func (e *RemoteError) Error() string {
	text := e.Text
	if len(text) > maxRemoteErrorText {
		cut := maxRemoteErrorText
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + "…"
	}
	return fmt.Sprintf("tool %q failed on the server: %q", e.Tool, text)
}

// ModelMessage says the tool failed where it runs, without the server's
// text.
func (e *RemoteError) ModelMessage() string {
	return message.RemoteFailed(e.Tool)
}
