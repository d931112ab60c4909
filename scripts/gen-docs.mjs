// Regenerates the generated blocks of rules/<id>.md and the README rules table from the built rules
// (run `npm run build` first). `--check` fails instead of writing when something is out of date.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';
import { z } from 'zod';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { rules } = await import(path.join(root, 'dist', 'rules', 'index.js'));
const check = process.argv.includes('--check');
const BEGIN = '<!-- begin generated -->';
const END = '<!-- end generated -->';
const stale = [];

function optionsTable(schema) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const props = Object.entries(json.properties ?? {});
  if (props.length === 0) return 'This rule has no options.';
  const rows = props.map(([name, p]) => {
    const type = p.type === 'array' ? `${p.items?.type ?? 'any'}[]` : (p.type ?? (p.enum ? p.enum.map((v) => JSON.stringify(v)).join(' \\| ') : 'any'));
    return `| \`${name}\` | ${type} | \`${JSON.stringify(p.default)}\` | ${(p.description ?? '').replace(/\|/g, '\\|')} |`;
  });
  return ['| Option | Type | Default | Description |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function replaceBlock(file, block) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < 0) {
    stale.push(`${path.relative(root, file)}: missing ${BEGIN} … ${END} markers`);
    return;
  }
  const next = `${text.slice(0, start + BEGIN.length)}\n${block}\n${text.slice(end)}`;
  if (next === text) return;
  if (check) stale.push(`${path.relative(root, file)} is out of date: run npm run docs`);
  else writeFileSync(file, next);
}

for (const rule of rules) {
  const block = [
    `# \`${rule.id}\``,
    '',
    `${rule.meta.description}.`,
    '',
    `- Default severity: \`${rule.meta.severity}\``,
    `- Scope: ${rule.meta.scope === 'file' ? 'each instruction file' : 'the whole repository'}`,
    `- Fixable with \`--fix\`: ${rule.meta.fixable ? 'yes' : 'no'}`,
    `- Tags: ${rule.meta.tags.join(', ')}`,
    '',
    '## Options',
    '',
    optionsTable(rule.meta.options),
  ].join('\n');
  replaceBlock(path.join(root, 'rules', `${rule.id}.md`), block);
}

const table = [
  '| Rule | Description | Default | Fixable |',
  '| --- | --- | --- | --- |',
  ...rules.map((r) => `| [\`${r.id}\`](rules/${r.id}.md) | ${r.meta.description} | ${r.meta.severity} | ${r.meta.fixable ? 'yes' : ''} |`),
].join('\n');
replaceBlock(path.join(root, 'README.md'), table);

if (stale.length) {
  console.error(stale.join('\n'));
  process.exit(1);
}
console.log(`docs: ${rules.length} rules ${check ? 'checked' : 'written'}`);
