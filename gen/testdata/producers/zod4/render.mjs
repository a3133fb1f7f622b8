// Renders the zod 4 catalogs with the versions package-lock.json pins:
//
//   sdk.tools.json     tools/list as an MCP TypeScript SDK server sends it
//                      (McpServer.registerTool with zod 4 schemas, read back by
//                      an SDK client over the in-memory transport: the SDK
//                      converts with zod's own toJSONSchema, target "draft-7",
//                      io "input" for inputSchema and "output" for outputSchema)
//   output.tools.json  z.toJSONSchema(schema) of the same schemas: draft 2020-12,
//                      io "output" (zod's defaults)
//   input.tools.json   z.toJSONSchema(schema, {io: "input"}): draft 2020-12
//
// Run from this folder after npm ci: node render.mjs
import { writeFileSync } from "node:fs";
import { z } from "zod";
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
  .meta({ id: "Address", title: "Address", description: "A postal address." });

const Color = z.enum(["red", "green", "blue"]);

const StringRole = { Admin: "admin", Viewer: "viewer" };
const NumericLevel = { Low: 0, High: 1 }; // a TypeScript numeric enum's values

const Cat = z.object({ kind: z.literal("cat"), lives: z.int().min(0).max(9).default(9) });
const Dog = z.object({ kind: z.literal("dog"), good: z.boolean().default(true) });
// The tag has a default.
const Bird = z.object({ kind: z.literal("bird").default("bird"), wingspanCm: z.number() });
// The tag is a one-value enum rather than a literal.
const Circle = z.object({ shape: z.enum(["circle"]), radius: z.number().positive() });
const Square = z.object({ shape: z.enum(["square"]), side: z.number().positive() });

const ByEmail = z.object({ email: z.email(), verified: z.boolean().optional() });
const ByPhone = z.object({ email: z.email().optional(), phone: z.string() });

const Named = z.object({ name: z.string() });
const Aged = z.object({ age: z.int().nonnegative() });

const TreeNode = z.object({
  label: z.string(),
  get children() {
    return z.array(TreeNode).optional();
  },
});

const Employee = z.object({
  name: z.string(),
  get team() {
    return Team.optional();
  },
});
const Team = z.object({ name: z.string(), lead: Employee, members: z.array(Employee) });

const Receipt = z.object({
  id: z.uuid(),
  totalCents: z.int(),
  created: z.iso.datetime(),
  lines: z.array(z.string()),
});

// --- the tools ----------------------------------------------------------------

const tools = [
  {
    name: "check_strings",
    description: "Strings with formats and constraints.",
    input: z.object({
      email: z.email().describe("Where to write."),
      homepage: z.url(),
      httpUrl: z.url({ protocol: /^https?$/ }),
      requestId: z.uuid(),
      uuid4: z.uuidv4(),
      guid: z.guid(),
      cuid: z.cuid(),
      cuid2: z.cuid2(),
      ulid: z.ulid(),
      nanoid: z.nanoid(),
      at: z.iso.datetime(),
      atOffset: z.iso.datetime({ offset: true }),
      day: z.iso.date(),
      clock: z.iso.time(),
      ip4: z.ipv4(),
      ip6: z.ipv6(),
      cidr: z.cidrv4(),
      slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).min(3).max(40),
      prefixed: z.string().startsWith("ord_"),
      suffixed: z.string().endsWith(".png"),
      contains: z.string().includes("@"),
      code: z.string().length(6),
      lowered: z.string().lowercase(),
      b64: z.base64(),
      b64url: z.base64url(),
      jwt: z.jwt(),
      hash: z.hash("sha256"),
      template: z.templateLiteral(["user-", z.number().int()]),
    }),
  },
  {
    name: "check_patterns",
    description: "ECMA-262 patterns: look-around, flags, Unicode classes.",
    input: z.object({
      password: z.string().regex(/^(?=.*[0-9])(?=.*[a-z]).{8,}$/),
      caseless: z.string().regex(/^[a-z]+$/i),
      emoji: z.emoji(),
      wait: z.iso.duration(),
      host: z.hostname(),
      hexColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    }),
  },
  {
    name: "check_numbers",
    description: "Numbers: integers, floats, bounds, multipleOf, sized integers.",
    input: z.object({
      count: z.int(),
      ratio: z.number(),
      percent: z.int().min(0).max(100),
      positive: z.number().positive(),
      nonNegative: z.int().nonnegative(),
      exclusive: z.number().gt(0).lt(1),
      step: z.int().multipleOf(5),
      int32: z.int32(),
      uint32: z.uint32(),
      float32: z.float32(),
      float64: z.float64(),
      coerced: z.coerce.number(),
    }),
  },
  {
    name: "check_choices",
    description: "Booleans, enums (zod, native string and numeric), literals.",
    input: z.object({
      flag: z.boolean(),
      color: Color,
      role: z.enum(StringRole),
      level: z.enum(NumericLevel),
      size: z.union([z.literal("s"), z.literal("m"), z.literal("l")]),
      rank: z.literal([1, 2, 3]),
      mixed: z.union([z.literal("auto"), z.literal(0)]),
      fixed: z.literal("v1"),
      tone: Color.default("red"),
      maybeColor: Color.nullable().optional(),
      colors: z.array(Color).default([]),
      stringbool: z.stringbool(),
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
      withDefault: z.int().default(5),
      prefaulted: z.string().prefault("x"),
      address: Address.describe("Where to ship."),
      billing: Address.optional(),
      contact: z.strictObject({ name: z.string(), email: z.email() }).nullable(),
      loose: z.looseObject({ note: z.string() }),
      counters: z.object({ base: z.number() }).catchall(z.number()),
      tags: z.array(z.string()).optional(),
      partial: Address.partial(),
    }),
    output: Receipt,
  },
  {
    name: "check_collections",
    description: "Arrays, tuples, sets, records with key constraints.",
    input: z.object({
      names: z.array(z.string()).min(1).max(10),
      nonEmpty: z.array(z.number()).nonempty(),
      pair: z.tuple([z.int(), z.string()]),
      point: z.tuple([z.number(), z.number(), z.number()]),
      headAndRest: z.tuple([z.string()], z.number()),
      counts: z.record(z.string(), z.int()),
      coded: z.record(z.string().regex(/^[A-Z]{2}$/), z.number()),
      byColor: z.record(Color, z.int()),
      someColors: z.partialRecord(Color, z.int()),
      boundedKeys: z.record(z.string().max(8), z.string()),
      addresses: z.array(Address),
      byName: z.record(z.string(), Address),
      matrix: z.array(z.array(z.number())),
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
      scalar: z.union([z.int(), z.string()]),
      scalarOrList: z.union([z.string(), z.array(z.string())]),
      who: z.union([ByEmail, ByPhone]),
      either: z.xor([ByEmail, ByPhone]),
      maybePet: z.discriminatedUnion("kind", [Cat, Dog]).optional(),
      nullablePet: z.discriminatedUnion("kind", [Cat, Dog]).nullable(),
    }),
  },
  {
    name: "check_intersections",
    description: "Intersections (allOf), extended objects.",
    input: z.object({
      person: z.intersection(Named, Aged),
      anded: Named.and(Aged),
      extended: Named.extend({ nickname: z.string().optional() }),
      safeExtended: Named.safeExtend({ age: z.int() }),
    }),
  },
  {
    name: "check_recursive",
    description: "A recursive tree and mutually recursive objects (getters).",
    input: z.object({ root: TreeNode, team: Team }),
    output: z.object({ depth: z.int() }),
  },
  {
    name: "check_annotations",
    description: "Titles, descriptions, examples, untyped values, transforms and brands.",
    input: z
      .object({
        titled: z.string().meta({ title: "The Title", description: "A described, titled field.", examples: ["Hello"] }),
        deprecated: z.string().optional().meta({ deprecated: true }),
        anything: z.any(),
        unknown: z.unknown(),
        payload: z.record(z.string(), z.any()),
        piped: z.string().pipe(z.string().min(2)),
        branded: z.string().brand("UserId"),
        readonly: z.array(z.string()).readonly(),
        nullOnly: z.null(),
        defaulted: z.object({ on: z.boolean() }).default({ on: true }),
      })
      .describe("Arguments with annotations."),
  },
];

// --- rendering ------------------------------------------------------------------

function write(file, catalog) {
  writeFileSync(file, JSON.stringify(catalog, null, 2) + "\n");
}

async function sdkCatalog() {
  const server = new McpServer({ name: "zod4-corpus", version: "1.0.0" });
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

function plainCatalog(io) {
  return {
    tools: tools.map((t) => {
      const tool = { name: t.name, description: t.description, inputSchema: z.toJSONSchema(t.input, { io }) };
      if (t.output) tool.outputSchema = z.toJSONSchema(t.output, { io });
      return tool;
    }),
  };
}

write("sdk.tools.json", await sdkCatalog());
write("output.tools.json", plainCatalog("output"));
write("input.tools.json", plainCatalog("input"));
