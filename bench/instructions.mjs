// `node bench/instructions.mjs [--runs N] [BUILD...]`: instructions executed by the CLI's main process
// (valgrind's cachegrind, user space only) for the benchmark's discovery-only and staged-file runs,
// per build. BUILD is a directory holding dist/bundle/cli.cjs (a checkout) or cli.cjs itself (a copy
// of dist/bundle); default: this checkout.
//
// Why: on a shared 2-core machine the wall time of a 0.25 s run drifts by ±10 % from minute to
// minute, so a change worth 1 to 3 % takes hundreds of interleaved runs to show. The instruction
// count does not depend on the machine's load: repeated runs agree within about 0.5 % (now and then
// one comes out about 10 % higher, V8's background work; the median of three drops it), and two
// builds compare in a minute. It leaves out what the kernel does (directory listings, reads) and
// counts what valgrind's emulated CPU runs (OpenSSL's SHA-256 without the SHA extensions, say), so
// it ranks changes to our own code; `npm run bench` stays the measure of the targets.
// Needs valgrind and the workload `npm run bench` generates (bench/work/big).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, discoveryOnlyConfig, stagedFileOf, work } from './workload.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(work, 'big');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const builds = (args.length ? args : [path.resolve(here, '..')]).map((dir) => {
  const cli = [path.join(dir, 'dist', 'bundle', 'cli.cjs'), path.join(dir, 'bundle', 'cli.cjs'), path.join(dir, 'cli.cjs')].find(existsSync);
  if (!cli) fail(`no dist/bundle/cli.cjs (or cli.cjs) in ${dir}: build it first (npm run build)`);
  return { dir, cli };
});
if (!Number.isInteger(runs) || runs < 1) fail('--runs takes a whole number of runs, 1 or more');
if (spawnSync('valgrind', ['--version']).status !== 0) fail('valgrind is not installed (it counts the instructions)');
if (!existsSync(repo)) fail(`no workload in ${repo}: run npm run bench (or npm run bench -- --quick) first`);

function fail(message) {
  console.error(`bench/instructions: ${message}`);
  process.exit(2);
}

const COMMANDS = [
  { name: 'discovery rules only', args: ['--config', discoveryOnlyConfig, '--format', 'json'] },
  { name: 'one staged file', args: ['--format', 'json', stagedFileOf(repo)] },
];

/** One run under cachegrind: the main process's instruction count (children, git among them, are not followed). */
function count(cli, cmdArgs) {
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, cli, ...cmdArgs], {
      cwd: repo,
      env: benchEnv(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
      if (refs) resolve(Number(refs[1].replaceAll(',', '')));
      else reject(new Error(`no instruction count from valgrind:\n${stderr.slice(-2000)}`));
    });
  });
}

// Every (build, command, run) job, two at a time (each valgrind uses one core); interleaved by build.
const jobs = [];
for (let r = 0; r < runs; r++) for (const command of COMMANDS) for (const build of builds) jobs.push({ build, command, counts: null });
const results = new Map();
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++];
    const key = `${job.build.dir}\0${job.command.name}`;
    const list = results.get(key) ?? [];
    results.set(key, list);
    list.push(await count(job.build.cli, job.command.args));
  }
}
await Promise.all([worker(), worker()]);

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
for (const command of COMMANDS) {
  console.log(`${command.name} (${runs} run${runs === 1 ? '' : 's'} each; millions of instructions, median [min–max]):`);
  const base = median(results.get(`${builds[0].dir}\0${command.name}`));
  for (const build of builds) {
    const list = results.get(`${build.dir}\0${command.name}`);
    const m = median(list);
    const change = build === builds[0] ? '' : `  ${m >= base ? '+' : ''}${(((m - base) / base) * 100).toFixed(1)} %`;
    console.log(`  ${(m / 1e6).toFixed(1).padStart(8)} [${(Math.min(...list) / 1e6).toFixed(1)}–${(Math.max(...list) / 1e6).toFixed(1)}]${change}  ${build.dir}`);
  }
}
