// Preloaded with `node --import` into the CLI: records every child process the lint starts, one
// JSON line per call, into the file named by AGENTS_LINT_SPAWN_LOG. Wraps the CommonJS
// child_process exports and syncs them into the ESM namespace, so `import { spawnSync } from
// 'node:child_process'` sees the wrappers too (Node's module.syncBuiltinESMExports()).
import { appendFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const cp = require('node:child_process');
const log = process.env.AGENTS_LINT_SPAWN_LOG;
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = cp[name];
  cp[name] = function recorded(command, ...rest) {
    const args = Array.isArray(rest[0]) ? rest[0] : [];
    if (log) appendFileSync(log, `${JSON.stringify({ api: name, command: String(command), args: args.map(String) })}\n`);
    return original.call(this, command, ...rest);
  };
}
syncBuiltinESMExports();
