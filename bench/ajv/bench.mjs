// AJV 8 on the payloads of BenchmarkDecodeValidate (../peers_test.go): for
// each valid and invalid call, JSON.parse of the arguments followed by a
// validator compiled once with allErrors and ajv-formats, timed in a loop.
//
// Output is in the Go benchmark format, one line per run, so that it can be
// appended to `go test -bench` output and read by benchstat:
//
//	BenchmarkDecodeValidate/create_order.valid/ajv-2   12345   23456.7 ns/op   262.11 MB/s
//
// The -N suffix is the number of CPUs, as Go appends GOMAXPROCS; Node runs
// the loop on one thread all the same.
//
// Usage: node bench.mjs [-count N] [-benchtime SECONDS] [REGEXP]
//
// Each payload is first checked: the validator must accept the valid call
// and reject the invalid one, or the script exits 1. Then it is warmed up
// (the JIT sees the loop before any timing), then run -count times (default
// 5) for about -benchtime seconds each (default 1); every run prints a line
// and benchstat takes the median. A median is also printed to stderr.
// REGEXP, when given, selects payloads by name (e.g. 'create_order').

import { readFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const testdata = join(dirname(fileURLToPath(import.meta.url)), "..", "testdata");

// The catalogs, in the order the Go benchmark runs their tools, with the
// prefix of their payload files.
const catalogs = [
  { file: "bench.tools.json", prefix: "" },
  { file: "github5.tools.json", prefix: "github5." },
];

function parseArgs(argv) {
  const opts = { count: 5, benchtime: 1, filter: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-count" || a === "-benchtime") {
      const v = Number(argv[++i]);
      if (!(v > 0)) usage(`${a} needs a positive number`);
      opts[a.slice(1)] = v;
    } else if (a.startsWith("-")) {
      usage(`unknown flag ${a}`);
    } else if (opts.filter === null) {
      opts.filter = new RegExp(a);
    } else {
      usage("more than one REGEXP");
    }
  }
  return opts;
}

function usage(msg) {
  process.stderr.write(`bench.mjs: ${msg}\nusage: node bench.mjs [-count N] [-benchtime SECONDS] [REGEXP]\n`);
  process.exit(2);
}

// payloads lists every call: its benchmark label, its text, whether it is
// valid, and its tool's input schema.
function payloads() {
  const out = [];
  for (const { file, prefix } of catalogs) {
    const { tools } = JSON.parse(readFileSync(join(testdata, file), "utf8"));
    for (const tool of tools) {
      for (const valid of [true, false]) {
        const label = `${tool.name}.${valid ? "valid" : "invalid"}`;
        const text = readFileSync(join(testdata, `${prefix}${label}.json`), "utf8");
        out.push({ label, text, bytes: Buffer.byteLength(text), valid, schema: tool.inputSchema });
      }
    }
  }
  return out;
}

// run calls JSON.parse and validate n times and returns the elapsed
// nanoseconds. The verdicts are summed so that no call can be dropped.
function run(validate, text, n) {
  let accepted = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    if (validate(JSON.parse(text))) accepted++;
  }
  const elapsed = Number(process.hrtime.bigint() - start);
  if (accepted !== 0 && accepted !== n) throw new Error("the verdict changed between calls");
  return elapsed;
}

// calibrate returns an iteration count for which one run takes about
// seconds, doubling from 1 (which also warms the loop up).
function calibrate(validate, text, seconds) {
  let n = 1;
  for (;;) {
    const ns = run(validate, text, n);
    if (ns >= 0.1e9) return Math.max(1, Math.round((n * seconds * 1e9) / ns));
    n *= 2;
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const ajvVersion = JSON.parse(readFileSync(new URL("./node_modules/ajv/package.json", import.meta.url), "utf8")).version;
  process.stderr.write(`node ${process.version}, ajv ${ajvVersion}\n`);
  // The same configuration lines as go test prints, so that these results
  // join the Go ones when the outputs are concatenated.
  console.log(`goos: ${process.platform}`);
  console.log(`goarch: ${process.arch === "x64" ? "amd64" : process.arch}`);
  console.log("pkg: github.com/toolgen/toolgen/bench");
  console.log(`cpu: ${cpus()[0]?.model.trim() ?? "unknown"}`);

  const procs = availableParallelism();
  for (const p of payloads()) {
    if (opts.filter && !opts.filter.test(p.label)) continue;
    // One instance per schema: the schemas have no $id, and compiling
    // them into one instance would be no faster to run. AJV's strict mode
    // stays on; allowUnionTypes admits issue_write's "type": [...] list.
    const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    const validate = ajv.compile(p.schema);
    if (validate(JSON.parse(p.text)) !== p.valid) {
      process.stderr.write(`ajv ${p.valid ? "rejects" : "accepts"} ${p.label}: ${JSON.stringify(validate.errors)}\n`);
      process.exit(1);
    }
    const n = calibrate(validate, p.text, opts.benchtime);
    const results = [];
    for (let i = 0; i < opts.count; i++) {
      const nsPerOp = run(validate, p.text, n) / n;
      results.push(nsPerOp);
      const mbPerS = (p.bytes / nsPerOp) * 1e3;
      console.log(`BenchmarkDecodeValidate/${p.label}/ajv-${procs}\t${n}\t${nsPerOp.toFixed(1)} ns/op\t${mbPerS.toFixed(2)} MB/s`);
    }
    process.stderr.write(`${p.label}: median ${median(results).toFixed(1)} ns/op over ${opts.count} runs\n`);
  }
}

main();
