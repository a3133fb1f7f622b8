package main

import (
	"context"

	"github.com/toolgen/toolgen/examples/mcpclient/memory"
)

// proxy makes an agent a validating proxy for the memory server: it
// implements the generated Handler by forwarding each call to the server
// through the generated Client. Served with memory.NewDispatcher and
// memory.Definitions() through a model adapter (adapters/openai, say), the
// model sees the server's own schemas, its calls are validated by the
// generated code before a handler runs, and only valid calls reach the
// server: model → generated validation → remote server. A call that fails
// there comes back as the Client's typed error, which the dispatcher
// reports to the model without the server's text (runtime.RemoteError).
type proxy struct {
	remote *memory.Client
}

var _ memory.Handler = proxy{}

func (p proxy) CreateEntities(ctx context.Context, args memory.ValidCreateEntitiesArgs) (memory.CreateEntitiesResult, error) {
	return p.remote.CreateEntities(ctx, args.Args())
}

func (p proxy) CreateRelations(ctx context.Context, args memory.ValidCreateRelationsArgs) (memory.CreateRelationsResult, error) {
	return p.remote.CreateRelations(ctx, args.Args())
}

func (p proxy) AddObservations(ctx context.Context, args memory.ValidAddObservationsArgs) (memory.AddObservationsResult, error) {
	return p.remote.AddObservations(ctx, args.Args())
}

func (p proxy) DeleteEntities(ctx context.Context, args memory.ValidDeleteEntitiesArgs) (memory.DeleteEntitiesResult, error) {
	return p.remote.DeleteEntities(ctx, args.Args())
}

func (p proxy) DeleteObservations(ctx context.Context, args memory.ValidDeleteObservationsArgs) (memory.DeleteObservationsResult, error) {
	return p.remote.DeleteObservations(ctx, args.Args())
}

func (p proxy) DeleteRelations(ctx context.Context, args memory.ValidDeleteRelationsArgs) (memory.DeleteRelationsResult, error) {
	return p.remote.DeleteRelations(ctx, args.Args())
}

func (p proxy) ReadGraph(ctx context.Context, args memory.ValidReadGraphArgs) (memory.ReadGraphResult, error) {
	return p.remote.ReadGraph(ctx, args.Args())
}

func (p proxy) SearchNodes(ctx context.Context, args memory.ValidSearchNodesArgs) (memory.SearchNodesResult, error) {
	return p.remote.SearchNodes(ctx, args.Args())
}

func (p proxy) OpenNodes(ctx context.Context, args memory.ValidOpenNodesArgs) (memory.OpenNodesResult, error) {
	return p.remote.OpenNodes(ctx, args.Args())
}
