import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = path.join(PROJECT_ROOT, 'fixtures');
export const CLI = path.join(PROJECT_ROOT, 'dist', 'src', 'cli.js');
/** A CODEX_HOME with nothing in it, so tests never see the machine's ~/.codex. */
export const EMPTY_CODEX_HOME = path.join(FIXTURES, 'codex-home', 'empty');
