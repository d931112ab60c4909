/**
 * File names are bytes on POSIX, and not every name is UTF-8 (a directory named in Latin-1 by an old
 * tool, `caf\xe9/`). Node decodes a name to a string, replacing each byte that is not UTF-8 with
 * U+FFFD, and a string path is encoded back as UTF-8: a path so decoded names a file that does not
 * exist, and Codex, which reads the path's bytes, still loads the AGENTS.md under it.
 *
 * So a path is decoded the way Python's `surrogateescape` does (PEP 383): each byte that is not part
 * of a valid UTF-8 sequence becomes the lone surrogate U+DC80..U+DCFF. Valid UTF-8 never decodes to
 * a lone surrogate, so the mapping is one to one; `nativePath` gives back the bytes for the file
 * system, and `escapeRawBytes` shows such a byte as `\xNN`.
 */

const REPLACEMENT = 0xfffd;

/** Paths' bytes (one name, or git's whole listing) as text, every byte that is not UTF-8 kept as a lone surrogate (see above). */
export function decodePath(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  // Nearly every listing is valid UTF-8: decoded natively, and checked by one native search.
  return text.includes('\ufffd') ? decodeEscaped(bytes) : text;
}

/** UTF-8 decoding by hand, escaping each byte of an invalid sequence (the rare listing that has one). */
function decodeEscaped(bytes: Uint8Array): string {
  const parts: string[] = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let cp = length === 1 ? b : length === 2 ? b & 0x1f : length === 3 ? b & 0x0f : b & 0x07;
    let ok = length > 0 && i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if (ok && ((length === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (length === 4 && (cp < 0x10000 || cp > 0x10ffff)))) ok = false;
    if (ok) {
      parts.push(String.fromCodePoint(cp));
      i += length;
    } else {
      parts.push(String.fromCharCode(0xdc00 + b));
      i += 1;
    }
  }
  return parts.join('');
}

/** The path to give node:fs: the string itself, or its bytes when it holds an escaped byte. */
export function nativePath(p: string): string | Buffer {
  return p.isWellFormed() ? p : encodeEscaped(p);
}

function encodeEscaped(p: string): Buffer {
  const out: number[] = [];
  for (const ch of p) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xdc80 && cp <= 0xdcff) out.push(cp - 0xdc00);
    else if (cp >= 0xd800 && cp <= 0xdfff) out.push(...Buffer.from(String.fromCharCode(REPLACEMENT), 'utf8'));
    else out.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(out);
}


/** The text with each escaped byte shown as `\xNN` (any other lone surrogate as `\uXXXX`), for output. */
export function escapeRawBytes(text: string): string {
  if (text.isWellFormed()) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xdc80 && cp <= 0xdcff) out += `\\x${(cp - 0xdc00).toString(16).padStart(2, '0')}`;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

/** A repository-relative path as a URI path: each segment percent-encoded, an escaped byte as that byte. */
export function uriPath(file: string): string {
  return file
    .split('/')
    .map((segment) => (segment.isWellFormed() ? encodeURIComponent(segment) : [...nativeBytes(segment)].map((b) => (isUnreserved(b) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('')))
    .join('/');
}

/** The path's bytes as the file system names it (see nativePath). */
export function nativeBytes(p: string): Buffer {
  const native = nativePath(p);
  return typeof native === 'string' ? Buffer.from(native, 'utf8') : native;
}

/** RFC 3986's unreserved characters, which encodeURIComponent leaves as they are (and its `!*'()`). */
function isUnreserved(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || "-_.!~*'()".includes(String.fromCharCode(b));
}
