import { runnerTable } from './helpers.js';

const files = {
  'go.mod': 'module example.com/x\n',
  'cmd/server/main.go': '',
  'internal/store/store.go': '',
  'pkg/api/api.go': '',
  'tools/gen.go': '',
};

runnerTable('go', files, [
  ['go test ./...', '', []],
  ['go test ./internal/... ./pkg/api', '', []],
  ['go run ./cmd/server --port 8080', '', []],
  ['go run tools/gen.go', '', []],
  ['go build -o bin/server ./cmd/server', '', []],
  ['go mod tidy', '', []],
  ['go test ./internal/storage/...', '', ['target not-defined ./internal/storage/... @./internal/storage/... [./cmd,./cmd/server,./internal,./internal/store,./pkg,./pkg/api,./tools]']],
  ['go run ./cmd/api', '', ['target not-defined ./cmd/api @./cmd/api [./cmd,./cmd/server,./internal,./internal/store,./pkg,./pkg/api,./tools]']],
  ['go test ./store', 'internal', []],
  // Placeholders: a generic word for "a package", like `TestName` beside it.
  ['go test -run TestName ./package -v', '', []],
  ['go test ./yourpkg', '', []],
  ['go test ./mypackage/...', '', []],
  ['go test ./path/to/pkg', '', []],
  ['go test ./pkg/foo', '', []],
  ['go test ./pkg/cache/...', '', ['target not-defined ./pkg/cache/... @./pkg/cache/... [./cmd,./cmd/server,./internal,./internal/store,./pkg,./pkg/api,./tools]']],
  ['go run ./example', '', ['target not-defined ./example @./example [./cmd,./cmd/server,./internal,./internal/store,./pkg,./pkg/api,./tools]']],
  ['go vet ./gen.go', 'tools', []],
]);
