import type { Link, Nodes, Parent, PhrasingContent, Root, Text } from 'mdast';

/**
 * mdast-util-gfm-autolink-literal's tree transform, which remark-gfm runs after parsing: URLs and
 * e-mail addresses left in text nodes (after escapes and references are decoded, where micromark's
 * tokenizer did not take them: after a comma, inside brackets) become links. Like remark, the
 * nodes it makes have no position. Ported from mdast-util-gfm-autolink-literal 2.1.0 with
 * mdast-util-find-and-replace 3.0.4 (the regular expressions are theirs, verbatim).
 */

type Replace = (match: RegExpExecArray) => PhrasingContent | PhrasingContent[] | false;

/**
 * Each expression with what every match of it holds (a literal `https?://` or `www.`, or an at
 * sign): a text without it is left as it is, so the expression is not run on it.
 */
const PAIRS: [RegExp, Replace, RegExp][] = [
  [/(?<![\da-z])(https?:\/\/|www(?=\.))([\w-]*\.[\w\-.]*)([^\t\n\r ]*)/gi, (m) => findUrl(m[1]!, m[2]!, m[3]!, m), /https?:\/\/|www\./i],
  [/(?<![\w+\-.@])xmpp:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)(\/(?:[\w\-/]|\.(?=[\dA-Za-z]))*)?/g, (m) => findXmpp(m[0], m[1]!, m[2]!, m[3], m), /xmpp:[^]*@/],
  [/(?<![\w+\-.@])mailto:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g, (m) => findMailto(m[1]!, m[2]!), /mailto:[^]*@/],
  [/(?<![\w+\-.]|(?:^|[^\d@A-Za-z])(?:mailto|xmpp):)([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/g, (m) => findEmail(m[1]!, m[2]!), /@/],
];

const WHITESPACE = /\s/;
const PUNCTUATION = /\p{P}|\p{S}/u;

/** Something each expression needs: a dot (URLs, domains) or an at sign (addresses). */
const CANDIDATE = /[.@]/;

/**
 * What the source must hold for some text node to hold a match: each match has `@`, or `http`/`www`
 * (any case) followed by punctuation. A text node's value is source characters, but for a
 * character reference (`&#64;`), decoded, and an escape (`\.`), whose backslash is dropped; and
 * an escape only precedes punctuation, so `http` and `www` stay literal in the source.
 */
const SOURCE_CANDIDATE = /[@&]|https?|www/i;

/**
 * remark runs each expression over the whole tree in turn; each only ever splits text nodes and
 * skips the links it made, so running all four over each text node in turn is the same.
 * `source`: the text the tree was parsed from; when it cannot hold a match, the tree is not walked.
 */
export function transformAutolinkLiterals(tree: Root, source?: string): void {
  if (source !== undefined && !SOURCE_CANDIDATE.test(source)) return;
  visit(tree);
}

function visit(parent: Parent): void {
  const children = parent.children as Nodes[];
  let changed: Nodes[] | null = null;
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (node.type === 'text') {
      if (CANDIDATE.test(node.value)) {
        let nodes: PhrasingContent[] = [node];
        for (const [find, replace, need] of PAIRS) {
          const next: PhrasingContent[] = [];
          for (const part of nodes) {
            if (part.type === 'text' && need.test(part.value)) next.push(...handle(part, find, replace));
            else next.push(part);
          }
          nodes = next;
        }
        if (nodes.length !== 1 || nodes[0] !== node) {
          changed ??= children.slice(0, i);
          changed.push(...nodes);
          continue;
        }
      }
    } else if (node.type !== 'link' && node.type !== 'linkReference' && 'children' in node) {
      visit(node);
    }
    changed?.push(node);
  }
  if (changed) parent.children = changed as never;
}

/** mdast-util-find-and-replace's handler for one text node and one expression: the nodes it becomes. */
function handle(node: Text, find: RegExp, replace: Replace): PhrasingContent[] {
  let start = 0;
  let change = false;
  const nodes: PhrasingContent[] = [];
  const add = (child: PhrasingContent) => {
    const previous = nodes[nodes.length - 1];
    if (previous && previous.type === 'text' && child.type === 'text') previous.value += child.value;
    else nodes.push(child);
  };
  find.lastIndex = 0;
  let match = find.exec(node.value);
  while (match) {
    const position = match.index;
    const value = replace(match);
    if (value === false) {
      find.lastIndex = position + 1;
    } else {
      if (start !== position) add({ type: 'text', value: node.value.slice(start, position) });
      if (Array.isArray(value)) for (const child of value) add(child);
      else add(value);
      start = position + match[0].length;
      change = true;
    }
    match = find.exec(node.value);
  }
  if (!change) return [node];
  if (start < node.value.length) add({ type: 'text', value: node.value.slice(start) });
  return nodes;
}

function link(url: string, value: string): Link {
  return { type: 'link', title: null, url, children: [{ type: 'text', value, position: undefined }], position: undefined };
}

function previous(match: RegExpExecArray): boolean {
  if (match.index === 0) return true;
  const ch = match.input.charAt(match.index - 1);
  return WHITESPACE.test(ch) || PUNCTUATION.test(ch);
}

function findUrl(protocol: string, domain: string, path: string, match: RegExpExecArray): PhrasingContent | PhrasingContent[] | false {
  if (!previous(match)) return false;
  let prefix = '';
  if (/^w/i.test(protocol)) {
    domain = protocol + domain;
    protocol = '';
    prefix = 'http://';
  }
  if (PUNCTUATION.test(domain.charAt(0)) || !isCorrectDomain(domain)) return false;
  const parts = splitUrl(domain + path);
  const result = link(prefix + protocol + parts[0], protocol + parts[0]);
  if (parts[1]) return [result, { type: 'text', value: parts[1], position: undefined }];
  return result;
}

function findEmail(atext: string, label: string): PhrasingContent | false {
  if (/[\d\-_]$/.test(label)) return false;
  return link(`mailto:${atext}@${label}`, `${atext}@${label}`);
}

function findMailto(atext: string, label: string): PhrasingContent | false {
  if (/[\d\-_]$/.test(label)) return false;
  const value = `mailto:${atext}@${label}`;
  return link(value, value);
}

function findXmpp(whole: string, atext: string, label: string, resource: string | undefined, match: RegExpExecArray): PhrasingContent | false {
  if (/[\d\-_]$/.test(label) || (resource && (!/[A-Za-z]$/.test(resource) || match.input.charAt(match.index + whole.length) === '@'))) return false;
  const value = `xmpp:${atext}@${label}${resource || ''}`;
  return link(value, value);
}

function isCorrectDomain(domain: string): boolean {
  const parts = domain.split('.');
  if (
    parts.length < 2 ||
    (parts[parts.length - 1] && (/_/.test(parts[parts.length - 1]!) || !/[\dA-Za-z]/.test(parts[parts.length - 1]!))) ||
    (parts[parts.length - 2] && (/_/.test(parts[parts.length - 2]!) || !/[\dA-Za-z]/.test(parts[parts.length - 2]!)))
  ) {
    return false;
  }
  return true;
}

function count(value: string, ch: string): number {
  let n = 0;
  for (let i = value.indexOf(ch); i !== -1; i = value.indexOf(ch, i + 1)) n++;
  return n;
}

function splitUrl(url: string): [string, string | undefined] {
  let index = url.length;
  while (index > 0) {
    const code = url.charCodeAt(index - 1);
    // ! " & ' ) , . : ; < > ? ] }
    if (code === 33 || code === 34 || code === 38 || code === 39 || code === 41 || code === 44 || code === 46 || code === 58 || code === 59 || code === 60 || code === 62 || code === 63 || code === 93 || code === 125) {
      index--;
    } else {
      break;
    }
  }
  if (index === url.length) return [url, undefined];
  let trail = url.slice(index);
  url = url.slice(0, index);
  let closingParenIndex = trail.indexOf(')');
  const openingParens = count(url, '(');
  let closingParens = count(url, ')');
  while (closingParenIndex !== -1 && openingParens > closingParens) {
    url += trail.slice(0, closingParenIndex + 1);
    trail = trail.slice(closingParenIndex + 1);
    closingParenIndex = trail.indexOf(')');
    closingParens++;
  }
  return [url, trail];
}
