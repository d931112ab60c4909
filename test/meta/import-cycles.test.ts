import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/paths.js';

/** Every relative import and re-export of each .ts file under src/ and rules/, type-only ones included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(abs);
      else if (entry.name.endsWith('.ts')) {
        const source = readFileSync(abs, 'utf8');
        const targets = [...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)].map((m) => path.resolve(path.dirname(abs), m[1]!.replace(/\.js$/, '.ts')));
        graph.set(abs, targets);
      }
    }
  };
  visit(path.join(PROJECT_ROOT, 'src'));
  visit(path.join(PROJECT_ROOT, 'rules'));
  return graph;
}

/** The strongly connected components of more than one file (Tarjan's algorithm): each is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(path.relative(PROJECT_ROOT, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

describe('the import graph', () => {
  it('has no cycle, type-only imports included (kit/ is a façade over the layers below it)', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it('the check finds a cycle when there is one', () => {
    const a = path.join(PROJECT_ROOT, 'src', 'a.ts');
    const b = path.join(PROJECT_ROOT, 'src', 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([['src/a.ts', 'src/b.ts']]);
  });
});
