import { describe, expect, it } from 'vitest';
import { isTreeListing } from '../../src/markdown/commands.js';

describe('isTreeListing', () => {
  it('reads indented directories with comments as a tree', () => {
    expect(isTreeListing(['docs/', '  v3/                # Primary docs', '    get-started/     # Installation, quickstart', ''])).toBe(true);
  });
  it('reads tree glyphs as a tree', () => {
    expect(isTreeListing(['.', '├── src', '│   └── index.ts', '└── package.json'])).toBe(true);
  });
  it('keeps scripts of local runs and commands', () => {
    expect(isTreeListing(['./scripts/dev.sh', './scripts/test.sh   # unit tests'])).toBe(false);
    expect(isTreeListing(['cd packages/', 'pnpm test'])).toBe(false);
    expect(isTreeListing(['docs/', 'pnpm build'])).toBe(false);
    expect(isTreeListing([''])).toBe(false);
  });
});
