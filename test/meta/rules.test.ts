import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { PROJECT_ROOT } from '../helpers/paths.js';

const RULES_DIR = path.join(PROJECT_ROOT, 'rules');
const ruleFiles = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_') && f !== 'index.ts')
  .map((f) => f.slice(0, -3))
  .sort();

describe('rules meta', () => {
  it('rules/index.ts lists every rule file (else: run node scripts/gen-rules-index.mjs)', () => {
    expect(rules.map((r) => r.id).sort()).toEqual(ruleFiles);
  });

  for (const rule of rules) {
    describe(rule.id, () => {
      it('has its doc beside it (else: create rules/<id>.md from rules/_template.md)', () => {
        const doc = path.join(RULES_DIR, `${rule.id}.md`);
        expect(existsSync(doc), `Missing doc for rule ${rule.id}: create rules/${rule.id}.md`).toBe(true);
        const text = readFileSync(doc, 'utf8');
        for (const heading of ['## Why', '## Examples', '## How to fix', '## When not to use it']) {
          expect(text.includes(heading), `rules/${rule.id}.md lacks "${heading}"`).toBe(true);
        }
      });

      it('links to its doc as the package ships it', () => {
        expect(existsSync(new URL(rule.meta.docs)), rule.meta.docs).toBe(true);
      });

      it('has a test (else: create test/rules/<id>.test.ts)', () => {
        expect(existsSync(path.join(PROJECT_ROOT, 'test', 'rules', `${rule.id}.test.ts`))).toBe(true);
      });

      it('has a valid and an invalid fixture (else: add fixtures/rules/<id>/valid-*/ and invalid-*/)', () => {
        const dir = path.join(PROJECT_ROOT, 'fixtures', 'rules', rule.id);
        const entries = existsSync(dir) ? readdirSync(dir) : [];
        expect(entries.some((e) => e.startsWith('valid-')), `no fixtures/rules/${rule.id}/valid-*`).toBe(true);
        expect(entries.some((e) => e.startsWith('invalid-')), `no fixtures/rules/${rule.id}/invalid-*`).toBe(true);
      });

      it('exercises every messageId in its test', () => {
        const test = readFileSync(path.join(PROJECT_ROOT, 'test', 'rules', `${rule.id}.test.ts`), 'utf8');
        for (const id of Object.keys(rule.meta.messages)) {
          expect(test.includes(`'${id}'`), `messageId ${id} of ${rule.id} is never asserted in test/rules/${rule.id}.test.ts`).toBe(true);
        }
      });

      it('has options every key of which has a default (an empty object parses)', () => {
        // defineRule checks a schema given as a function when it is first built: this builds each one.
        expect(() => rule.meta.options).not.toThrow();
        expect(rule.meta.options.safeParse({}).success, `rules/${rule.id}.ts: give every option a .default()`).toBe(true);
      });

      it('imports only src/kit/', () => {
        const source = readFileSync(path.join(RULES_DIR, `${rule.id}.ts`), 'utf8');
        for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
          const spec = match[1] ?? '';
          const allowed = spec === '../src/kit/index.js' || spec.startsWith('./');
          expect(allowed, `rules/${rule.id}.ts imports ${spec}; rules may import only ../src/kit/index.js`).toBe(true);
        }
      });
    });
  }

  it('rule docs and the README table are current (else: npm run build && npm run docs)', () => {
    expect(() => execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts', 'gen-docs.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
