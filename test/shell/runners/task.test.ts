import { runnerTable } from './helpers.js';

const files = {
  'Taskfile.yml': [
    "version: '3'",
    'includes:',
    '  docs: ./docs',
    '  tools:',
    '    taskfile: ./tools/Tasks.yml',
    'tasks:',
    '  default:',
    '    cmds: [task --list]',
    '  build:',
    '    aliases: [b]',
    '    cmds: [go build ./...]',
    '  "start:*":',
    '    cmds: [echo]',
    '  lint: golangci-lint run',
  ].join('\n'),
  'docs/Taskfile.yml': "version: '3'\ntasks:\n  serve: hugo serve\n",
  'tools/Tasks.yml': "version: '3'\ntasks:\n  gen: go generate\n",
  'other/README.md': '',
};

runnerTable('task (Taskfile)', files, [
  ['task', '', []],
  ['task build lint', '', []],
  ['task b', '', []],
  ['task docs:serve', '', []],
  ['task tools:gen', '', []],
  ['task start:api', '', []],
  ['task build', 'other', []],
  ['task --list-all', '', []],
  ['task biuld', '', ['target not-defined biuld @biuld [b,build,default,docs:serve,lint,tools:gen]']],
  ['task docs:build', '', ['target not-defined docs:build @docs:build [b,build,default,docs:serve,lint,tools:gen]']],
]);
