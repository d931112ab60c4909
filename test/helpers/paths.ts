import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = path.join(PROJECT_ROOT, 'fixtures');
/** The command users run: package.json's bin (the bundled CLI), so tests exercise what ships. */
export const CLI = path.join(PROJECT_ROOT, (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['agents-lint']!);
/** A CODEX_HOME with nothing in it, so tests never see the machine's ~/.codex. */
export const EMPTY_CODEX_HOME = path.join(FIXTURES, 'codex-home', 'empty');
