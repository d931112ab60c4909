// Preloaded with `node --import` into the CLI under test: records every child process spawned and
// every network connection attempted, to the file named by AGENTS_LINT_SENTINEL_LOG, and refuses
// the connections (a lint must never reach the network).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const log = process.env.AGENTS_LINT_SENTINEL_LOG;
const record = (kind, detail) => {
  if (log) appendFileSync(log, `${JSON.stringify({ kind, detail })}\n`);
};

const cp = require('node:child_process');
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = cp[name];
  cp[name] = function patched(command, ...rest) {
    record('spawn', `${name} ${command} ${Array.isArray(rest[0]) ? rest[0].join(' ') : ''}`.trim());
    return original.call(this, command, ...rest);
  };
}

const net = require('node:net');
const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function patchedConnect(...args) {
  record('connect', JSON.stringify(args[0]));
  return originalConnect.apply(this, args);
};
const dns = require('node:dns');
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6']) {
  const original = dns[name];
  dns[name] = function patchedDns(host, ...rest) {
    record('dns', `${name} ${host}`);
    return original.call(this, host, ...rest);
  };
}
syncBuiltinESMExports();
