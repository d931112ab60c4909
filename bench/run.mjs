// `npm run bench`: generates the workload (bench/make-workload.mjs) and times whole
// processes (median of 5 after a warm-up; wall time and peak RSS via /usr/bin/time) beside the floors
// measured in the same run, then writes bench/RESULTS.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, discoveryOnlyConfig as discoveryOnly, stagedFileOf, work } from './workload.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(here, '..');
const cli = path.join(project, JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).bin['agents-lint']);
const generator = path.join(here, 'make-workload.mjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const quick = process.argv.includes('--quick');
const haveTime = existsSync('/usr/bin/time');

mkdirSync(work, { recursive: true });

function workload(name, args) {
  const dir = path.join(work, name);
  const stamp = path.join(work, `${name}.stamp`);
  const want = JSON.stringify(args);
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== want) {
    console.error(`bench: generating ${name} ${args.join(' ')}`);
    execFileSync(process.execPath, [generator, dir, ...args], { stdio: 'inherit' });
    writeFileSync(stamp, want);
  }
  return dir;
}

/**
 * One timed run: wall seconds, peak RSS in MB and minor page faults. The wall time is this process's
 * clock around the run (to the microsecond: /usr/bin/time's %e has 10 ms steps, a fifth of `node -e
 * 0`), and /usr/bin/time reports the peak RSS and the faults (each a page of memory touched for the
 * first time); its own start-up, under a millisecond, is in every figure alike.
 */
function once(cmd, args, cwd, exits = [0]) {
  const env = benchEnv();
  if (haveTime) {
    // The report goes to /dev/null: a 10,000-package report is ~250 MB, which a pipe to this process would have to hold.
    const t = process.hrtime.bigint();
    const r = spawnSync('/usr/bin/time', ['-f', '%M %R', cmd, ...args], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
    const wall = Number(process.hrtime.bigint() - t) / 1e9;
    const [kb, faults] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
    return checked({ wall, rss: (kb ?? NaN) / 1024, faults: faults ?? NaN, code: r.status }, cmd, args, exits, r.stderr);
  }
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
  return checked({ wall: Number(process.hrtime.bigint() - t) / 1e9, rss: NaN, faults: NaN, code: r.signal ? null : r.status }, cmd, args, exits, r.stderr);
}

/**
 * A run that crashed (a signal: /usr/bin/time then exits with 128 + its number) or exited otherwise
 * than it should ends the benchmark: such a run is short, and a median holding one would report a
 * time the tool never takes.
 */
function checked(run, cmd, args, exits, stderr) {
  if (exits.includes(run.code)) return run;
  const tail = (stderr ?? '').trim().split('\n').slice(-12).join('\n');
  console.error(`bench: \`${[cmd, ...args].join(' ')}\` exited with ${howItEnded(run.code)} (expected ${exits.join(' or ')}); its standard error ends:\n${tail}`);
  process.exit(2);
}

/** A run's end in words: null is a signal (no /usr/bin/time); through /usr/bin/time a signal is 128 + its number. */
function howItEnded(code) {
  if (code === null) return 'a signal';
  return haveTime && code > 128 ? `status ${code} (killed by signal ${code - 128})` : `status ${code}`;
}

/**
 * `node -e 0`, run before every timed run of every measurement: the machine's speed drifts over
 * minutes (other tenants; `node -e 0` has taken 62 to 100 ms here), and a floor measured once, in
 * its own minute, turns that drift into the ratio. Interleaved, the floor is the median over the
 * same minutes as the runs it is compared with.
 */
const nodeRuns = [];

/** The middle value (NaN when there is none, as when /usr/bin/time is missing). */
function median(values) {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

function measure(label, cmd, args, cwd, { before, exits } = {}) {
  before?.();
  once(cmd, args, cwd, exits); // warm-up (file cache, JIT-less first load)
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    nodeRuns.push(once(process.execPath, ['-e', '0'], cwd));
    before?.();
    runs.push(once(cmd, args, cwd, exits));
  }
  const rss = Math.max(...runs.map((r) => r.rss));
  const result = { label, wall: median(runs.map((r) => r.wall)), rss, faults: median(runs.map((r) => r.faults)), code: runs[0].code };
  console.error(`bench: ${label}: ${result.wall.toFixed(3)} s, ${rss.toFixed(0)} MB (exit ${result.code})`);
  return result;
}

mkdirSync(path.join(work, 'codex-home'), { recursive: true });
// Other work on the machine skews every ratio: record the load before and after the measurements.
const loadBefore = os.loadavg();
const big = workload('big', []);
const node = process.execPath;
const rules = JSON.parse(execFileSync(node, [cli, '--print-config'], { cwd: big, env: benchEnv() }).toString()).rules;
const { rules: ruleObjects } = await import(path.join(project, 'dist', 'rules', 'index.js'));
writeFileSync(
  discoveryOnly,
  JSON.stringify({ rules: Object.fromEntries(ruleObjects.filter((r) => rules[r.id] && !r.meta.tags.includes('discovery')).map((r) => [r.id, 'off'])) }, null, 2),
);
const staged = stagedFileOf(big);
const cacheFile = path.join(work, 'cache.json');

/** How the CLI ends a run that worked: 0 without findings, 1 with some (2 is a usage or internal error). */
const LINT_EXITS = [0, 1];

const r = {};
r.nodeStart = null; // filled in below, from every run's interleaved `node -e 0` (nodeRuns)
r.gitLs = measure('git ls-files', 'git', ['ls-files', '--cached', '--others', '--exclude-standard'], big);
r.readDecode = measure('list + read + strict decode', node, [path.join(here, 'floors', 'read-decode.mjs'), big], big);
r.remark = measure('remark-parse + remark-gfm, single thread', node, [path.join(here, 'floors', 'remark-parse.mjs'), big], big);
r.full = measure('full lint, cold', node, [cli, '--format', 'json'], big, { exits: LINT_EXITS });
r.discovery = measure('discovery rules only', node, [cli, '--config', discoveryOnly, '--format', 'json'], big, { exits: LINT_EXITS });
r.explain = measure('explain one cwd', node, [cli, 'explain', path.dirname(staged), '--format', 'json'], big, { exits: LINT_EXITS });
r.staged = measure('one staged file', node, [cli, '--format', 'json', staged], big, { exits: LINT_EXITS });
const cached = [cli, '--format', 'json', '--cache', '--cache-location', cacheFile];
const fillCache = (dir) => () => {
  if (!existsSync(cacheFile)) once(node, cached, dir, LINT_EXITS);
};
r.warm = measure('full lint, warm --cache, nothing changed', node, cached, big, { before: fillCache(big), exits: LINT_EXITS });

/** Each run after an edit of one instruction file (a line appended), the cache holding the run before. */
function warmAfterEdit(label, dir, file) {
  const edited = path.join(dir, file);
  const original = readFileSync(edited);
  let edits = 0;
  const result = measure(label, node, cached, dir, {
    before: () => {
      fillCache(dir)();
      writeFileSync(edited, Buffer.concat([original, Buffer.from(`\n- Edit ${++edits}.\n`)]));
    },
    exits: LINT_EXITS,
  });
  writeFileSync(edited, original);
  rmSync(cacheFile, { force: true });
  return result;
}
r.warmEdit = warmAfterEdit('full lint, warm --cache, one instruction file edited', big, staged);
// Peers on the same instruction files: markdownlint-cli2 (its default rules) and remark-cli with
// remark-preset-lint-recommended (devDependencies), each given the files by name.
const instructionFiles = execFileSync('git', ['ls-files', '*AGENTS.md', '*CLAUDE.md'], { cwd: big }).toString().trim().split('\n');
const bin = (name) => path.join(project, 'node_modules', '.bin', name);
r.markdownlint = measure('markdownlint-cli2, same files', bin('markdownlint-cli2'), instructionFiles, big, { exits: [0, 1] });
r.remarkCli = measure('remark-cli + remark-preset-lint-recommended, same files', bin('remark'), ['--use', 'remark-preset-lint-recommended', '--quiet', ...instructionFiles], big, { exits: [0, 1] });
// The same sizes with instructions that are kept up to date (--maintained): about 500 findings
// instead of 83,000, so what is timed is the linting rather than printing the report.
const maintained = workload('maintained', ['--maintained']);
const maintainedStaged = stagedFileOf(maintained);
r.mRemark = measure('maintained: remark-parse + remark-gfm, single thread', node, [path.join(here, 'floors', 'remark-parse.mjs'), maintained], maintained);
r.mFull = measure('maintained: full lint, cold', node, [cli, '--format', 'json'], maintained, { exits: LINT_EXITS });
r.mDiscovery = measure('maintained: discovery rules only', node, [cli, '--config', discoveryOnly, '--format', 'json'], maintained, { exits: LINT_EXITS });
r.mWarmEdit = warmAfterEdit('maintained: full lint, warm --cache, one instruction file edited', maintained, maintainedStaged);
r.mRemarkOne = measure('maintained: remark-parse + remark-gfm of the staged file alone', node, [path.join(here, 'floors', 'remark-parse.mjs'), maintained, maintainedStaged], maintained);
r.mStaged = measure('maintained: one staged file', node, [cli, '--format', 'json', maintainedStaged], maintained, { exits: LINT_EXITS });
// A typical repository: about 50 instruction files in 200 packages, maintained.
const typical = workload('typical', ['--packages', '200', '--maintained']);
r.tFull = measure('typical (200 packages, maintained): full lint, cold', node, [cli, '--format', 'json'], typical, { exits: LINT_EXITS });
r.tStaged = measure('typical (200 packages, maintained): one staged file', node, [cli, '--format', 'json', stagedFileOf(typical)], typical, { exits: LINT_EXITS });
if (!quick) {
  const huge = workload('big10k', ['--packages', '10000']);
  const hugeStaged = execFileSync('git', ['ls-files', 'packages/*/AGENTS.md'], { cwd: huge }).toString().split('\n')[0];
  r.full10k = measure('full lint, cold, 10,000 packages', node, [cli, '--format', 'json'], huge, { exits: LINT_EXITS });
  r.discovery10k = measure('discovery rules only, 10,000 packages', node, [cli, '--config', discoveryOnly, '--format', 'json'], huge, { exits: LINT_EXITS });
  r.staged10k = measure('one staged file, 10,000 packages', node, [cli, '--format', 'json', hugeStaged], huge, { exits: LINT_EXITS });
}

{
  const walls = nodeRuns.map((n) => n.wall).sort((a, b) => a - b);
  r.nodeStart = { label: `node -e 0 (median of ${walls.length}, one before each timed run)`, wall: median(walls), rss: Math.max(...nodeRuns.map((n) => n.rss)), faults: median(nodeRuns.map((n) => n.faults)), code: 0 };
  console.error(`bench: ${r.nodeStart.label}: ${r.nodeStart.wall.toFixed(3)} s (fastest ${walls[0].toFixed(3)}, slowest ${walls[walls.length - 1].toFixed(3)})`);
}
// What a page fault costs here, from a script that touches 64 MiB of new memory (bench/floors/page-fault.mjs).
const pageFault = execFileSync(node, [path.join(here, 'floors', 'page-fault.mjs')]).toString().trim();
console.error(`bench: page fault: ${pageFault} µs`);
const x = (a, b) => (a / b).toFixed(2);
const targets = [
  ['Full lint, cold ≤ 1.3 × remark-parse + remark-gfm', r.full.wall, 1.3 * r.remark.wall, `${x(r.full.wall, r.remark.wall)} ×`],
  ['Warm --cache after one edit ≤ 0.15 × the cold run', r.warmEdit.wall, 0.15 * r.full.wall, `${x(r.warmEdit.wall, r.full.wall)} ×`],
  ['Warm --cache after one edit < markdownlint-cli2', r.warmEdit.wall, r.markdownlint.wall, `${x(r.warmEdit.wall, r.markdownlint.wall)} ×`],
  ['Warm --cache after one edit < remark-cli', r.warmEdit.wall, r.remarkCli.wall, `${x(r.warmEdit.wall, r.remarkCli.wall)} ×`],
  ['One staged file ≤ 5 × node -e 0', r.staged.wall, 5 * r.nodeStart.wall, `${x(r.staged.wall, r.nodeStart.wall)} ×`],
  ['Explain one directory ≤ 3 × node -e 0', r.explain.wall, 3 * r.nodeStart.wall, `${x(r.explain.wall, r.nodeStart.wall)} ×`],
  ['Maintained: full lint, cold ≤ 1.3 × remark-parse + remark-gfm', r.mFull.wall, 1.3 * r.mRemark.wall, `${x(r.mFull.wall, r.mRemark.wall)} ×`],
  ['Maintained: warm --cache after one edit ≤ 0.15 × the cold run', r.mWarmEdit.wall, 0.15 * r.mFull.wall, `${x(r.mWarmEdit.wall, r.mFull.wall)} ×`],
  ['Maintained: one staged file ≤ 5 × node -e 0', r.mStaged.wall, 5 * r.nodeStart.wall, `${x(r.mStaged.wall, r.nodeStart.wall)} ×`],
  ['Typical: one staged file ≤ 5 × node -e 0', r.tStaged.wall, 5 * r.nodeStart.wall, `${x(r.tStaged.wall, r.nodeStart.wall)} ×`],
];
// Floors the targets cannot go under, as ratios of the same runs (not targets: context for them).
const floors = [
  ['Discovery rules only ÷ full lint, cold (every warm run repeats discovery)', `${x(r.discovery.wall, r.full.wall)} ×`, `${x(r.mDiscovery.wall, r.mFull.wall)} ×`],
  ['remark-parse + remark-gfm of one file in a fresh process ÷ node -e 0', '', `${x(r.mRemarkOne.wall, r.nodeStart.wall)} ×`],
];
if (r.full10k) {
  targets.push(['10,000 packages ≤ 5.5 × the 2,000-package time (full lint)', r.full10k.wall, 5.5 * r.full.wall, `${x(r.full10k.wall, r.full.wall)} ×`]);
  targets.push(['10,000 packages: peak RSS < 500 MB', r.full10k.rss, 500, `${r.full10k.rss.toFixed(0)} MB`]);
}
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const lines = [
  '# Benchmark results',
  '',
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  `Load average (1 min) before: ${loadBefore[0].toFixed(2)}, after: ${os.loadavg()[0].toFixed(2)}${Math.max(loadBefore[0], os.loadavg()[0]) > 3 ? ' — the machine was busy (load > 3): wall times and ratios are inflated and noisy.' : '.'}`,
  `Workload: \`bench/make-workload.mjs\` (2,000 packages, 500 AGENTS.md${r.full10k ? '; and --packages 10000' : ''}; the same with --maintained; and --packages 200 --maintained, "typical"). Median of ${RUNS} runs after a warm-up; peak RSS is the maximum over the runs. \`node -e 0\` runs once before each timed run: its floor is the median over the whole benchmark.${r.full10k ? '' : ' The 10,000-package workload was not run (--quick).'}`,
  '',
  `Minor page faults are the median over the runs: each is a page of memory touched for the first time, and one costs this machine about ${pageFault} µs (the median of 5 timings of a first write to each page of 64 MiB, bench/floors/page-fault.mjs): a part of every wall time that depends on the host more than on the code.`,
  '',
  '| Measurement | Wall (s) | Peak RSS (MB) | Minor page faults |',
  '| --- | ---: | ---: | ---: |',
  ...Object.values(r).map((m) => `| ${m.label} | ${m.wall.toFixed(3)} | ${Number.isNaN(m.rss) ? 'n/a' : m.rss.toFixed(0)} | ${Number.isNaN(m.faults) ? 'n/a' : m.faults.toLocaleString('en-US')} |`),
  '',
  '| Target | Measured | Limit | Ratio | Met |',
  '| --- | ---: | ---: | ---: | :---: |',
  // Within 10% of its target a figure is met as far as this machine can tell (its timings move 10–30% run to run).
  ...targets.map(([name, got, limit, ratio]) => `| ${name} | ${got.toFixed(3)} | ${limit.toFixed(3)} | ${ratio} | ${got <= limit ? 'yes' : got <= 1.1 * limit ? 'within 10%' : '**no**'} |`),
  '',
  '| Floor | Default workload | Maintained |',
  '| --- | ---: | ---: |',
  ...floors.map(([name, big, kept]) => `| ${name} | ${big} | ${kept} |`),
  '',
];
writeFileSync(path.join(here, 'RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
