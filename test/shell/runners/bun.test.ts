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
  ['bun run db:migrat', '', ['unknownScript db:migrat @db:migrat [db:migrate,dev]']],
  ['bun start', '', ['unknownScript start @start [db:migrate,dev]']],
  ['bunx drizzle-kit studio', '', []],
  ['bunx vitest', '', ['unknownBinary vitest @vitest']],
]);
