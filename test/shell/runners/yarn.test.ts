import { json, runnerTable } from './helpers.js';

const files = {
  'package.json': json({ name: 'mono', private: true, workspaces: ['packages/*'], scripts: { build: 'lerna run build', test: 'jest' }, devDependencies: { jest: '29', typescript: '5' } }),
  'yarn.lock': '',
  '.yarnrc.yml': 'nodeLinker: node-modules\n',
  'packages/babel-core/package.json': json({ name: '@babel/core', scripts: { prepublish: 'x' } }),
  'packages/cli/package.json': json({ name: 'cli', scripts: { start: 'node .', dev: 'tsx watch' } }),
};

runnerTable('yarn (classic and berry)', files, [
  ['yarn', '', []],
  ['yarn install --frozen-lockfile', '', []],
  ['yarn build', '', []],
  ['yarn run test', '', []],
  ['yarn test', '', []],
  ['yarn tsc -b', '', []],
  ['yarn biuld', '', ['script not-defined biuld @biuld [build,test]']],
  ['yarn workspace cli dev', '', []],
  ['yarn workspace cli start', '', []],
  ['yarn workspace cli build', '', ['script not-defined build @build [dev,start]']],
  ['yarn workspace @babel/cor prepublish', '', ['script no-matching-workspace @babel/cor @@babel/cor [@babel/core,cli]']],
  ['yarn workspaces foreach -A run dev', '', []],
  ['yarn workspaces run lint', '', ['script not-defined lint @lint [dev,prepublish,start]']],
  ['yarn dlx some-tool', '', []],
  ['yarn dev', 'packages/cli', []],
  ['yarn --cwd packages/cli dev', '', []],
]);
