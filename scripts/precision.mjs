#!/usr/bin/env node
// Recomputes the real-world precision table (docs/precision.md) from checkouts on disk.
//
//   node scripts/precision.mjs --corpus DIR [--write] [--unlabelled FILE] [--rule ID:SEVERITY ...] [--section NAME]
//
// DIR holds one git checkout per line of precision/corpus.tsv, named owner+name, at the pinned
// commit (see docs/precision.md for how to make them). Each is linted with the built CLI
// (dist/bundle/cli.cjs, `npm run build` first) as a user would: `agents-lint --format json` inside
// the checkout. Every finding is joined with precision/labels.tsv by repository, file, line, column
// and rule. The table counts true positives, false positives and noise per rule; a finding with no
// label is listed (and --unlabelled writes them as label rows to fill in); a true positive that is
// no longer found is a lost finding. The exit code is 1 when anything is unlabelled or lost.
// --rule is passed to the CLI (a rule that is off by default, measured turned on); --write then
// fills the table between the markers of --section (default "table") in docs/precision.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const project = join(here, '..');
const cli = join(project, 'dist/bundle/cli.cjs');

function arg(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}
const corpusDir = arg('--corpus');
const ruleArgs = process.argv.flatMap((a, i) => (a === '--rule' && process.argv[i + 1] ? ['--rule', process.argv[i + 1]] : []));
const section = arg('--section') ?? 'table';
if (!corpusDir) {
  console.error('usage: node scripts/precision.mjs --corpus DIR [--write] [--unlabelled FILE]');
  process.exit(2);
}
if (!existsSync(cli)) {
  console.error(`precision: ${relative(process.cwd(), cli)} is missing; run npm run build first`);
  process.exit(2);
}

/** Rows of a TSV file with a header line, as objects keyed by the header's names. */
function readTsv(file) {
  const [head, ...lines] = readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const names = head.split('\t');
  return lines.map((line, i) => {
    const cells = line.split('\t');
    if (cells.length !== names.length) throw new Error(`${file}:${i + 2}: ${cells.length} cells, want ${names.length}`);
    return Object.fromEntries(names.map((n, k) => [n, cells[k]]));
  });
}

const VERDICTS = new Set(['tp', 'fp', 'noise']);
const corpus = readTsv(join(project, 'precision/corpus.tsv'));
const labels = readTsv(join(project, 'precision/labels.tsv'));
const keyOf = (r) => [r.repo, r.file, r.line, r.column, r.rule].join('\t');
const labelByKey = new Map();
for (const l of labels) {
  if (!VERDICTS.has(l.verdict)) throw new Error(`labels.tsv: verdict "${l.verdict}" for ${keyOf(l)}`);
  if (labelByKey.has(keyOf(l))) throw new Error(`labels.tsv: two labels for ${keyOf(l)}`);
  labelByKey.set(keyOf(l), l);
}

const findings = [];
for (const { repo, commit } of corpus) {
  const dir = join(corpusDir, repo);
  const head = existsSync(dir) ? execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim() : '';
  if (head !== commit) {
    console.error(`precision: ${dir} is not a checkout of ${repo} at ${commit}`);
    process.exit(2);
  }
  let out;
  try {
    out = execFileSync(process.execPath, [cli, '--format', 'json', ...ruleArgs], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (e) {
    if (e.status !== 1) throw e;
    out = e.stdout;
  }
  for (const file of JSON.parse(out)) {
    for (const m of file.messages) {
      findings.push({
        repo,
        commit,
        file: relative(dir, file.filePath),
        line: String(m.line),
        column: String(m.column),
        rule: m.ruleId ?? '(fatal)',
        severity: m.severity === 2 ? 'error' : 'warning',
        message: m.message,
      });
    }
  }
}

const rows = new Map();
const row = (rule) => rows.get(rule) ?? rows.set(rule, { rule, n: 0, tp: 0, fp: 0, noise: 0, errors: 0, errorTp: 0, unlabelled: 0 }).get(rule);
const unlabelled = [];
const found = new Set();
for (const f of findings) {
  const r = row(f.rule);
  const label = labelByKey.get(keyOf(f));
  r.n++;
  if (f.severity === 'error') r.errors++;
  if (!label) {
    r.unlabelled++;
    unlabelled.push(f);
    continue;
  }
  found.add(keyOf(f));
  r[label.verdict]++;
  if (f.severity === 'error' && label.verdict === 'tp') r.errorTp++;
}
const lost = labels.filter((l) => l.verdict === 'tp' && !found.has(keyOf(l)));

const pct = (a, b) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
const total = [...rows.values()].reduce(
  (t, r) => {
    for (const k of Object.keys(t)) if (k !== 'rule') t[k] += r[k];
    return t;
  },
  { rule: '**all rules**', n: 0, tp: 0, fp: 0, noise: 0, errors: 0, errorTp: 0, unlabelled: 0 },
);
const table = [
  '| rule | findings | true | false | noise | precision | errors | errors true | error precision |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...[...rows.values()]
    .sort((a, b) => a.rule.localeCompare(b.rule))
    .concat(total)
    .map((r) => `| ${r.rule} | ${r.n} | ${r.tp} | ${r.fp} | ${r.noise} | ${pct(r.tp, r.n)} | ${r.errors} | ${r.errorTp} | ${pct(r.errorTp, r.errors)} |`),
].join('\n');

console.log(table);
console.log(`\n${corpus.length} repositories, ${findings.length} findings, ${unlabelled.length} unlabelled, ${lost.length} true positives lost`);
for (const l of lost) console.log(`lost: ${keyOf(l).replaceAll('\t', ' ')} (${l.reason})`);
// The findings labelled wrong or noise, to work on next.
for (const f of findings) {
  const label = labelByKey.get(keyOf(f));
  if (label && label.verdict !== 'tp') console.log(`${label.verdict}: ${keyOf(f).replaceAll('\t', ' ')} (${label.reason})`);
}

const unlabelledFile = arg('--unlabelled');
if (unlabelledFile) {
  const tsv = unlabelled.map((f) => [f.repo, f.commit, f.file, f.line, f.column, f.rule, '?', `${f.severity}: ${f.message.replaceAll(/\s+/g, ' ')}`].join('\t'));
  writeFileSync(unlabelledFile, tsv.join('\n') + (tsv.length ? '\n' : ''));
}

if (process.argv.includes('--write')) {
  const doc = join(project, 'docs/precision.md');
  const text = readFileSync(doc, 'utf8');
  const start = `<!-- begin ${section} -->`;
  const end = `<!-- end ${section} -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${doc}: no ${start} … ${end} markers`);
  const summary = `${corpus.length} repositories, ${findings.length} findings (${total.errors} errors), ${unlabelled.length} unlabelled, ${lost.length} earlier true positives lost.`;
  writeFileSync(doc, `${text.slice(0, a + start.length)}\n${table}\n\n${summary}\n${text.slice(b)}`);
}
process.exit(unlabelled.length > 0 || lost.length > 0 ? 1 : 0);
