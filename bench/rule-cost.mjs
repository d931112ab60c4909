// `node bench/rule-cost.mjs DIR [--runs N]`: what no-secrets and no-duplicate-instructions cost on a
// repository, on their own. AGENTS_LINT_TIMING times only `check`, so it leaves out the secretlint
// scan (`meta.prepare`), and it charges work shared by all rules (the Codex discovery simulation,
// splitting files into statements) to whichever rule asks for it first. Here each of the two rules
// runs alone, in-process (after `npm run build`), and the scan, the shared work and each check are
// timed apart, in wall and CPU milliseconds (CPU time is steadier on a busy machine). Prints the
// median of N runs (default 5); `--rule ID` runs one of the two.
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => import(pathToFileURL(path.join(project, 'dist', p)).href);
const [{ lint }, { rules }, { loadedChains }] = await Promise.all([dist('src/engine/lint.js'), dist('rules/index.js'), dist('src/discovery/chains.js')]);

const args = process.argv.slice(2);
const dir = path.resolve(args.find((a, i) => !a.startsWith('--') && !['--runs', '--rule'].includes(args[i - 1] ?? '')) ?? '.');
const runs = (args.includes('--runs') && Number(args[args.indexOf('--runs') + 1])) || 5;
const codexHome = process.env.CODEX_HOME ?? path.join(project, 'bench', 'work', 'codex-home');

/** Runs `body`, adding its wall and CPU time to t[part]. */
async function clock(t, part, body) {
  const [wall, cpu] = [performance.now(), process.cpuUsage()];
  await body();
  const used = process.cpuUsage(cpu);
  t[part] = { wall: (t[part]?.wall ?? 0) + performance.now() - wall, cpu: (t[part]?.cpu ?? 0) + (used.user + used.system) / 1000 };
}

function clockSync(t, part, body) {
  const [wall, cpu] = [performance.now(), process.cpuUsage()];
  body();
  const used = process.cpuUsage(cpu);
  t[part] = { wall: (t[part]?.wall ?? 0) + performance.now() - wall, cpu: (t[part]?.cpu ?? 0) + (used.user + used.system) / 1000 };
}

/** The rule with its prepare and check timed into `t`; shared work is done before the check starts. */
function timed(rule, t) {
  const meta = { ...rule.meta };
  if (meta.prepare) {
    const prepare = meta.prepare;
    meta.prepare = (files) =>
      clock(t, 'prepare', async () => {
        await prepare(files);
        // Work the scan leaves queued (secretlint's PerformanceObserver runs from a later macrotask).
        await new Promise((resolve) => setImmediate(resolve));
      });
  }
  const check = (ctx, options) => {
    if (meta.needsDiscovery || meta.needsTree) {
      // What a full lint has done before this rule runs: simulated discovery for every cwd, and
      // split the files into statements (the reference and command extractors do).
      clockSync(t, 'shared', () => {
        if (meta.needsDiscovery) loadedChains(ctx.discovery, ctx.repo, ctx.files ?? [ctx.file]);
        for (const file of ctx.files ?? [ctx.file]) file.statements();
      });
    }
    clockSync(t, 'check', () => rule.check(ctx, options));
  };
  return { ...rule, meta, check };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const only = args.includes('--rule') ? [args[args.indexOf('--rule') + 1]] : ['no-secrets', 'no-duplicate-instructions'];
for (const id of only) {
  const rule = rules.find((r) => r.id === id);
  const samples = [];
  let reported = 0;
  for (let i = 0; i < runs; i++) {
    const t = {};
    const result = await lint({ paths: [dir], root: dir, codexHome, rules: [timed(rule, t)] });
    reported = result.diagnostics.filter((d) => d.ruleId === id).length;
    samples.push(t);
  }
  const parts = ['prepare', 'shared', 'check'].filter((k) => samples[0][k] !== undefined);
  const ms = (k, unit) => median(samples.map((s) => s[k][unit])).toFixed(1);
  console.log(`${id.padEnd(28)} ${parts.map((k) => `${k} ${ms(k, 'wall')} ms (CPU ${ms(k, 'cpu')})`).join(', ')}; ${reported} reported`);
}
