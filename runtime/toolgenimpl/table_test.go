package toolgenimpl

import (
	"reflect"
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

// TestDefinitionSharesNothing: a definition carries the row's MCP members,
// and changing everything a definition holds by reference leaves the next
// definition of the same row as the table has it.
func TestDefinitionSharesNothing(t *testing.T) {
	row := &ToolInfo{
		Name:        "t",
		InputSchema: `{"type":"object"}`,
		Icons:       `[{"src":"https://example.com/t.png","sizes":["48x48"],"theme":"dark"}]`,
		TaskSupport: "optional",
		Meta:        `{"n":1.0}`,
	}
	first := row.Definition()
	want := runtime.ToolDefinition{
		Name:        "t",
		InputSchema: []byte(`{"type":"object"}`),
		Icons:       []byte(`[{"src":"https://example.com/t.png","sizes":["48x48"],"theme":"dark"}]`),
		TaskSupport: "optional",
		Meta:        []byte(`{"n":1.0}`),
	}
	if !reflect.DeepEqual(first, want) {
		t.Fatalf("definition %+v, want %+v", first, want)
	}
	first.Icons[0] = '{'
	first.Meta[0] = '['
	first.InputSchema[0] = '['
	if again := row.Definition(); !reflect.DeepEqual(again, want) {
		t.Errorf("after changing a definition, the next is %+v, want %+v", again, want)
	}
	if none := (&ToolInfo{Name: "u"}).Definition(); none.Icons != nil || none.Meta != nil || none.TaskSupport != "" {
		t.Errorf("a row without MCP members: %+v", none)
	}
}
