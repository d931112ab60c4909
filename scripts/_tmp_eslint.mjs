import { ESLint } from 'eslint';
const plugin = (await import('/work/main/dist/src/eslint/index.js')).default;
const root = process.argv[2];
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: plugin.configs.recommended });
const t = Date.now();
const results = await eslint.lintFiles(['.']);
for (const r of results) for (const m of r.messages) console.log(r.filePath.slice(root.length+1), `${m.line}:${m.column}`, m.ruleId, m.message.slice(0,80));
console.log('files', results.length, Date.now()-t, 'ms');
