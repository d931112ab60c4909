import { json, runnerTable } from './helpers.js';

runnerTable('deno', {
  'deno.json': json({ tasks: { dev: 'deno run -A main.ts', check: 'deno check .' } }),
  'package.json': json({ scripts: { build: 'vite build' } }),
  'main.ts': '',
  'scripts/seed.ts': '',
}, [
  ['deno task dev', '', []],
  ['deno task build', '', []],
  ['deno task chek', '', ['script not-defined chek @chek [build,check,dev]']],
  ['deno run -A main.ts', '', []],
  ['deno run --allow-net --config deno.json scripts/seed.ts --fresh', '', []],
  ['deno run -A -r https://fresh.deno.dev/update .', '', []],
  ['deno run -A jsr:@std/http/file-server', '', []],
  ['deno run -A npm:vite', '', []],
  ['deno run -A scripts/migrate.ts', '', ['binary missing-local-script scripts/migrate.ts @scripts/migrate.ts [scripts/seed.ts]']],
  ['deno run -A ./seed.ts', 'scripts', []],
]);

runnerTable('turbo', {
  'package.json': json({ name: 'r', devDependencies: { turbo: '2' } }),
  'turbo.json': json({ tasks: { build: {}, 'web#dev': {}, 'check-types': {} } }),
  'apps/docs/turbo.json': json({ extends: ['//'], tasks: { 'docs:gen': {} } }),
}, [
  ['turbo run build', '', []],
  ['turbo build check-types --filter=web', '', []],
  ['turbo dev --filter web', '', []],
  ['turbo run docs:gen', '', []],
  ['turbo prune web --docker', '', []],
  ['turbo run typecheck', '', ['target not-defined typecheck @typecheck [build,check-types,dev,docs:gen]']],
  ['npx turbo lint', '', ['target not-defined lint @lint [build,check-types,dev,docs:gen]']],
]);

runnerTable('nx', {
  'package.json': json({ name: 'ws', devDependencies: { nx: '20' } }),
  'nx.json': json({ targetDefaults: { build: {} } }),
  'apps/shop/project.json': json({ name: 'shop', targets: { serve: {}, e2e: {} } }),
  'libs/ui/package.json': json({ name: '@org/ui', scripts: { test: 'jest' } }),
}, [
  ['nx build shop', '', []],
  ['nx serve shop', '', []],
  ['nx run shop:e2e', '', []],
  ['nx run-many -t build test', '', []],
  ['nx affected --targets=test,build', '', []],
  ['nx graph', '', []],
  ['nx test shop', '', ['target not-defined test @test [build,e2e,serve]']],
  ['nx run shop:lint', '', ['target not-defined lint @lint [build,e2e,serve]']],
  ['nx run-many -t lint', '', ['target not-defined lint @lint [build,e2e,serve,test]']],
  // Unknown projects: nx stops with "Cannot find project".
  ['nx build shop-admin', '', ['script no-matching-workspace shop-admin @shop-admin [@org/ui,shop,ws]']],
  ['nx run admin:build', '', ['script no-matching-workspace admin @admin [@org/ui,shop,ws]']],
  ['nx test @org/ui', '', []],
]);

runnerTable('nx with inference plugins (targets unknowable)', {
  'nx.json': json({ plugins: ['@nx/vite/plugin'] }),
  'apps/shop/project.json': json({ name: 'shop' }),
}, [['nx test shop', '', []]]);

runnerTable('local scripts', {
  'scripts/setup.sh': '#!/bin/sh\n',
  'bin/dev': '',
  'tools/gen.py': '',
}, [
  ['./scripts/setup.sh --ci', '', []],
  ['bin/dev', '', []],
  ['bash scripts/setup.sh', '', []],
  ['python tools/gen.py', '', []],
  ['python -m http.server', '', []],
  ['./target/release/app', '', []],
  ['./scripts/bootstrap.sh', '', ['binary missing-local-script ./scripts/bootstrap.sh @./scripts/bootstrap.sh [./scripts/setup.sh]']],
  ['sh scripts/install.sh', '', ['binary missing-local-script scripts/install.sh @scripts/install.sh [scripts/setup.sh]']],
  ['./setup.sh', 'scripts', []],
]);
