import { runnerTable } from './helpers.js';

const files = {
  Makefile: [
    '.PHONY: all test lint',
    'include mk/*.mk',
    '-include local.mk',
    'all: build',
    'build test:',
    '\tgo build ./...',
    'lint:: ; golangci-lint run',
    '%.pb.go: %.proto',
    '\tprotoc $<',
    'VERSION := 1.0',
    'dist/app: build',
  ].join('\n'),
  'mk/docker.mk': 'docker-build:\n\tdocker build .\ninclude Makefile\n',
  'tools/Makefile': 'gen:\n\tgo generate\n',
  'dyn/Makefile': '$(TARGETS):\n\techo\n',
  'cycle/Makefile': 'include other.mk\nmain:\n',
  'cycle/other.mk': 'include Makefile\nother:\n',
  'api.proto': '',
};

runnerTable('make', files, [
  ['make', '', []],
  ['make test lint', '', []],
  ['make docker-build', '', []],
  ['make api.pb.go', '', []],
  ['make dist/app', '', []],
  ['make VERSION=2 build', '', []],
  // Shorthand for three targets: each is one.
  ['make build/test/lint', '', []],
  ['make build/tset', '', ['target not-defined build/tset @build/tset [all,build,dist/app,docker-build,lint,test]']],
  ['make -j4 tset', '', ['target not-defined tset @tset [all,build,dist/app,docker-build,lint,test]']],
  ['make -C tools gen', '', []],
  ['make -C tools build', '', ['target not-defined build @build [gen]']],
  ['make --directory=tools gen', '', []],
  ['make gen', 'tools', []],
  ['make anything', 'dyn', []],
  ['make other', 'cycle', []],
  ['make nope', 'cycle', ['target not-defined nope @nope [main,other]']],
  ['make build', 'docs', ['target missing-task-file Makefile @build']],
  ['make -f other.mk x', '', ['target missing-task-file other.mk @other.mk']],
]);
