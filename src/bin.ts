#!/usr/bin/env node
// The `agents-lint` command: package.json's bin, bundled into one CommonJS file by scripts/bundle.mjs.
import { runCli } from './cli.js';

runCli(process.argv);
