import * as path from 'node:path';
import type { Definition, Heading, Html, Image, Link, Nodes, Root } from 'mdast';
import ignore, { type Ignore } from 'ignore';
import type { InstructionFile } from './instruction-file.js';
import { parseMarkdown } from './parse.js';
import type { RepoIndex } from '../repo/repo-index.js';
import { isRecord } from '../repo/manifests.js';
import { closest, editDistance } from '../kit/text.js';

// ---------------------------------------------------------------------------------------------
// Paths in inline code
// ---------------------------------------------------------------------------------------------

/**
 * How a path was written. `explicit` (./x, ../x) and `absolute` (/x, root-relative) say outright
 * that they are paths; `nested` (a/b) and `bare` (README.md) must first look like one.
 */
export type PathShape = 'explicit' | 'absolute' | 'nested' | 'bare';

export interface PathReference {
  /** The path as written, without a `:line` or `#L10` suffix. */
  value: string;
  shape: PathShape;
  /** Written with a trailing slash: must be a directory. */
  dir: boolean;
  /** Text offsets of `value` in the file, end exclusive. */
  start: number;
  end: number;
  /** A nearby word makes the path's existence optional ("if present", "create", "e.g."). */
  qualified: boolean;
  /** The sentence says the path does not or must not exist ("there is no `x`", "never commit `x`"). */
  negated: boolean;
}

/** Why an inline code span is not a path reference, for the extraction tests and --debug. */
export type NotPathReason =
  | 'whitespace'
  | 'url'
  | 'email'
  | 'scoped-package'
  | 'glob'
  | 'placeholder'
  | 'extension'
  | 'identifier'
  | 'home'
  | 'not-path-like';

/**
 * Extensions that make a slash-free word a file name. Deliberately absent: `log` (`console.log`),
 * `io`, `com`, `dev` and other endings that are far more often identifiers or domains.
 */
const FILE_EXTENSIONS = new Set(
  (
    'md mdx markdown txt rst adoc json jsonc json5 yaml yml toml ini cfg conf lock ts tsx mts cts js jsx mjs cjs vue svelte ' +
    'astro css scss sass less html htm py pyi ipynb rs go rb java kt kts swift c h cc cpp hpp cs fs php sh bash zsh fish ps1 ' +
    'bat sql prisma graphql gql proto tf tfvars hcl xml csv tsv svg png jpg jpeg gif webp ico pdf wasm mod sum gradle properties ' +
    'dockerfile'
  ).split(' '),
);

/** Parts of multi-part extensions (`.test.ts`, `.d.ts`): a span made only of these is an extension. */
const EXTENSION_PARTS = new Set([...FILE_EXTENSIONS, 'test', 'spec', 'd', 'config', 'stories', 'story', 'module', 'min', 'e2e', 'snap']);

/** Extensionless names that are files by convention. */
const CONVENTIONAL_FILES = new Set(
  'Makefile GNUmakefile makefile Justfile justfile Taskfile Dockerfile Containerfile Procfile Gemfile Rakefile Brewfile Vagrantfile Jenkinsfile Tiltfile LICENSE LICENCE CODEOWNERS OWNERS NOTICE AUTHORS CHANGELOG'.split(
    ' ',
  ),
);

/** Product and site names that look like file names in prose ("Node.js", "docs.rs"). */
const NOT_FILES = new Set(
  'node.js next.js vue.js nuxt.js express.js three.js d3.js chart.js ember.js backbone.js react.js angular.js alpine.js solid.js deno.js bun.sh docs.rs crates.io go.dev pkg.go.dev npmjs.com'.split(
    ' ',
  ),
);

/** Files people create locally and are told to create: never expected in a checkout. */
const LOCAL_ONLY = /^\.env(\.[\w-]*local)?$|^\.env\.(development|production|test)(\.local)?$/;

/**
 * Words that make a path's existence optional or hypothetical in its sentence. A prohibition alone
 * ("never edit `generated/`") does not: the path it guards must still exist, or the rule is stale.
 */
const QUALIFIERS = new RegExp(
  [
    'if (?:it |they |one )?(?:present|exists?|any|available|needed|missing|applicable)',
    'when (?:present|it exists|available)',
    "(?:may|might|does ?n[o']t|do ?n[o']t|does not|do not|will) (?:not )?(?:yet )?exist",
    'not (?:yet )?(?:exist|present|committed|checked in)',
    'if you have (?:it|one|them)',
    'optional(?:ly)?',
    '(?:re)?generat(?:e|es|ed|ing)',
    'creat(?:e|es|ed|ing)',
    'output(?:s|ted)?',
    'writ(?:e|es|ten|ing) (?:to|into|out)',
    'emit(?:s|ted)?',
    'produc(?:e|es|ed)',
    'build(?:s)? (?:to|into)',
    'cop(?:y|ies|ied)',
    'renam(?:e|es|ed|ing)',
    'mov(?:e|es|ed|ing)',
    'migrat(?:e|es|ed|ing)',
    'delet(?:e|ed|es)',
    'remov(?:e|ed|es)',
    'e\\.g\\.',
    'for (?:example|instance)',
    'such as',
    'branch(?:es)?',
    'prefix(?:es|ed)?',
    'placeholder',
    'hypothetical',
  ]
    .map((w) => `\\b${w}`)
    .join('|'),
  'i',
);

/** Classifies one inline code span. Returns the path (with offsets inside `value`) or why it is not one. */
export function classifyPath(raw: string): { value: string; shape: PathShape; dir: boolean; offset: number } | { reason: NotPathReason } {
  const lead = raw.length - raw.trimStart().length;
  let value = raw.trim();
  if (value === '' || /\s/.test(value)) return { reason: 'whitespace' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(mailto|tel|data|javascript|file|git@|node|npm|jsr|bun|workspace|link|catalog):/i.test(value)) return { reason: 'url' };
  if (/^[^@/\s]+@[^@/\s]+\.[a-z]{2,}$/i.test(value)) return { reason: 'email' };
  if (value.startsWith('@')) return { reason: 'scoped-package' };
  if (value.startsWith('~') || value.startsWith('$HOME')) return { reason: 'home' };
  if (/<[^>]*>|\$\{?[A-Za-z_]|\{[\w-]+\}|\.\.\.|…|%[sd]|\{\{|(^|\/):[a-z_]+(\/|$)|\bpath\/to\b/i.test(value) || /([A-Z])\1{2,}|YYYY|\bMM\b|\bDD\b/.test(value)) return { reason: 'placeholder' };
  if (/[*?[\]{}]|^!/.test(value)) return { reason: 'glob' };
  // Code, not paths: calls, Rust/C++ paths, key=value, flags, Windows separators, pipes.
  if (/[()=;,'"`|&\\]|::|^-|->|=>/.test(value)) return { reason: 'identifier' };
  // A trailing location suffix (`src/a.ts:42`, `src/a.ts:42:7`, `src/a.ts#L10-L20`) is not part of the path.
  value = value.replace(/(?::\d+(?::\d+)?|#L\d+(?:-L\d+)?)$/, '');
  if (/[:#]/.test(value)) return { reason: 'identifier' };
  if (value === '.' || value === '..' || value === './' || value === '../' || value === '/') return { reason: 'not-path-like' };

  const dir = value.endsWith('/') && value.length > 1;
  const body = dir ? value.replace(/\/+$/, '') : value;
  if (body.includes('//')) return { reason: 'not-path-like' };
  const shape: PathShape = /^\.\.?\//.test(body) ? 'explicit' : body.startsWith('/') ? 'absolute' : body.includes('/') ? 'nested' : 'bare';
  const base = body.slice(body.lastIndexOf('/') + 1);
  if (shape === 'bare' && !dir) {
    if (NOT_FILES.has(base.toLowerCase())) return { reason: 'identifier' };
    if (base.startsWith('.') && base.slice(1).split('.').every((p) => EXTENSION_PARTS.has(p.toLowerCase()))) return { reason: 'extension' };
    if (!looksLikeFileName(base)) return { reason: 'identifier' };
  }
  if (shape === 'bare' && dir && !/^[\w.-]+$/.test(body)) return { reason: 'not-path-like' };
  if (isPlaceholderName(body)) return { reason: 'placeholder' };
  return { value, shape, dir, offset: lead };
}

function extensionOf(base: string): string {
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** `README.md`, `.nvmrc`, `Makefile`; not `foo.bar`, `process.env.X` or `v1.2.3`. */
function looksLikeFileName(base: string): boolean {
  if (!/^[\w.@+-]+$/.test(base)) return false;
  if (CONVENTIONAL_FILES.has(base) || CONVENTIONAL_FILES.has(base.split('.')[0] ?? '')) return true;
  // Dotfiles: `.nvmrc`, `.env.example`, `.eslintrc.json` (a lone extension was excluded above).
  if (/^\.[a-z][\w.-]*$/i.test(base)) return true;
  const ext = extensionOf(base);
  // `math.h` and `stdio.h` are system headers and `a.b.c` a member chain: a slash-free name with a
  // one-letter or F# extension is too ambiguous to check (`src/x.c` still is).
  if (!FILE_EXTENSIONS.has(ext) || ext.length === 1 || ext === 'fs') return false;
  // `foo.bar.ts` is a file, but a camelCase member chain ending in an extension-like word is rare
  // enough; digits-only stems (`1.0.md`) are versions.
  return !/^[\d.]+$/.test(base.slice(0, -ext.length - 1));
}

/** Example names: `foo.ts`, `src/MyComponent.tsx`, `your-package/`. */
function isPlaceholderName(body: string): boolean {
  return body.split('/').some((segment) => {
    const stem = segment.replace(/\..*$/, '');
    return (
      /^(foo|bar|baz|qux|quux|xxx+|yyy+|zzz+|example|sample|something|whatever|name|filename|dirname)$/i.test(stem) ||
      /^(foo|Foo)[A-Z_.-]/.test(stem) ||
      /^(my|My|your|Your|some|Some)[A-Z_-]/.test(stem)
    );
  });
}

/**
 * Negation cues: the sentence says the path does not, or must not, exist ("there is no
 * `package.json`", "never commit `.env.production`", "CI fails on a `package-lock.json`",
 * "`out/` is gitignored"). Unlike a qualifier they must sit next to the path: "never commit
 * `x`" negates `x`, "never commit changes to `x`" does not, and "never edit `x`" is a prohibition
 * that still claims `x` exists. English plus the languages of the vague-rules phrase data
 * (src/phrases/), whose imperatives and particles they follow.
 */
const NOT_WORD = String.raw`(?![\p{L}\p{N}_])`;
const WORD_START = String.raw`(?<![\p{L}\p{N}_])`;
const words = (list: string[]) => `${WORD_START}(?:${list.join('|')})${NOT_WORD}`;

/** Words that may stand between a cue and its path, or between the paths of a list ("no root `x` files, `y` or `z`"). */
const FILLERS = [
  // English
  'a', 'an', 'the', 'any', 'single', 'such', 'committed', 'checked-in', 'tracked', 'root', 'top-level', 'local', 'stray', 'extra',
  'separate', 'second', 'new', 'other', 'own', 'longer', 'more', 'ever', 'files?', 'folders?', 'director(?:y|ies)', 'or', 'and', 'nor',
  // German, French, Spanish, Portuguese
  'ein(?:e|en|er|es)?', 'der', 'die', 'das', 'den', 'dem', 'datei(?:en)?', 'oder', 'und', 'noch',
  'le', 'la', 'les', 'un', 'une', 'de', 'du', 'des', "[ld]['’]", 'fichiers?', 'dossiers?', 'ou', 'et', 'ni',
  'el', 'los', 'las', 'ningún', 'ninguna', 'archivos?', 'ficheros?', 'o', 'y',
  'um', 'uma', 'os', 'as', 'arquivos?', 'e', 'nem',
  // Chinese measure words and determiners
  '任何', '一个', '这个', '该',
];
/** The rest of `before` after a cue: only fillers, separators and blanked-out code spans. */
const TAIL = String.raw`(?:[\s,/、，]|${words(FILLERS)})*$`;

const NEGATED_BEFORE = new RegExp(
  '(?:' +
    [
      // "there is no `x`", "without a `x`", "`a`, not `x`", "instead of `x`", "rather than `x`"
      words(['no', 'without', 'not', 'nor', 'neither', 'instead of', 'rather than', 'in place of', 'no need for']),
      // "never commit `x`", "don't add a `x`", "avoid committing `x`": verbs that would bring `x` into existence.
      String.raw`${WORD_START}(?:never|don['’]?t|do not|must not|mustn['’]?t|should not|shouldn['’]?t|cannot|can['’]?t|may not|avoid|stop)\s+(?:ever\s+)?` +
        String.raw`(?:commit(?:s|ted|ting)?|check(?:s|ed|ing)? in|add(?:s|ed|ing)?|push(?:es|ed|ing)?|creat(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|keep(?:s|ing)?|restor(?:e|es|ed|ing)|re-?add(?:s|ed|ing)?|reintroduc(?:e|es|ed|ing)|includ(?:e|es|ed|ing))${NOT_WORD}`,
      // "CI fails on a `x`", "the build fails if a `x` exists", "CI rejects any `x`", "if there is a `x`"
      String.raw`${WORD_START}(?:(?:fails?|failing|errors?(?: out)?|breaks?|aborts?)\s+(?:on|if|when|whenever|for)|rejects?|refuses?|forbids?|disallows?|bans?|if there(?:['’]s| is| are))${NOT_WORD}`,
      // German: "es gibt keine `x`", "ohne `x`", "statt `x`"
      words(['kein(?:e|en|er|es|em)?', 'ohne', 'statt', 'anstatt', 'anstelle von', 'weder']),
      // French: "il n'y a pas de `x`", "aucun `x`", "sans `x`", "au lieu de `x`", "ne commitez jamais `x`"
      words(["pas d(?:e|['’])", "plus d(?:e|['’])", 'aucune?', 'sans', "au lieu d(?:e|u|['’])", 'plutôt que']),
      String.raw`${WORD_START}n(?:e\s+|['’])(?:commit+(?:ez|e|er)|ajout(?:ez|e|er)|cré(?:ez|e|er)|versionn(?:ez|e|er)|pouss(?:ez|e|er))\s+(?:jamais|pas|plus)${NOT_WORD}`,
      // Spanish: "no hay `x`", "sin `x`", "en lugar de `x`", "nunca subas `x`"
      words(['no hay', 'sin', 'ningun[oa]?', 'ningún', 'en lugar de', 'en vez de']),
      String.raw`${WORD_START}(?:no|nunca|jamás)\s+(?:subas|añadas|agregues|crees|hagas commit de|comitees|commitees|versiones|incluyas)${NOT_WORD}`,
      // Portuguese: "não há `x`", "sem `x`", "em vez de `x`", "nunca faça commit de `x`"
      words(['não há', 'sem', 'nenhum', 'nenhuma', 'em vez de', 'ao invés de']),
      String.raw`${WORD_START}(?:não|nunca|jamais)\s+(?:faça\s+commit\s+d[eoa]|commite|comite|adicione|crie|suba|versione|inclua)${NOT_WORD}`,
      // Chinese: "没有 `x`", "不要提交 `x`", "而不是 `x`"
      '(?:没有|无需|不需要|不再有|(?:不要|不得|禁止|切勿|请勿|别|不能|不可)(?:提交|创建|添加|新建|上传|推送|生成)|而不是|而非|代替|取代)',
    ].join('|') +
    ')' +
    TAIL,
  'iu',
);

/** What follows the path (after other paths of the same list): "is not checked in", "is generated", "no longer exists". */
const LIST_LEAD = String.raw`^(?:[\s,/、，]|${words(['or', 'and', 'nor', 'files?', 'folders?', 'director(?:y|ies)', 'oder', 'und', 'datei(?:en)?', 'ou', 'et', 'o', 'y', 'e'])})*`;
const NEGATED_AFTER = new RegExp(
  LIST_LEAD +
    '(?:' +
    [
      String.raw`(?:(?:is|are|was|were|gets?|got|must|should|will|has|have|had|been|being|be|always|stays?|remains?|now|automatically)\s+)*` +
        String.raw`(?:(?:auto-?)?generated|(?:git)?ignored(?!\s+by\s+(?!git\b))|deprecated|obsolete|gone|replaced|superseded|untracked|` +
        String.raw`(?:not|never|no longer)\s+(?:be\s+)?(?:committed|checked[ -]in|tracked|versioned|present|needed|required|shipped|in git|in the repo(?:sitory)?))${NOT_WORD}`,
      String.raw`(?:no longer exists?|(?:does|do|did)(?: not|n['’]t) exist|used to|(?:was|were|has been|have been|got) (?:removed|deleted|renamed|moved|dropped|retired))${NOT_WORD}`,
      String.raw`\(\s*(?:removed|deleted|deprecated|gone|generated|gitignored|ignored|legacy|obsolete|not committed)${NOT_WORD}`,
      // German
      String.raw`(?:(?:wird|werden|ist|sind|wurde|wurden|darf|dürfen|soll|sollen|muss)\s+)*(?:(?:nicht|nie(?:mals)?|nicht mehr)\s+(?:eingecheckt|committ?et|versioniert|vorhanden|benötigt|committen|einchecken|hinzufügen|anlegen|erstellen|pushen|versionieren)|(?:automatisch\s+)?(?:generiert|erzeugt|(?:git)?ignoriert|gelöscht|entfernt|ersetzt|veraltet)|(?:existiert|gibt es)\s+nicht(?: mehr)?)${NOT_WORD}`,
      // French
      String.raw`(?:n['’]existe\s+(?:pas|plus)|n['’]est\s+(?:pas|plus)\s+(?:versionné|commité|committé|suivi|présent)e?s?|(?:est|sont)\s+(?:(?:automatiquement)\s+)?(?:généré|ignoré|supprimé|obsolète|déprécié|remplacé)e?s?|ne\s+(?:doit|doivent)\s+(?:pas|jamais)\s+(?:être\s+(?:commité|committé|versionné)|exister))${NOT_WORD}`,
      // Spanish
      String.raw`(?:ya\s+no\s+existe|no\s+existe|se\s+genera|es\s+generad[oa]|está\s+ignorad[oa]|se\s+ignora|fue\s+eliminad[oa]|fue\s+reemplazad[oa]|está\s+obsolet[oa]|no\s+se\s+(?:versiona|sube|commitea|incluye))${NOT_WORD}`,
      // Portuguese
      String.raw`(?:não\s+existe(?:\s+mais)?|já\s+não\s+existe|(?:é|são)\s+(?:gerad|ignorad|removid|substituíd)[oa]s?|não\s+(?:é|deve\s+ser)\s+(?:versionad|commitad|comitad)[oa])${NOT_WORD}`,
      // Japanese: "`x` はありません", "`x` をコミットしないで", "`x` は自動生成されます", "`x` ではなく"
      '(?:ファイル|ディレクトリ|フォルダ)?\\s*(?:は|が|を|も)?\\s*(?:ありません|ない|無い|存在し(?:ない|ません)|コミットし(?:ない|ないで|てはいけ)|追加し(?:ない|ないで)|作成し(?:ない|ないで)|(?:自動)?生成され|無視され|削除され|廃止され|置き換え|不要|なし|無し|ではなく)',
      // Chinese: "`x` 不存在", "`x` 是自动生成的", "`x` 被忽略"
      '(?:文件|目录)?\\s*(?:不存在|已不存在|已(?:被)?(?:删除|移除|废弃|弃用|替换)|(?:是|会被|被|由\\S{0,12}?)(?:自动)?生成|自动生成|(?:被|已被)忽略|不(?:应|要|会)?(?:被)?提交|不在仓库)',
      // Korean: "`x` 파일은 없습니다", "`x`을 커밋하지 마세요", "`x`는 자동 생성됩니다"
      '(?:파일|디렉터리|디렉토리|폴더)?\\s*(?:은|는|이|가|을|를|도)?\\s*(?:없(?:습니다|다|음|어요|이)|존재하지 않|커밋하지|추가하지|생성하지|(?:자동\\s*)?생성됩니다|자동\\s*생성|무시됩니다|삭제되었|제거되었|대체되었|필요 없|대신)',
    ].join('|') +
    ')',
  'iu',
);

/** "If `x` exists, ...": a condition on the path's existence. */
const CONDITION_BEFORE = new RegExp(`${words(['if', 'when', 'whenever', 'unless', 'in case', 'falls', 'wenn', 'si', 'se'])}${TAIL}`, 'iu');
const CONDITION_AFTER = new RegExp(`${LIST_LEAD}(?:exists?|is present|is found|appears|shows up|is there|is committed|is checked in|gets committed|existiert|vorhanden ist|existe)${NOT_WORD}`, 'iu');

/** The sentence around a reference, with every code span (the reference too) blanked out. */
export interface SentenceContext {
  /** From the sentence start to the reference (at most CUE_REACH characters: cues sit close by). */
  before: string;
  /** From the end of the reference to the sentence end (at most CUE_REACH characters). */
  after: string;
  /** A qualifier anywhere in the sentence makes existence optional ("if present", "e.g."). */
  qualified: boolean;
}

/**
 * How far from a reference its cues are looked for. A cue and its reference share a clause, so this
 * is generous, and it keeps a pathological one-sentence file with thousands of spans linear.
 */
const CUE_REACH = 400;

/** Whether the sentence says the referenced path does not, or must not, exist. */
export function negatesExistence(context: SentenceContext): boolean {
  return NEGATED_BEFORE.test(context.before) || NEGATED_AFTER.test(context.after) || (CONDITION_BEFORE.test(context.before) && CONDITION_AFTER.test(context.after));
}

/** Directories whose files are run as commands by convention. */
const SCRIPT_DIRS = /(?:^|\/)(?:bin|scripts?|\.scripts|tools|hack|ci)\//;
const SHELL_SCRIPT = /\.(?:sh|bash|zsh|ksh|fish|py|rb|pl)$/;
const JS_SCRIPT = /\.(?:js|mjs|cjs|ts|mts|cts)$/;
/** What makes a lone `scripts/x.sh` a run rather than a mention: "run `scripts/x.sh`", "execute the script `scripts/x.sh`". */
const RUN_CUE = /\b(?:run|runs|running|execute|executes|executing|exec|invoke|invokes|invoking|call|calls|calling|launch|launches|launching)(?:\s+(?:the\s+)?script)?\s*$/i;
/** A lone `./x.sh` after these words is a file being talked about, not run. */
const MENTION_CUE = /\b(?:edit|edits|editing|see|read|open|opens|modify|change|update|create|add|write|copy|move|rename|delete|remove|review|in|into|from|under|inside|to|at|of|named|called)\s*$/i;

/**
 * Whether an inline code span runs a local script (`./scripts/dev.sh`, `bin/dev`,
 * `scripts/x.sh --flag`) rather than naming a path: such a span is a command, checked by the command
 * rules (existence and the executable bit), and is not also a path reference.
 */
export function readsAsLocalRun(argv: readonly string[], context: SentenceContext): boolean {
  const head = argv[0] ?? '';
  if (!/^(?:\.{1,2}\/)?[\w.@+-]+(?:\/[\w.@+-]+)*$/.test(head) || !head.includes('/')) return false;
  const explicit = /^\.{1,2}\//.test(head);
  const rest = head.replace(/^(?:\.{1,2}\/)+/, '');
  const base = rest.slice(rest.lastIndexOf('/') + 1);
  const inScriptDir = SCRIPT_DIRS.test(rest);
  const extensionless = !base.includes('.');
  // `./gradlew`, `./configure`, `bin/dev`, `scripts/setup.sh`, `scripts/seed.ts`; not `./src/index.ts` or `./docs`.
  const scriptLike = extensionless ? inScriptDir || (explicit && !rest.includes('/')) : SHELL_SCRIPT.test(base) || (JS_SCRIPT.test(base) && inScriptDir);
  if (!scriptLike) return false;
  if (argv.length > 1) return true;
  if (negatesExistence(context) || context.qualified || MENTION_CUE.test(context.before)) return false;
  if (explicit) return true;
  // Without `./`, only a script under bin/, scripts/, ... reads as a run, and outside bin/ only after "run".
  return inScriptDir && ((extensionless && /^bin\//.test(rest)) || RUN_CUE.test(context.before));
}

/** Every inline code span that names a path, with its exact position and whether it is qualified or negated. */
export function pathReferences(file: InstructionFile): PathReference[] {
  const tree = file.tree();
  const out: PathReference[] = [];
  const around = sentenceContext(file);
  const visit = (node: Nodes, inLink: boolean) => {
    if (node.type === 'inlineCode' && !inLink) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) return;
      // The value sits between the backtick runs; find it in the source so offsets are exact.
      const ticks = /^`+/.exec(file.text.slice(start, end))?.[0].length ?? 1;
      const inner = file.text.slice(start + ticks, end - ticks);
      const found = classifyPath(inner.replace(/\r?\n/g, ' '));
      if ('reason' in found) return;
      const context = around(start, end);
      // `./scripts/dev.sh` is run, not named: the command rules check it (and its executable bit).
      if (readsAsLocalRun([found.value], context)) return;
      const valueStart = start + ticks + found.offset;
      out.push({
        value: found.value,
        shape: found.shape,
        dir: found.dir,
        start: valueStart,
        end: valueStart + found.value.length,
        qualified: context.qualified,
        negated: negatesExistence(context),
      });
      return;
    }
    // A code span used as link text belongs to the link, which no-broken-link checks.
    const link = inLink || node.type === 'link' || node.type === 'linkReference';
    if ('children' in node) for (const child of node.children) visit(child as Nodes, link);
  };
  visit(tree, false);
  return out;
}

const maskedCache = new WeakMap<InstructionFile, string>();

/** The file's text with every inline code span blanked out, so words inside code never count as cues. */
function maskedText(file: InstructionFile): string {
  let masked = maskedCache.get(file);
  if (masked === undefined) {
    const text = file.text;
    const parts: string[] = [];
    let at = 0;
    for (const span of file.inlineCode()) {
      if (span.start < at) continue;
      parts.push(text.slice(at, span.start), ' '.repeat(span.end - span.start));
      at = span.end;
    }
    parts.push(text.slice(at));
    masked = parts.join('');
    maskedCache.set(file, masked);
  }
  return masked;
}

/** Sentence ends: `. ! ?` before whitespace, and the CJK full stops, which need none. */
const SENTENCE_END = /[.!?](?=\s|$)|[。！？；]/g;
const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|cf)$/i;

/**
 * The sentence around a text range (within its statement, or its line outside statements), split
 * at the range, with every code span blanked out. Sentences end at `. ! ?` before whitespace (and at
 * `。！？；`), except after abbreviations such as "e.g." and "i.e.". Each statement's sentence ends
 * are found once, so a file costs one pass however many references it holds.
 */
export function sentenceContext(file: InstructionFile): (start: number, end: number) => SentenceContext {
  const text = file.text;
  const statements = file.statements();
  /** Sentence ends of each statement (or line), by its start offset. */
  const stopsOf = new Map<number, number[]>();
  const qualifiedAt = new Map<number, boolean>();
  return (start, end) => {
    const masked = maskedText(file);
    // Statements are in document order; the innermost one holding the range is the last starting before it.
    let lo = 0;
    let hi = statements.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((statements[mid]?.start ?? 0) <= start) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    while (at >= 0 && (statements[at]?.end ?? 0) < end) at--;
    const statement = at >= 0 ? statements[at] : undefined;
    const lineEnd = text.indexOf('\n', end);
    const regionStart = statement ? statement.start : text.lastIndexOf('\n', start - 1) + 1;
    const regionEnd = statement ? statement.end : lineEnd < 0 ? text.length : lineEnd;
    let stops = stopsOf.get(regionStart);
    if (!stops) {
      stops = [];
      for (const match of masked.slice(regionStart, regionEnd).matchAll(SENTENCE_END)) {
        const stop = regionStart + (match.index ?? 0);
        if (!ABBREVIATION.test(masked.slice(Math.max(regionStart, stop - 4), stop))) stops.push(stop);
      }
      stopsOf.set(regionStart, stops);
    }
    // The first sentence end at or after the range closes its sentence; the one before opens it.
    lo = 0;
    hi = stops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((stops[mid] ?? 0) < end) lo = mid + 1;
      else hi = mid;
    }
    const previous = lo > 0 ? stops[lo - 1] : undefined;
    const from = previous !== undefined && previous < start ? previous + 1 : regionStart;
    const to = stops[lo] ?? regionEnd;
    let qualified = qualifiedAt.get(from);
    if (qualified === undefined) qualifiedAt.set(from, (qualified = QUALIFIERS.test(masked.slice(from, to))));
    return { before: masked.slice(Math.max(from, start - CUE_REACH), start), after: masked.slice(end, Math.min(to, end + CUE_REACH)), qualified };
  };
}

// ---------------------------------------------------------------------------------------------
// Resolution against the repository
// ---------------------------------------------------------------------------------------------

export type PathResolution =
  | { status: 'exists'; path: string }
  /** Matched by a .gitignore (build output, local files) or inside node_modules: not in a checkout. */
  | { status: 'ignored'; path: string }
  /** Escapes the repository root: cannot be checked. */
  | { status: 'outside'; path: string }
  /** On reflection not a path (a package subpath, a git ref, a MIME type, a Go import path). */
  | { status: 'not-path' }
  /** `suggestion` is written the way the reference was (relative to the file, or root-relative). */
  | { status: 'missing'; tried: string[]; suggestion: string | null };

interface RepoFacts {
  ignored(rel: string, dir: boolean): boolean;
  /** Whether some package.json names this package or depends on it. */
  dependencies(name: string): boolean;
  dirEntries: Map<string, string[]>;
  /** repo.dirs as an array, in the same order (made once: references search it often). */
  dirs(): readonly string[];
  /** repo.filesNamed(base) under the directory `scope` (not ''), in code-unit order. */
  filesNamedUnder(base: string, scope: string): string[];
  /** suggestPath's answers, by `dir` flag and missing path. */
  suggestions: Map<string, string | null>;
  /** candidatesByName's answers, by `dir` flag and directory. */
  candidates: Map<string, Map<string, string>>;
}

const factsCache = new WeakMap<RepoIndex, RepoFacts>();

function facts(repo: RepoIndex): RepoFacts {
  let cached = factsCache.get(repo);
  if (cached) return cached;
  const matchers: { base: string; ig: Ignore }[] = [];
  for (const file of repo.filesNamed('.gitignore')) {
    const text = repo.text(file);
    if (text === null) continue;
    try {
      matchers.push({ base: path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file), ig: ignore().add(text) });
    } catch {
      // An unparsable .gitignore ignores nothing here, as git would skip its bad lines.
    }
  }
  // Every path below a directory asks about it again: each (prefix, dir) is decided once.
  const ignoredOneMemo = new Map<string, boolean>();
  const ignoredOne = (rel: string, dir: boolean) => {
    const key = dir ? `${rel}/` : rel;
    let known = ignoredOneMemo.get(key);
    if (known === undefined) ignoredOneMemo.set(key, (known = ignoredOneUncached(rel, dir)));
    return known;
  };
  const ignoredOneUncached = (rel: string, dir: boolean) =>
    matchers.some(({ base, ig }) => {
      if (base && !rel.startsWith(`${base}/`)) return false;
      const local = base ? rel.slice(base.length + 1) : rel;
      try {
        return local !== '' && ig.ignores(dir ? `${local}/` : local);
      } catch {
        return false;
      }
    });
  // Many files name the same paths (a template copied into every package): each is decided once.
  const ignoredMemo = new Map<string, boolean>();
  const ignored = (rel: string, dir: boolean) => {
    const key = dir ? `${rel}/` : rel;
    let known = ignoredMemo.get(key);
    if (known === undefined) ignoredMemo.set(key, (known = ignoredUncached(rel, dir)));
    return known;
  };
  const ignoredUncached = (rel: string, dir: boolean) => {
    const parts = rel.split('/');
    if (parts.includes('node_modules') || parts.includes('.git')) return true;
    // A path is ignored when it or any directory above it is: `dist/` covers `dist/index.js`.
    for (let i = 1; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      const last = i === parts.length;
      if (ignoredOne(prefix, !last || dir) || (last && !dir && ignoredOne(prefix, true))) return true;
    }
    return false;
  };
  // Parsed only when a reference needs it: every manifest read counts as "needed" for
  // no-invalid-manifest, so a repository whose paths all resolve never pays for (or reports) them.
  let deps: Set<string> | undefined;
  const dependencies = (name: string) => {
    if (!deps) {
      deps = new Set<string>();
      for (const manifest of repo.filesNamed('package.json').slice(0, 2000)) {
        const json = repo.json(manifest);
        if (!isRecord(json)) continue;
        if (typeof json['name'] === 'string') deps.add(json['name']);
        for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
          const list = json[key];
          if (isRecord(list)) for (const dep of Object.keys(list)) deps.add(dep);
        }
      }
    }
    return deps.has(name);
  };
  const dirEntries = new Map<string, string[]>();
  const addEntry = (p: string) => {
    const parent = path.posix.dirname(p) === '.' ? '' : path.posix.dirname(p);
    const list = dirEntries.get(parent);
    if (list) list.push(p);
    else dirEntries.set(parent, [p]);
  };
  for (const f of repo.files) addEntry(f);
  for (const d of repo.dirs) if (d !== '') addEntry(d);
  let dirList: string[] | undefined;
  const sortedByBase = new Map<string, string[]>();
  const filesNamedUnder = (base: string, scope: string) => {
    let sorted = sortedByBase.get(base);
    if (!sorted) sortedByBase.set(base, (sorted = [...repo.filesNamed(base)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))));
    // The files under `scope/` are one run of the sorted list: find its start by bisection.
    const prefix = `${scope}/`;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
    return out;
  };
  cached = { ignored, dependencies, dirEntries, dirs: () => (dirList ??= [...repo.dirs]), filesNamedUnder, suggestions: new Map(), candidates: new Map() };
  factsCache.set(repo, cached);
  return cached;
}

/** Whether a repository-relative path is matched by a .gitignore (or lies in node_modules/.git): a build output or a local file. */
export function isIgnoredPath(repo: RepoIndex, rel: string, dir = false): boolean {
  return facts(repo).ignored(rel, dir);
}

/** Joins and normalizes a repository-relative path; null when it climbs above the root. */
function joinRel(dir: string, rel: string): string | null {
  const joined = path.posix.normalize(path.posix.join(dir || '.', rel)).replace(/(.)\/+$/, '$1');
  if (joined === '..' || joined.startsWith('../')) return null;
  return joined === '.' ? '' : joined;
}

const TS_SOURCE_OF: Record<string, string[]> = { js: ['ts', 'tsx'], jsx: ['tsx'], mjs: ['mts'], cjs: ['cts'] };

/**
 * A listed entry is a file or a symlink; git lists a symlinked directory (and a submodule it cannot
 * enter) as one entry with nothing below it, so `dir/` naming such an entry, or a path through one,
 * cannot be disproved and counts as existing.
 */
function existsIn(repo: RepoIndex, rel: string): boolean {
  if (repo.dirs.has(rel) || repo.has(rel)) return true;
  for (let i = rel.indexOf('/'); i > 0; i = rel.indexOf('/', i + 1)) if (repo.has(rel.slice(0, i))) return true;
  return false;
}

function dirOf(file: string): string {
  const d = path.posix.dirname(file);
  return d === '.' ? '' : d;
}

/**
 * Resolves an inline-code path of `file`: from the file's directory, and from the repository root
 * when the path is root-relative (`/x`, or a first segment that exists at the root). Slash-free
 * names are also accepted anywhere in the repository ("edit `schema.prisma`" names a file, not a place).
 */
export function resolvePathReference(repo: RepoIndex, file: string, ref: Pick<PathReference, 'value' | 'shape' | 'dir'>): PathResolution {
  const f = facts(repo);
  const body = ref.value.replace(/\/+$/, '');
  const fileDir = dirOf(file);
  const first = body.replace(/^\/+/, '').split('/')[0] ?? '';
  const existsAtRoot = existsIn(repo, first);
  const existsAtFile = existsIn(repo, joinRel(fileDir, first) ?? '\0');
  let tried: string[];
  if (ref.shape === 'absolute') {
    // `/api/users` is a route and `/usr/bin` a system path unless the first segment is in the repo.
    if (!existsAtRoot) return { status: 'not-path' };
    tried = [body.slice(1)];
  } else if (ref.shape === 'explicit') {
    const fromFile = joinRel(fileDir, body);
    if (fromFile === null) return { status: 'outside', path: body };
    const fromRoot = joinRel('', body);
    tried = fromRoot !== null && fromRoot !== fromFile ? [fromFile, fromRoot] : [fromFile];
  } else {
    const fromFile = joinRel(fileDir, body) ?? body;
    tried = fromFile !== body ? [fromFile, body] : [body];
    if (ref.shape === 'nested' && !existsAtRoot && !existsAtFile) {
      // Only a clear file path is checked when its first segment exists nowhere: `react-dom/client`,
      // `origin/main`, `application/json` and `github.com/acme/x` are not paths.
      const clearFile = FILE_EXTENSIONS.has(extensionOf(body.slice(body.lastIndexOf('/') + 1))) || (ref.dir && body.includes('/'));
      if (!clearFile || /^[\w-]+(\.[\w-]+)+$/.test(first) || f.dependencies(first)) return { status: 'not-path' };
    }
  }
  for (const t of tried) if (existsIn(repo, t)) return { status: 'exists', path: t };
  // TypeScript's ESM convention names sources by their output: `src/kit/index.js` is the import
  // specifier of `src/kit/index.ts` under NodeNext resolution.
  for (const t of tried) {
    const ts = TS_SOURCE_OF[extensionOf(t)];
    const stemmed = t.slice(0, t.lastIndexOf('.') + 1);
    const hit = ts?.map((e) => stemmed + e).find((c) => repo.has(c));
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  for (const t of tried) if (f.ignored(t, ref.dir)) return { status: 'ignored', path: t };
  if (ref.shape === 'bare') {
    if (LOCAL_ONLY.test(body)) return { status: 'ignored', path: body };
    if (f.dependencies(body)) return { status: 'not-path' };
    const named = ref.dir ? f.dirs().filter((d) => d.endsWith(`/${body}`)) : repo.filesNamed(body);
    if (named[0] !== undefined) return { status: 'exists', path: named[0] };
  } else if (ref.shape === 'nested' && !existsAtRoot && !existsAtFile) {
    // "Each package exports `src/index.ts`": a path that exists under some directory is a pattern.
    const suffix = `/${body}`;
    const hit = ref.dir ? f.dirs().find((d) => d.endsWith(suffix)) : (repo.files.find((p) => p.endsWith(suffix)) ?? f.dirs().find((d) => d.endsWith(suffix)));
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  const fromRoot = ref.shape === 'absolute' || (ref.shape === 'nested' && existsAtRoot && !existsAtFile);
  const primary = fromRoot ? (tried[tried.length - 1] ?? body) : (tried[0] ?? body);
  const found = suggestPath(repo, primary, ref.dir);
  return { status: 'missing', tried, suggestion: found === null ? null : styleLike(ref.value, fileDir, found, fromRoot) };
}

/**
 * "Did you mean": a file or directory with the same name elsewhere (the path moved), else the
 * closest entry under the deepest directory of the path that still exists (a typo or a rename).
 */
export function suggestPath(repo: RepoIndex, missing: string, dir: boolean): string | null {
  const memo = facts(repo).suggestions;
  const key = dir ? `${missing}/` : missing;
  let known = memo.get(key);
  if (known === undefined) memo.set(key, (known = suggestPathUncached(repo, missing, dir)));
  return known;
}

function suggestPathUncached(repo: RepoIndex, missing: string, dir: boolean): string | null {
  const base = missing.slice(missing.lastIndexOf('/') + 1);
  // A moved file stays inside its package: `components/` of another app is not what was meant.
  let scope = dirOf(missing);
  while (scope !== '' && !repo.has(`${scope}/package.json`)) scope = dirOf(scope);
  const inScope = (p: string) => scope === '' || p.startsWith(`${scope}/`);
  const sameName = scope === '' || dir ? (dir ? facts(repo).dirs().filter((d) => d === base || d.endsWith(`/${base}`)) : repo.filesNamed(base)).filter(inScope) : facts(repo).filesNamedUnder(base, scope);
  if (sameName.length > 0) return [...sameName].sort((a, b) => editDistance(missing, a) - editDistance(missing, b) || (a < b ? -1 : 1))[0] ?? null;
  let ancestor = dirOf(missing);
  while (ancestor !== '' && !repo.dirs.has(ancestor)) ancestor = dirOf(ancestor);
  const byName = candidatesByName(repo, ancestor, dir);
  // Same stem, other extension (`schema.ts` → `schema.prisma`), else the closest name.
  const stem = (n: string) => (n.lastIndexOf('.') > 0 ? n.slice(0, n.lastIndexOf('.')) : n);
  const name = [...byName.keys()].find((n) => n !== base && stem(n) === stem(base) && stem(n) !== n) ?? closest(base, byName.keys());
  return name === undefined ? null : (byName.get(name) ?? null);
}

/** The entries up to three levels below `ancestor`, first of each name; shared by every path missing there. */
function candidatesByName(repo: RepoIndex, ancestor: string, dir: boolean): Map<string, string> {
  const f = facts(repo);
  const key = dir ? `${ancestor}/` : ancestor;
  const known = f.candidates.get(key);
  if (known) return known;
  const candidates: string[] = [];
  const collect = (d: string, depth: number) => {
    for (const entry of f.dirEntries.get(d) ?? []) {
      if (candidates.length > 5000) return;
      const isDir = repo.dirs.has(entry);
      if (!dir || isDir) candidates.push(entry);
      if (isDir && depth < 3) collect(entry, depth + 1);
    }
  };
  collect(ancestor, 0);
  // Compare names, not whole paths: a long path would otherwise tolerate an unrelated file name.
  const byName = new Map<string, string>();
  for (const c of candidates) {
    const name = c.slice(c.lastIndexOf('/') + 1);
    if (!byName.has(name)) byName.set(name, c);
  }
  f.candidates.set(key, byName);
  return byName;
}

/** Writes a repository-relative `target` the way `written` was written (relative to the file, `./`, `/`). */
export function styleLike(written: string, fileDir: string, target: string, fromRoot: boolean): string {
  const trailing = written.endsWith('/') ? '/' : '';
  if (written.startsWith('/')) return `/${target}${trailing}`;
  if (fromRoot) return `${target}${trailing}`;
  const rel = path.posix.relative(fileDir || '.', target) || '.';
  if (written.startsWith('./') && !rel.startsWith('../')) return `./${rel}${trailing}`;
  return `${rel}${trailing}`;
}

// ---------------------------------------------------------------------------------------------
// Links and anchors
// ---------------------------------------------------------------------------------------------

export interface LinkReference {
  kind: 'link' | 'image' | 'definition';
  /** The destination exactly as written in the source. */
  raw: string;
  /** Decoded path part ('' for a same-file `#anchor`). */
  path: string;
  /** Decoded fragment without `#`, or null. */
  anchor: string | null;
  /** Text offsets of the written path and fragment (without `#`). */
  pathStart: number;
  pathEnd: number;
  anchorStart: number;
  anchorEnd: number;
}

/**
 * Relative links, images and link definitions of the file, and the `href` of HTML `<a>` and `src`
 * of `<img>` tags (inline and block HTML, which GitHub renders as links and images); URLs with a
 * scheme are left out.
 */
export function linkReferences(file: InstructionFile): LinkReference[] {
  const text = file.text;
  const out: LinkReference[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const ref = locateDestination(text, node);
      if (ref) out.push(ref);
    }
    if (node.type === 'html') out.push(...htmlDestinations(text, node));
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(file.tree());
  return out;
}

/** `<a ... href="x">` and `<img ... src="x">`, with the attribute value quoted, single-quoted or bare. */
const HTML_DESTINATION = /<(a|img)\b[^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/**
 * Destinations in one HTML node, located in the source (not in the node's value, which drops
 * blockquote and list prefixes) so offsets are exact. HTML comments are skipped: GitHub hides them.
 */
function htmlDestinations(text: string, node: Html): LinkReference[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || !/<(?:a|img)\b/i.test(node.value)) return [];
  const source = text.slice(start, end);
  const comments = [...source.matchAll(/<!--[\s\S]*?(?:-->|$)/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  const out: LinkReference[] = [];
  for (const m of source.matchAll(HTML_DESTINATION)) {
    const tag = (m[1] ?? '').toLowerCase();
    const attribute = (m[2] ?? '').toLowerCase();
    if ((tag === 'a') !== (attribute === 'href')) continue;
    const at = m.index ?? 0;
    if (comments.some(([from, to]) => from <= at && at < to)) continue;
    const raw = m[3] ?? m[4] ?? m[5] ?? '';
    // The value ends the match: its offset is the match end minus its length and any closing quote.
    const valueStart = at + m[0].length - raw.length - (m[5] === undefined ? 1 : 0);
    const ref = destinationOf(tag === 'img' ? 'image' : 'link', raw, start + valueStart, decodeHtmlAttribute);
    if (ref) out.push(ref);
  }
  return out;
}

/** Character references in an attribute value (`&amp;`, `&#35;`, `&#x23;`), as the browser decodes them. */
function decodeHtmlAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  const decoded = value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return named[ref.toLowerCase()] ?? all;
  });
  try {
    return decodeURIComponent(decoded);
  } catch {
    return decoded;
  }
}

function locateDestination(text: string, node: Link | Image | Definition): LinkReference | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const source = text.slice(start, end);
  let at: number;
  if (node.type === 'definition') {
    at = source.indexOf(']:');
    if (at < 0) return null;
    at += 2;
  } else {
    // Autolinks (`<https://x>`, bare URLs) have no `](`; they always carry a scheme.
    const last = node.type === 'link' ? node.children[node.children.length - 1] : undefined;
    const from = last?.position?.end.offset !== undefined ? last.position.end.offset - start : 0;
    at = source.indexOf('](', from);
    if (at < 0) return null;
    at += 2;
  }
  while (at < source.length && /\s/.test(source[at] ?? '')) at++;
  let rawStart = at;
  let rawEnd: number;
  if (source[at] === '<') {
    rawStart = at + 1;
    rawEnd = source.indexOf('>', rawStart);
    if (rawEnd < 0) return null;
  } else {
    let depth = 0;
    rawEnd = rawStart;
    for (; rawEnd < source.length; rawEnd++) {
      const c = source[rawEnd] ?? '';
      if (c === '\\') {
        rawEnd++;
        continue;
      }
      if (/\s/.test(c)) break;
      if (c === '(') depth++;
      if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
  }
  return destinationOf(node.type, source.slice(rawStart, rawEnd), start + rawStart, decodeDestination);
}

/** A written destination at text offset `base`, split into path and fragment; null for URLs and templates. */
function destinationOf(kind: LinkReference['kind'], raw: string, base: number, decode: (value: string) => string): LinkReference | null {
  if (raw === '' || /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return null;
  if (/[{}<>]|\$\{?[A-Za-z_]/.test(raw)) return null; // templates and placeholders
  const hash = raw.indexOf('#');
  const rawPath = hash < 0 ? raw : raw.slice(0, hash);
  const query = rawPath.indexOf('?');
  const pathPart = query < 0 ? rawPath : rawPath.slice(0, query);
  return {
    kind,
    raw,
    path: decode(pathPart),
    anchor: hash < 0 ? null : decode(raw.slice(hash + 1)),
    pathStart: base,
    pathEnd: base + pathPart.length,
    anchorStart: hash < 0 ? base + raw.length : base + hash + 1,
    anchorEnd: base + raw.length,
  };
}

function decodeDestination(value: string): string {
  const unescaped = value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

export type LinkResolution =
  | {
      status: 'exists';
      path: string;
      /** The target is a Markdown file GitHub renders. */
      markdown: boolean;
      /** The target is a directory (GitHub lists it and renders its README below). */
      directory: boolean;
      /**
       * The file whose headings a `#fragment` names: the target itself when it is Markdown, the README
       * GitHub renders for a directory, else null (`src/a.ts#L10` is a line, not a heading).
       */
      page: string | null;
    }
  | { status: 'ignored'; path: string }
  | { status: 'outside' }
  | { status: 'missing'; path: string; suggestion: string | null };

/**
 * Resolves a link the way GitHub renders it: relative to the file's directory, or to the repository
 * root for a leading `/` (GitHub rewrites root-relative links in repository Markdown to the tree).
 */
export function resolveLink(repo: RepoIndex, file: string, link: Pick<LinkReference, 'path'>): LinkResolution {
  const dirWanted = link.path.endsWith('/');
  const target = link.path === '' ? file : link.path.startsWith('/') ? joinRel('', link.path.slice(1)) : joinRel(dirOf(file), link.path);
  if (target === null) return { status: 'outside' };
  if (repo.has(target) && !dirWanted) {
    const markdown = isMarkdownPath(target);
    return { status: 'exists', path: target, markdown, directory: false, page: markdown ? target : null };
  }
  if (repo.dirs.has(target)) return { status: 'exists', path: target, markdown: false, directory: true, page: directoryReadme(repo, target) };
  // A path through a symlinked directory or a submodule: listed, but nothing known below it.
  if (existsIn(repo, target)) return { status: 'exists', path: target, markdown: false, directory: false, page: null };
  if (facts(repo).ignored(target, dirWanted)) return { status: 'ignored', path: target };
  return { status: 'missing', path: target, suggestion: suggestPath(repo, target, dirWanted) };
}

function isMarkdownPath(rel: string): boolean {
  return /\.(md|mdx|markdown)$/i.test(rel);
}

/**
 * The README GitHub renders below a directory's listing, so `dir/#section` lands on its heading:
 * a file named README (any case) with a markup extension, Markdown first. At the repository root
 * GitHub looks in `.github/`, then the root, then `docs/` ("About READMEs", docs.github.com:
 * "the .github directory, then the repository's root directory, and finally the docs directory").
 */
export function directoryReadme(repo: RepoIndex, dir: string): string | null {
  const places = dir === '' ? ['.github', '', 'docs'] : [dir];
  const entries = facts(repo).dirEntries;
  for (const place of places) {
    const readmes = (entries.get(place) ?? []).filter((p) => /^readme(\.[\w]+)?$/i.test(p.slice(p.lastIndexOf('/') + 1)) && repo.has(p));
    const chosen = readmes.filter(isMarkdownPath).sort()[0] ?? readmes.sort()[0];
    if (chosen !== undefined) return chosen;
  }
  return null;
}

/**
 * GitHub's heading ids (github-slugger): lowercase; drop every character that is not a letter,
 * mark, number, connector punctuation (`_`), space or hyphen; each space becomes `-`. Hyphens are
 * not collapsed. https://github.com/Flet/github-slugger/blob/master/index.js
 */
export function githubSlug(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** A github-slugger instance: repeated slugs get `-1`, `-2`, ... in document order. */
export class Slugger {
  readonly #seen = new Map<string, number>();
  slug(heading: string): string {
    const base = githubSlug(heading);
    let slug = base;
    while (this.#seen.has(slug)) {
      const n = (this.#seen.get(base) ?? 0) + 1;
      this.#seen.set(base, n);
      slug = `${base}-${n}`;
    }
    this.#seen.set(slug, 0);
    return slug;
  }
}

export interface Anchor {
  id: string;
  /** The heading's text, or null for an HTML `id`/`name` anchor. */
  heading: string | null;
  /** Text offset in its file. */
  offset: number;
}

/** Heading slugs in document order, plus explicit HTML anchors (`<a name="x">`, `id="x"`). */
export function anchorsOf(tree: Root): Anchor[] {
  const slugger = new Slugger();
  const out: Anchor[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'heading') {
      const text = headingText(node);
      out.push({ id: slugger.slug(text), heading: text, offset: node.position?.start.offset ?? 0 });
    }
    if (node.type === 'html') {
      for (const m of node.value.matchAll(/\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) out.push({ id: m[1] ?? '', heading: null, offset: node.position?.start.offset ?? 0 });
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return out;
}

/** The text GitHub slugs: rendered text of the heading, HTML tags dropped, image alt text kept. */
function headingText(node: Heading | Nodes): string {
  if (node.type === 'html') return '';
  if (node.type === 'image') return node.alt ?? '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(headingText).join('');
  return '';
}

const anchorCache = new WeakMap<RepoIndex, Map<string, Anchor[] | null>>();

/** Anchors of a Markdown file in the repository (parsed once per run), or null if unreadable or not Markdown. */
export function anchorsOfFile(repo: RepoIndex, rel: string): Anchor[] | null {
  let perRepo = anchorCache.get(repo);
  if (!perRepo) anchorCache.set(repo, (perRepo = new Map()));
  if (!perRepo.has(rel)) {
    // Only Markdown gets heading ids from GitHub's Markdown pipeline (a README.rst has its own).
    const text = isMarkdownPath(rel) ? repo.text(rel) : null;
    perRepo.set(rel, text === null ? null : anchorsOf(parseMarkdown(text.replace(/^\uFEFF/, ''))));
  }
  return perRepo.get(rel) ?? null;
}

/**
 * Whether `anchor` lands somewhere in a file with these anchors. GitHub prefixes ids with
 * `user-content-` and its script accepts the unprefixed form; `#top` and line anchors (`#L10`)
 * always work; the browser decodes and matches ids case-sensitively, yet GitHub's script retries
 * lowercased, so case is ignored here.
 */
export function anchorMatches(anchors: readonly Anchor[], anchor: string): boolean {
  const wanted = anchor.replace(/^user-content-/, '').toLowerCase();
  if (wanted === '' || wanted === 'top' || /^l\d+(-l\d+)?$/.test(wanted)) return true;
  return anchors.some((a) => a.id.toLowerCase() === wanted);
}

/**
 * The anchor a broken fragment most likely meant: the closest by edit distance, else the id whose
 * words best cover the fragment's words by prefix (`#run-tests` → `running-tests`, `#deployment` →
 * `deploy`), since headings are usually reworded rather than misspelt.
 */
export function closestAnchor(anchors: readonly Anchor[], anchor: string): string | null {
  const ids = [...new Set(anchors.map((a) => a.id))];
  const near = closest(anchor, ids);
  if (near !== undefined) return near;
  const words = anchor.toLowerCase().split(/[-_]+/).filter((w) => w.length >= 3);
  let best: string | null = null;
  let bestScore = 0;
  for (const id of ids) {
    const idWords = id.split(/[-_]+/).filter(Boolean);
    const score = words.filter((w) => idWords.some((i) => i.length >= 3 && (i.startsWith(w) || w.startsWith(i)))).length;
    if (score > bestScore && score * 2 >= words.length) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}
