// Renders the TypeBox catalogs with the versions package-lock.json pins:
//
//   typebox.tools.json   the same tools built with typebox 1.x
//   sinclair.tools.json  built with @sinclair/typebox 0.34.x
//
// A TypeBox schema is plain JSON Schema: an MCP server sends it as the
// tool's inputSchema as it is (JSON.stringify drops TypeBox's symbol keys).
//
// Run from this folder after npm ci: node render.mjs
import { writeFileSync } from "node:fs";
import TypeBox1 from "typebox";
import { Type as Sinclair } from "@sinclair/typebox";

// tools builds the catalog's tools with one TypeBox's Type builder; legacy
// is set for @sinclair/typebox, whose recursion API differs.
function tools(Type, legacy) {
  const Address = Type.Object(
    {
      street: Type.String({ minLength: 1, description: "Street and number." }),
      city: Type.String(),
      postcode: Type.String({ pattern: "^[0-9]{5}$" }),
      country: Type.Optional(Type.String({ minLength: 2, maxLength: 2, default: "DE" })),
    },
    { description: "A postal address." },
  );
  const Color = Type.Union([Type.Literal("red"), Type.Literal("green"), Type.Literal("blue")]);
  const Cat = Type.Object({ kind: Type.Literal("cat"), lives: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, default: 9 })) });
  const Dog = Type.Object({ kind: Type.Literal("dog"), good: Type.Optional(Type.Boolean({ default: true })) });
  const Bird = Type.Object({ kind: Type.Optional(Type.Literal("bird", { default: "bird" })), wingspanCm: Type.Number() });
  const Circle = Type.Object({ shape: Type.Enum({ Circle: "circle" }), radius: Type.Number({ exclusiveMinimum: 0 }) });
  const Square = Type.Object({ shape: Type.Enum({ Square: "square" }), side: Type.Number({ exclusiveMinimum: 0 }) });
  const ByEmail = Type.Object({ email: Type.String({ format: "email" }), verified: Type.Optional(Type.Boolean()) });
  const ByPhone = Type.Object({ email: Type.Optional(Type.String({ format: "email" })), phone: Type.String() });
  const Named = Type.Object({ name: Type.String() });
  const Aged = Type.Object({ age: Type.Integer({ minimum: 0 }) });

  // Named, mutually referring types: a Module (0.34) or Cyclic (1.x)
  // renders as {$defs, $ref} with references by $id.
  const defs = {
    Employee: Type.Object({ name: Type.String(), team: Type.Optional(Type.Ref("Team")) }),
    Team: Type.Object({ name: Type.String(), lead: Type.Ref("Employee"), members: Type.Array(Type.Ref("Employee")) }),
    Node: Type.Object({ label: Type.String(), children: Type.Array(Type.Ref("Node")) }),
    Order: Type.Object({ id: Type.String(), team: Type.Ref("Team"), root: Type.Ref("Node") }),
  };
  const Order = legacy ? Type.Module(defs).Import("Order") : Type.Cyclic(defs, "Order");
  const Tree = legacy
    ? Type.Recursive((This) => Type.Object({ label: Type.String(), children: Type.Array(This) }), { $id: "Tree" })
    : Type.Cyclic({ Tree: Type.Object({ label: Type.String(), children: Type.Array(Type.Ref("Tree")) }) }, "Tree");

  return [
    {
      name: "check_strings",
      description: "Strings with formats and constraints.",
      inputSchema: Type.Object({
        email: Type.String({ format: "email", description: "Where to write." }),
        homepage: Type.String({ format: "uri" }),
        requestId: Type.String({ format: "uuid" }),
        at: Type.String({ format: "date-time" }),
        day: Type.String({ format: "date" }),
        clock: Type.String({ format: "time" }),
        wait: Type.String({ format: "duration" }),
        ip4: Type.String({ format: "ipv4" }),
        ip6: Type.String({ format: "ipv6" }),
        host: Type.String({ format: "hostname" }),
        regex: Type.String({ format: "regex" }),
        slug: Type.String({ pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$", minLength: 3, maxLength: 40 }),
        code: Type.String({ minLength: 6, maxLength: 6 }),
        template: Type.TemplateLiteral("user-${number}"),
        choice: Type.TemplateLiteral("${'a'|'b'}-${'x'|'y'}"),
      }),
    },
    {
      name: "check_patterns",
      description: "ECMA-262 patterns written by hand.",
      inputSchema: Type.Object({
        password: Type.String({ pattern: "^(?=.*[0-9])(?=.*[a-z]).{8,}$" }),
        hexColor: Type.String({ pattern: "^#[0-9a-fA-F]{6}$" }),
      }),
    },
    {
      name: "check_numbers",
      description: "Numbers: integers, floats, bounds, multipleOf.",
      inputSchema: Type.Object({
        count: Type.Integer(),
        ratio: Type.Number(),
        percent: Type.Integer({ minimum: 0, maximum: 100 }),
        exclusive: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
        step: Type.Integer({ multipleOf: 5 }),
        fraction: Type.Number({ multipleOf: 0.01 }),
        intOrNumber: Type.Union([Type.Integer(), Type.Number()]),
      }),
    },
    {
      name: "check_choices",
      description: "Booleans, enums, literals and literal unions.",
      inputSchema: Type.Object({
        flag: Type.Boolean(),
        color: Color,
        role: Type.Enum({ Admin: "admin", Viewer: "viewer" }),
        level: Type.Enum({ Low: 0, High: 1 }),
        rank: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
        mixed: Type.Union([Type.Literal("auto"), Type.Literal(0)]),
        fixed: Type.Literal("v1"),
        truth: Type.Literal(true),
        keys: Type.KeyOf(Address),
        tone: Type.Optional(Type.Union([Type.Literal("red"), Type.Literal("green")], { default: "red" })),
      }),
    },
    {
      name: "check_optionality",
      description: "Required, optional, nullable and defaulted fields; nested objects.",
      inputSchema: Type.Object(
        {
          requiredText: Type.String(),
          nullableRequired: Type.Union([Type.String(), Type.Null()]),
          optionalText: Type.Optional(Type.String()),
          nullish: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          withDefault: Type.Optional(Type.Integer({ default: 5 })),
          address: Address,
          billing: Type.Optional(Address),
          contact: Type.Union([Type.Object({ name: Type.String(), email: Type.String({ format: "email" }) }, { additionalProperties: false }), Type.Null()]),
          partial: Type.Partial(Address),
          picked: Type.Pick(Address, ["city", "postcode"]),
          omitted: Type.Omit(Address, ["country"]),
          tags: Type.Optional(Type.Array(Type.String())),
        },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ id: Type.String({ format: "uuid" }), created: Type.String({ format: "date-time" }) }),
    },
    {
      name: "check_collections",
      description: "Arrays, tuples, records with key constraints.",
      inputSchema: Type.Object({
        names: Type.Array(Type.String(), { minItems: 1, maxItems: 10 }),
        unique: Type.Array(Type.String(), { uniqueItems: true }),
        counts: Type.Record(Type.String(), Type.Integer()),
        coded: Type.Record(Type.String({ pattern: "^[A-Z]{2}$" }), Type.Number()),
        byColor: Type.Record(Color, Type.Integer()),
        byIndex: Type.Record(Type.Integer(), Type.String()),
        addresses: Type.Array(Address),
        byName: Type.Record(Type.String(), Address),
        matrix: Type.Array(Type.Array(Type.Number())),
      }),
    },
    {
      name: "check_tuples",
      description: "Tuples, which TypeBox writes in the draft-07 form (items as an array).",
      inputSchema: Type.Object({
        pair: Type.Tuple([Type.Integer(), Type.String()]),
        point: Type.Tuple([Type.Number(), Type.Number(), Type.Number()]),
      }),
    },
    {
      name: "check_unions",
      description: "Unions tagged by a literal (plain, optional tag, enum tag) and plain unions.",
      inputSchema: Type.Object({
        pet: Type.Union([Cat, Dog]),
        animal: Type.Union([Cat, Dog, Bird]),
        shape: Type.Union([Circle, Square]),
        pets: Type.Array(Type.Union([Cat, Dog])),
        scalar: Type.Union([Type.Integer(), Type.String()]),
        scalarOrList: Type.Union([Type.String(), Type.Array(Type.String())]),
        who: Type.Union([ByEmail, ByPhone]),
        maybePet: Type.Optional(Type.Union([Cat, Dog])),
        nullablePet: Type.Union([Cat, Dog, Type.Null()]),
      }),
    },
    {
      name: "check_intersections",
      description: "Intersections (allOf) and composites.",
      inputSchema: Type.Object({
        person: Type.Intersect([Named, Aged]),
        closed: Type.Intersect([Named, Aged], { unevaluatedProperties: false }),
        composite: legacy ? Type.Composite([Named, Aged]) : Type.Evaluate(Type.Intersect([Named, Aged])),
      }),
    },
    {
      name: "check_module",
      description: "Named types referring to one another by $id ($defs and $ref).",
      inputSchema: Order,
    },
    {
      name: "check_recursive",
      description: "A recursive tree.",
      inputSchema: Type.Object({ root: Tree }),
    },
    {
      name: "check_annotations",
      description: "Titles, descriptions, examples, untyped values.",
      inputSchema: Type.Object(
        {
          titled: Type.String({ title: "The Title", description: "A described, titled field.", examples: ["Hello"] }),
          secret: Type.String({ writeOnly: true, format: "password" }),
          b64: Type.String({ contentEncoding: "base64" }),
          anything: Type.Any(),
          unknown: Type.Unknown(),
          payload: Type.Record(Type.String(), Type.Unknown()),
          deprecated: Type.Optional(Type.String({ deprecated: true })),
        },
        { title: "Annotated", description: "Arguments with annotations." },
      ),
    },
  ];
}

function write(file, tools) {
  writeFileSync(file, JSON.stringify({ tools }, null, 2) + "\n");
}

write("typebox.tools.json", tools(TypeBox1, false));
write("sinclair.tools.json", tools(Sinclair, true));
