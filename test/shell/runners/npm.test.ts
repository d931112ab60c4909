import { json, runnerTable } from './helpers.js';

const files = {
  'package.json': json({ name: 'app', workspaces: ['packages/*'], scripts: { test: 'jest', lint: 'eslint .', 'build:all': 'tsc -b' }, devDependencies: { jest: '29', eslint: '9' } }),
  'package-lock.json': '{}',
  'packages/core/package.json': json({ name: '@x/core', scripts: { build: 'tsc' } }),
  'server.js': '',
};

runnerTable('npm', files, [
  ['npm test', '', []],
  ['npm t', '', []],
  ['npm run lint', '', []],
  ['npm run-script build:all', '', []],
  ['npm run lnt', '', ['script not-defined lnt @lnt [build:all,lint,test]']],
  ['npm lint', '', ['script npm-command-is-a-script lint @lint']],
  ['npm start', '', []],
  ['npm stop', '', ['script not-defined stop @stop [build:all,lint,test]']],
  ['npm ci', '', []],
  ['npm install --save-dev vitest', '', []],
  ['npm run build -w @x/core', '', []],
  ['npm run build --workspace=packages/core', '', []],
  ['npm run build -w @x/nope', '', ['script no-matching-workspace @x/nope @@x/nope [@x/core]']],
  ['npm run build --workspaces', '', []],
  ['npm run build', '', ['script not-defined build @build [build:all,lint,test]']],
  ['npm run build --if-present', '', []],
  ['npm exec eslint .', '', []],
  ['npx jest', '', []],
  ['npx prettier --check .', '', ['binary not-defined prettier @prettier']],
  ['npx prettier@3 --check .', '', []],
  ['npx -y cowsay hi', '', []],
  ['npx create-react-app my-app', '', []],
]);
