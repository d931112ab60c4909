import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { runCli, tempRepo } from './repo.js';

// The bundled CLI takes the options of rules configured without any from a table the build worked
// out (src/config/bundled-defaults.ts): it must be exactly what each rule's schema makes of `{}`.
describe('bundled default options', () => {
  it('--print-config of the built CLI shows every rule with the defaults its schema gives', () => {
    const r = runCli(tempRepo({ 'AGENTS.md': '# Notes\n' }), ['--print-config']);
    expect(r.status).toBe(0);
    const printed = JSON.parse(r.stdout) as { rules: Record<string, [string, unknown]> };
    const expected = Object.fromEntries(rules.map((rule) => [rule.id, [rule.meta.severity, rule.meta.options.parse({})]]));
    expect(JSON.stringify(printed.rules)).toBe(JSON.stringify(Object.fromEntries(Object.entries(expected).sort(([a], [b]) => (a < b ? -1 : 1)))));
  });
});
