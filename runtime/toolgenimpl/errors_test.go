package toolgenimpl

import (
	"testing"

	"github.com/toolgen/toolgen/runtime"
)

func BenchmarkValidationErrorTexts(b *testing.B) {
	r := NewReader([]byte(`{"items":[{"sku":"ab","tags":["a"]},{"sku":7,"tags":[]}],"note":"cash","x":1}`))
	readOrder(r)
	err := r.Finish("order").(*runtime.ValidationError)
	b.ReportAllocs()
	for b.Loop() {
		_ = err.Error()
		_ = err.ModelMessage()
	}
}
