// Paired timing of two ways to run the same command: `node bench/paired.mjs RUNS DIR -- A... -- B...`,
// where A and B are commands (optionally prefixed with NAME=value environment settings). The two
// alternate run by run (A, B, A, B, ...) after one warm-up each, so drift in the machine's speed
// falls on both alike; prints each median and B's gain over A. Used to decide whether a device
// earns its keep (bench/README.md): one that saves under 10% of a typical run is removed.
import { spawnSync } from 'node:child_process';

const [runsArg, cwd, ...rest] = process.argv.slice(2);
const runs = Number(runsArg);
const split = rest.indexOf('--', 1);
if (!Number.isInteger(runs) || runs < 1 || rest[0] !== '--' || split < 0) {
  console.error('usage: node bench/paired.mjs RUNS DIR -- [NAME=value...] A... -- [NAME=value...] B...');
  process.exit(2);
}

/** A command line with its leading NAME=value settings taken out. */
function command(words) {
  const env = { ...process.env };
  let i = 0;
  for (; i < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[i]); i++) {
    const [name, ...value] = words[i].split('=');
    env[name] = value.join('=');
  }
  return { env, cmd: words[i], args: words.slice(i + 1), label: words.join(' ') };
}

function once({ env, cmd, args }) {
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const a = command(rest.slice(1, split));
const b = command(rest.slice(split + 1));
once(a);
once(b);
const times = { a: [], b: [] };
for (let i = 0; i < runs; i++) {
  times.a.push(once(a));
  times.b.push(once(b));
}
const ma = median(times.a);
const mb = median(times.b);
console.log(`A ${ma.toFixed(1)} ms  ${a.label}`);
console.log(`B ${mb.toFixed(1)} ms  ${b.label}`);
console.log(`B saves ${(ma - mb).toFixed(1)} ms (${(((ma - mb) / ma) * 100).toFixed(1)}% of A), median of ${runs} pairs`);
