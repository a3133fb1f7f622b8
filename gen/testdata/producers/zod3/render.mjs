// Renders the zod 3 catalogs with the versions package-lock.json pins:
//
//   sdk.tools.json      tools/list as an MCP TypeScript SDK server sends it
//                       (McpServer.registerTool with zod 3 schemas, read back
//                       by an SDK client over the in-memory transport: the SDK
//                       converts with zod-to-json-schema, draft-07, strict
//                       unions, "input" pipe strategy)
//   2019-09.tools.json  zodToJsonSchema(schema, {target: "jsonSchema2019-09"})
//                       of the same schemas, in the tools/list shape
//
// Run from this folder after npm ci: node render.mjs
import { writeFileSync } from "node:fs";
import { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";

// --- shared pieces ----------------------------------------------------------

const Address = z
  .object({
    street: z.string().min(1).describe("Street and number."),
    city: z.string(),
    postcode: z.string().regex(/^[0-9]{5}$/),
    country: z.string().length(2).default("DE"),
  })
  .describe("A postal address.");

const Color = z.enum(["red", "green", "blue"]);

const StringRole = { Admin: "admin", Viewer: "viewer" };
const NumericLevel = { Low: 0, High: 1 }; // a TypeScript numeric enum's values

const Cat = z.object({ kind: z.literal("cat"), lives: z.number().int().min(0).max(9).default(9) });
const Dog = z.object({ kind: z.literal("dog"), good: z.boolean().default(true) });
// The tag has a default: zod-to-json-schema leaves it out of "required".
const Bird = z.object({ kind: z.literal("bird").default("bird"), wingspanCm: z.number() });
// The tag is a one-value enum rather than a literal.
const Circle = z.object({ shape: z.enum(["circle"]), radius: z.number().positive() });
const Square = z.object({ shape: z.enum(["square"]), side: z.number().positive() });

const ByEmail = z.object({ email: z.string().email(), verified: z.boolean().optional() });
const ByPhone = z.object({ email: z.string().email().optional(), phone: z.string() });

const Named = z.object({ name: z.string() });
const Aged = z.object({ age: z.number().int().nonnegative() });

const TreeNode = z.lazy(() =>
  z.object({ label: z.string(), children: z.array(TreeNode).optional() }),
);

const Receipt = z.object({
  id: z.string().uuid(),
  totalCents: z.number().int(),
  created: z.string().datetime(),
  lines: z.array(z.string()),
});

// --- the tools ----------------------------------------------------------------

const tools = [
  {
    name: "check_strings",
    description: "Strings with formats and constraints.",
    input: z.object({
      email: z.string().email().describe("Where to write."),
      homepage: z.string().url(),
      requestId: z.string().uuid(),
      cuid: z.string().cuid(),
      cuid2: z.string().cuid2(),
      ulid: z.string().ulid(),
      nanoid: z.string().nanoid(),
      at: z.string().datetime(),
      atOffset: z.string().datetime({ offset: true }),
      day: z.string().date(),
      clock: z.string().time(),
      wait: z.string().duration(),
      ip: z.string().ip(),
      ip4: z.string().ip({ version: "v4" }),
      ip6: z.string().ip({ version: "v6" }),
      cidr: z.string().cidr({ version: "v4" }),
      slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).min(3).max(40),
      suffixed: z.string().endsWith(".png"),
      code: z.string().length(6),
      trimmed: z.string().trim().toLowerCase(),
      b64: z.string().base64(),
      when: z.date(),
    }),
  },
  {
    name: "check_patterns",
    description: "ECMA-262 patterns: look-around, flags, Unicode classes.",
    input: z.object({
      password: z.string().regex(/^(?=.*[0-9])(?=.*[a-z]).{8,}$/),
      caseless: z.string().regex(/^[a-z]+$/i),
      emoji: z.string().emoji(),
      // zod-to-json-schema escapes literal text with \_ and \@.
      prefixed: z.string().startsWith("ord_"),
      contains: z.string().includes("@"),
      hexColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    }),
  },
  {
    name: "check_numbers",
    description: "Numbers: integers, floats, bounds, multipleOf.",
    input: z.object({
      count: z.number().int(),
      ratio: z.number(),
      percent: z.number().int().min(0).max(100),
      positive: z.number().positive(),
      nonNegative: z.number().int().nonnegative(),
      exclusive: z.number().gt(0).lt(1),
      step: z.number().int().multipleOf(5),
      finite: z.number().finite(),
      safe: z.number().int().safe(),
      big: z.bigint(),
      coerced: z.coerce.number(),
    }),
  },
  {
    name: "check_choices",
    description: "Booleans, enums (zod, native string and numeric), literals.",
    input: z.object({
      flag: z.boolean(),
      color: Color,
      role: z.nativeEnum(StringRole),
      level: z.nativeEnum(NumericLevel),
      size: z.union([z.literal("s"), z.literal("m"), z.literal("l")]),
      rank: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      mixed: z.union([z.literal("auto"), z.literal(0)]),
      fixed: z.literal("v1"),
      tone: Color.default("red"),
      maybeColor: Color.nullable().optional(),
      colors: z.array(Color).default([]),
    }),
  },
  {
    name: "check_optionality",
    description: "Required, optional, nullable, nullish and defaulted fields; nested objects.",
    input: z.object({
      requiredText: z.string(),
      nullableRequired: z.string().nullable(),
      optionalText: z.string().optional(),
      nullish: z.string().nullish(),
      withDefault: z.number().int().default(5),
      address: Address.describe("Where to ship."),
      billing: Address.optional(),
      contact: z.object({ name: z.string(), email: z.string().email() }).strict().nullable(),
      loose: z.object({ note: z.string() }).passthrough(),
      counters: z.object({ base: z.number() }).catchall(z.number()),
      tags: z.array(z.string()).optional(),
      partial: Address.partial(),
    }),
    output: Receipt,
  },
  {
    name: "check_collections",
    description: "Arrays, tuples, sets, records with key constraints, maps.",
    input: z.object({
      names: z.array(z.string()).min(1).max(10),
      nonEmpty: z.array(z.number()).nonempty(),
      pair: z.tuple([z.number().int(), z.string()]),
      point: z.tuple([z.number(), z.number(), z.number()]),
      headAndRest: z.tuple([z.string()]).rest(z.number()),
      unique: z.set(z.string()),
      counts: z.record(z.number().int()),
      coded: z.record(z.string().regex(/^[A-Z]{2}$/), z.number()),
      byColor: z.record(Color, z.number().int()),
      boundedKeys: z.record(z.string().max(8), z.string()),
      addresses: z.array(Address),
      byName: z.record(Address),
      matrix: z.array(z.array(z.number())),
      pairs: z.map(z.string(), z.number()),
    }),
  },
  {
    name: "check_unions",
    description: "Discriminated unions (plain, defaulted tag, enum tag) and plain unions.",
    input: z.object({
      pet: z.discriminatedUnion("kind", [Cat, Dog]),
      animal: z.discriminatedUnion("kind", [Cat, Dog, Bird]),
      shape: z.discriminatedUnion("shape", [Circle, Square]),
      pets: z.array(z.discriminatedUnion("kind", [Cat, Dog])),
      scalar: z.union([z.number().int(), z.string()]),
      scalarOrList: z.union([z.string(), z.array(z.string())]),
      who: z.union([ByEmail, ByPhone]),
      maybePet: z.discriminatedUnion("kind", [Cat, Dog]).optional(),
      nullablePet: z.discriminatedUnion("kind", [Cat, Dog]).nullable(),
    }),
  },
  {
    name: "check_intersections",
    description: "Intersections (allOf), merged and extended objects.",
    input: z.object({
      person: z.intersection(Named, Aged),
      anded: Named.and(Aged),
      merged: Named.merge(Aged),
      extended: Named.extend({ nickname: z.string().optional() }),
    }),
  },
  {
    name: "check_recursive",
    description: "A recursive tree (z.lazy).",
    input: z.object({ root: TreeNode, label: z.string().optional() }),
    output: z.object({ depth: z.number().int() }),
  },
  {
    name: "check_annotations",
    description: "Descriptions, untyped values, effects and brands.",
    input: z
      .object({
        described: z.string().describe("A described field."),
        anything: z.any(),
        unknown: z.unknown(),
        payload: z.record(z.any()),
        transformed: z.string().transform((s) => s.length),
        piped: z.string().pipe(z.string().min(2)),
        preprocessed: z.preprocess((v) => String(v), z.string()),
        branded: z.string().brand("UserId"),
        readonly: z.array(z.string()).readonly(),
        nullOnly: z.null(),
      })
      .describe("Arguments with annotations."),
  },
];

// --- rendering ------------------------------------------------------------------

function write(file, catalog) {
  writeFileSync(file, JSON.stringify(catalog, null, 2) + "\n");
}

async function sdkCatalog() {
  const server = new McpServer({ name: "zod3-corpus", version: "1.0.0" });
  for (const t of tools) {
    server.registerTool(
      t.name,
      { description: t.description, inputSchema: t.input, outputSchema: t.output },
      async () => ({ content: [] }),
    );
  }
  const client = new Client({ name: "render", version: "1.0.0" });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  const listed = await client.listTools();
  await client.close();
  return { tools: listed.tools };
}

function plainCatalog(target) {
  return {
    tools: tools.map((t) => {
      const tool = { name: t.name, description: t.description, inputSchema: zodToJsonSchema(t.input, { target }) };
      if (t.output) tool.outputSchema = zodToJsonSchema(t.output, { target });
      return tool;
    }),
  };
}

write("sdk.tools.json", await sdkCatalog());
write("2019-09.tools.json", plainCatalog("jsonSchema2019-09"));
