import type { ConfigFile } from './schema.js';
import { SEVERITIES } from './schema.js';

/**
 * The config schema (schema.ts) checked by hand, for the configs people write. zod builds its schema
 * objects on first use and then walks them, about 4 ms of a run that reads a config file, where this
 * check takes a few microseconds. It accepts only what the schema accepts and returns what zod's
 * parse returns (the same keys in the same order, new objects and arrays, rule options as given);
 * anything else is null, and the caller asks zod, which then also words the error. A model test
 * (test/config/plain-config.test.ts) holds the two to the same answers.
 */
export function plainConfig(value: unknown): ConfigFile | null {
  if (!isPlainRecord(value)) return null;
  for (const key in value) if (!TOP_KEYS.has(key)) return null;
  const out: Record<string, unknown> = {};
  // zod's object output follows the schema's key order, not the file's.
  for (const key of TOP_ORDER) {
    if (!(key in value)) continue;
    const v = value[key];
    const checked = key === '$schema' ? str(v) : key === 'root' ? bool(v) : key === 'rules' ? rules(v) : key === 'ignores' ? ignores(v) : key === 'codex' ? codex(v) : strings(v);
    if (checked === INVALID) return null;
    out[key] = checked;
  }
  return out as ConfigFile;
}

const INVALID = Symbol('invalid');
type Checked = unknown | typeof INVALID;

const TOP_ORDER = ['$schema', 'root', 'rules', 'ignores', 'cwds', 'hosts', 'codex'] as const;
const TOP_KEYS = new Set<string>(TOP_ORDER);
const SEVERITY_SET = new Set<unknown>(SEVERITIES);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An object literal JSON can produce, with no key a copy could turn into a prototype. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && !Object.prototype.hasOwnProperty.call(value, '__proto__');
}

function str(v: unknown): Checked {
  return typeof v === 'string' ? v : INVALID;
}

function bool(v: unknown): Checked {
  return typeof v === 'boolean' ? v : INVALID;
}

function strings(v: unknown): Checked {
  if (!Array.isArray(v)) return INVALID;
  for (const item of v) if (typeof item !== 'string') return INVALID;
  return v.slice();
}

function rules(v: unknown): Checked {
  if (!isPlainRecord(v)) return INVALID;
  const out: Record<string, unknown> = {};
  for (const id in v) {
    const entry = v[id];
    if (SEVERITY_SET.has(entry)) out[id] = entry;
    else if (Array.isArray(entry) && (entry.length === 1 || entry.length === 2) && SEVERITY_SET.has(entry[0])) out[id] = entry.slice();
    else return INVALID;
  }
  return out;
}

function ignores(v: unknown): Checked {
  if (!Array.isArray(v)) return INVALID;
  const out: unknown[] = [];
  for (const entry of v) {
    if (typeof entry === 'string') {
      out.push(entry);
      continue;
    }
    if (!isPlainRecord(entry)) return INVALID;
    const item: Record<string, unknown> = {};
    for (const key in entry) if (key !== 'files' && key !== 'rules' && key !== 'until' && key !== 'reason') return INVALID;
    const files = entry['files'];
    if (typeof files === 'string') item['files'] = files;
    else if (strings(files) !== INVALID) item['files'] = (files as string[]).slice();
    else return INVALID;
    if ('rules' in entry) {
      const list = strings(entry['rules']);
      if (list === INVALID) return INVALID;
      item['rules'] = list;
    }
    if ('until' in entry) {
      const until = entry['until'];
      if (typeof until !== 'string' || !DATE.test(until)) return INVALID;
      item['until'] = until;
    }
    if ('reason' in entry) {
      if (typeof entry['reason'] !== 'string') return INVALID;
      item['reason'] = entry['reason'];
    }
    out.push(item);
  }
  return out;
}

function codex(v: unknown): Checked {
  if (!isPlainRecord(v)) return INVALID;
  const out: Record<string, unknown> = {};
  for (const key in v) if (key !== 'config' && key !== 'trust') return INVALID;
  if ('config' in v) {
    const config = v['config'];
    if (!isPlainRecord(config)) return INVALID;
    out['config'] = { ...config };
  }
  if ('trust' in v) {
    if (v['trust'] !== 'trusted' && v['trust'] !== 'untrusted') return INVALID;
    out['trust'] = v['trust'];
  }
  return out;
}
