// `node bench/compression-levels.mjs [file]`: size and time of one compression of a body at each
// gzip level and brotli quality, in this process (by default the 100-item page bench/compression.mjs
// saved). What http/compression.ts's settings were chosen from; see bench/README.md, Compression.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './lib.mjs';

const file = process.argv[2] ?? join(ROOT, 'bench', 'data', 'page.json');
const bytes = readFileSync(file);
const RUNS = 40;

/** Bytes out, and the median time of one compression over RUNS (steadier than the mean on a shared machine). */
function measure(compress) {
  for (let i = 0; i < 5; i++) compress(); // JIT and allocator warm
  const times = [];
  let output;
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    output = compress();
    times.push(Number(process.hrtime.bigint() - start) / 1e3);
  }
  times.sort((a, b) => a - b);
  return { bytes: output.byteLength, microseconds: Math.round(times[Math.floor(RUNS / 2)]) };
}

const rows = [
  ...[1, 4, 6, 9].map((level) => [`gzip level ${level}`, () => zlib.gzipSync(bytes, { level })]),
  ...[1, 4, 5, 6, 8, 9, 11].map((quality) => [
    `br quality ${quality}`,
    () =>
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
  ]),
];
process.stdout.write(
  `${file}: ${bytes.byteLength} bytes\n\n| setting | bytes | µs per compression (median) |\n|---|---:|---:|\n`,
);
for (const [name, compress] of rows) {
  const { bytes: size, microseconds } = measure(compress);
  process.stdout.write(`| ${name} | ${size} | ${microseconds} |\n`);
}
