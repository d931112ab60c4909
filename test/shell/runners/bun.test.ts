import { json, runnerTable } from './helpers.js';

const files = {
  'package.json': json({ name: 'b', scripts: { dev: 'bun --hot src/index.ts', 'db:migrate': 'drizzle-kit migrate' }, devDependencies: { 'drizzle-kit': '0.30' } }),
  'bun.lock': '',
  'src/index.ts': '',
};

runnerTable('bun', files, [
  ['bun run dev', '', []],
  ['bun dev', '', []],
  ['bun run db:migrate', '', []],
  ['bun test', '', []],
  ['bun install', '', []],
  ['bun run src/index.ts', '', []],
  ['bun run drizzle-kit generate', '', []],
  ['bun run db:migrat', '', ['script not-defined db:migrat @db:migrat [db:migrate,dev]']],
  ['bun start', '', ['script not-defined start @start [db:migrate,dev]']],
  ['bunx drizzle-kit studio', '', []],
  ['bunx vitest', '', ['binary not-defined vitest @vitest']],
  // Files run directly: bun stops with "Module not found" when they are missing.
  ['bun src/index.ts', '', []],
  ['bun --hot ./src/index.ts', '', []],
  ['bun run --watch src/index.ts', '', []],
  ['bun dist/server.js', '', []],
  ['bun ./index.ts', 'src', []],
  ['bun src/server.ts', '', ['binary missing-local-script src/server.ts @src/server.ts [src/index.ts]']],
  ['bun run scripts/seed.ts', '', ['binary missing-local-script scripts/seed.ts @scripts/seed.ts']],
]);
