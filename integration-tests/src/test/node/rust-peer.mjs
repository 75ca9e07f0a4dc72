// arrow-rs's parquet crate (compiled to WebAssembly by parquet-wasm) as a test peer.
//
//   node rust-peer.mjs jobs.json
//
// jobs.json is a JSON array; each job is one of
//   {"op": "write", "in": "t.arrows", "out": "t.parquet", "options": {...}}   Arrow IPC stream -> Parquet
//   {"op": "read",  "in": "t.parquet", "out": "t.arrows", "batchSize": 97}      Parquet -> Arrow IPC stream
//     (optionally "offset" and "limit": only those rows)
// Write options (all optional; names as in parquet-wasm's enums):
//   compression "ZSTD", writerVersion "V1"|"V2", dictionary true|false, statistics "None"|"Chunk"|"Page",
//   dataPageSizeLimit, dictionaryPageSizeLimit, maxRowGroupSize, writeBatchSize (numbers),
//   encoding "PLAIN" (every column's non-dictionary encoding),
//   columnEncoding {"col": "DELTA_BINARY_PACKED"}, columnDictionary {"col": false} (top-level columns).
// Every job runs even if an earlier one failed; the process exits 1 listing the failed jobs.
import { readFileSync, writeFileSync } from "node:fs";
import {
  Compression,
  EnabledStatistics,
  Encoding,
  Table,
  WriterPropertiesBuilder,
  WriterVersion,
  readParquet,
  writeParquet,
} from "parquet-wasm";

function named(enumeration, kind, name) {
  const value = enumeration[name];
  if (typeof value !== "number") {
    throw new Error(`unknown ${kind} ${JSON.stringify(name)}`);
  }
  return value;
}

function properties(o) {
  let b = new WriterPropertiesBuilder();
  if (o.compression !== undefined) b = b.setCompression(named(Compression, "compression", o.compression));
  if (o.writerVersion !== undefined) b = b.setWriterVersion(named(WriterVersion, "writer version", o.writerVersion));
  if (o.dictionary !== undefined) b = b.setDictionaryEnabled(o.dictionary);
  if (o.statistics !== undefined) b = b.setStatisticsEnabled(named(EnabledStatistics, "statistics", o.statistics));
  if (o.dataPageSizeLimit !== undefined) b = b.setDataPageSizeLimit(o.dataPageSizeLimit);
  if (o.dictionaryPageSizeLimit !== undefined) b = b.setDictionaryPageSizeLimit(o.dictionaryPageSizeLimit);
  if (o.maxRowGroupSize !== undefined) b = b.setMaxRowGroupSize(o.maxRowGroupSize);
  if (o.writeBatchSize !== undefined) b = b.setWriteBatchSize(o.writeBatchSize);
  if (o.encoding !== undefined) b = b.setEncoding(named(Encoding, "encoding", o.encoding));
  for (const [col, e] of Object.entries(o.columnEncoding ?? {})) {
    b = b.setColumnEncoding(col, named(Encoding, "encoding", e));
  }
  for (const [col, on] of Object.entries(o.columnDictionary ?? {})) {
    b = b.setColumnDictionaryEnabled(col, on);
  }
  return b.build();
}

function run(job) {
  const input = new Uint8Array(readFileSync(job.in));
  if (job.op === "write") {
    // writeParquet consumes (frees) the table
    writeFileSync(job.out, writeParquet(Table.fromIPCStream(input), properties(job.options ?? {})));
  } else if (job.op === "read") {
    // offset/limit become an arrow-rs row selection, which skips pages through the offset index
    const options = {};
    for (const key of ["batchSize", "offset", "limit"]) {
      if (job[key] !== undefined) options[key] = job[key];
    }
    writeFileSync(job.out, readParquet(input, options).intoIPCStream());
  } else {
    throw new Error(`unknown op ${JSON.stringify(job.op)}`);
  }
}

if (process.argv.length !== 3) {
  console.error("usage: node rust-peer.mjs jobs.json");
  process.exit(2);
}
const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const failures = [];
for (const job of jobs) {
  try {
    run(job);
  } catch (e) {
    // a Rust panic surfaces as a WebAssembly RuntimeError after printing the panic message
    failures.push(`${job.op} ${job.in}: ${e && e.stack ? e.stack : e}`);
  }
}
if (failures.length > 0) {
  console.error(`${failures.length} of ${jobs.length} jobs failed:\n${failures.join("\n")}`);
  process.exit(1);
}
