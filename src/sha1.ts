/**
 * SHA-1 as hex, with node:crypto loaded on the first call: only --cache runs hash anything, and
 * loading the module (15 internal modules outside Node's start-up snapshot, and OpenSSL's digest
 * set-up) cost every other run 2.5 to 3.5 ms before it was loaded lazily.
 */
import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';

const requireBuiltin = createRequire(import.meta.url);
let crypto: typeof Crypto | undefined;

export function sha1(data: string | Uint8Array): string {
  crypto ??= requireBuiltin('node:crypto') as typeof Crypto;
  return crypto.createHash('sha1').update(data).digest('hex');
}
