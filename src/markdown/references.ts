import * as path from 'node:path';
import type { Definition, Heading, Html, Image, Link, Nodes, Root } from 'mdast';
import ignore, { type Ignore } from 'ignore';
import type { InstructionFile } from './instruction-file.js';
import { loadedMarkdownParser } from './parser-loader.js';
import type { RepoIndex } from '../repo/repo-index.js';
import { isRecord } from '../repo/manifests.js';
import { closest, editDistance } from '../kit/text.js';
import { firstAtLeast } from '../kit/bisect.js';
import { posixDirname } from '../repo/join.js';
import { lazily } from '../kit/lazily.js';

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
const EXTENSION_PARTS = new Set([...FILE_EXTENSIONS, 'test', 'test-d', 'spec', 'd', 'config', 'stories', 'story', 'module', 'min', 'e2e', 'snap']);

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

/** Configuration dotfiles by their shape: `.nvmrc`, `.gitignore`, `.env.example`, `.editorconfig`, `.python-version`. */
const DOTFILE = /^\.(?:[\w-]*(?:rc|ignore|attributes|modules|config|version|versions|format|tidy|mailmap|keep)|env(?:\.[\w-]+)?|editorconfig|tool-versions|github|vscode|idea|husky|cargo|changeset|devcontainer|circleci|gitlab|cursor|claude|codex|gemini|agents)$/i;

/** Files people create locally and are told to create: never expected in a checkout. */
const LOCAL_ONLY = /^\.env(\.[\w-]*local)?$|^\.env\.(development|production|test)(\.local)?$/;

/**
 * Words that make a path's existence optional or hypothetical in its sentence. A prohibition alone
 * ("never edit `generated/`") does not: the path it guards must still exist, or the rule is stale.
 */
const QUALIFIERS = lazily(() => new RegExp(
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
    // A path in another repository: "in that repo", "ported to the docs repository", a GitHub link.
    '(?:that|other|another|separate|sibling|upstream|external) repo(?:sitory)?',
    'ported to',
    'github\\.com/',
  ]
    .map((w) => `\\b${w}`)
    .join('|'),
  'i',
));

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
  // `./api`, `./generate-auth-url`: a module specifier (resolved with an extension, often from src/),
  // not a file of that exact name.
  if (shape === 'explicit' && !dir && /^\.\/[\w-]+$/.test(body)) return { reason: 'identifier' };
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
  // Dotfiles: `.nvmrc`, `.env.example`, `.eslintrc.json` (a lone extension was excluded above). A
  // slash-free `.name` is far more often a property (`.permission`, `.headers`), an extension
  // (`.sqltest`, `.mp4`) or a CSS class: only the shapes of configuration files count.
  if (/^\.[a-z][\w.-]*$/i.test(base)) return DOTFILE.test(base) || FILE_EXTENSIONS.has(extensionOf(base.slice(1)));
  const ext = extensionOf(base);
  // `math.h` and `stdio.h` are system headers and `a.b.c` a member chain: a slash-free name with a
  // one-letter or F# extension is too ambiguous to check (`src/x.c` still is).
  if (!FILE_EXTENSIONS.has(ext) || ext.length === 1 || ext === 'fs') return false;
  // `foo.bar.ts` is a file, but a camelCase member chain ending in an extension-like word is rare
  // enough; digits-only stems (`1.0.md`) are versions.
  return !/^[\d.]+$/.test(base.slice(0, -ext.length - 1));
}

/** Example names: `foo.ts`, `src/MyComponent.tsx`, `your-package/`, `myagent.py`. */
export function isPlaceholderName(body: string): boolean {
  return body.split('/').some((segment) => {
    const stem = segment.replace(/\..*$/, '');
    return (
      /^(foo|bar|baz|qux|quux|xxx+|yyy+|zzz+|example|sample|something|whatever|name|filename|dirname|kebab-case|camelCase|PascalCase|snake_case|SCREAMING_SNAKE_CASE)$/i.test(stem) ||
      /[a-z](?:Here|Name|Goes)$/.test(stem) ||
      /^(foo|Foo)[A-Z_.-]/.test(stem) ||
      /^(my|My|your|Your|some|Some)[A-Z_-]/.test(stem) ||
      /^my(?:agent|app|project|script|module|file|service|package|component|lib|tool|bot|test)s?$/i.test(stem)
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

// The cue patterns are built on first use: parsing these long `iu` sources costs milliseconds at
// startup, and a run whose contexts all miss the hints below never needs them.
const NEGATED_BEFORE = lazily(() => new RegExp(
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
));

/** What follows the path (after other paths of the same list): "is not checked in", "is generated", "no longer exists". */
const LIST_LEAD = String.raw`^(?:[\s,/、，]|${words(['or', 'and', 'nor', 'files?', 'folders?', 'director(?:y|ies)', 'oder', 'und', 'datei(?:en)?', 'ou', 'et', 'o', 'y', 'e'])})*`;
const NEGATED_AFTER = lazily(() => new RegExp(
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
));

/** "If `x` exists, ...": a condition on the path's existence. */
const CONDITION_BEFORE = lazily(() => new RegExp(`${words(['if', 'when', 'whenever', 'unless', 'in case', 'falls', 'wenn', 'si', 'se'])}${TAIL}`, 'iu'));
const CONDITION_AFTER = lazily(
  () => new RegExp(`${LIST_LEAD}(?:exists?|is present|is found|appears|shows up|is there|is committed|is checked in|gets committed|existiert|vorhanden ist|existe)${NOT_WORD}`, 'iu'),
);

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

/**
 * Words of which every cue of NEGATED_BEFORE, NEGATED_AFTER and CONDITION_AFTER written in ASCII
 * holds one. On ASCII text, where the `iu` flags fold only A-Z to a-z, a context without any of
 * them cannot match, so those patterns are neither run nor compiled for it: each `\p{L}` boundary
 * makes V8 build a Unicode class, and compiling the four takes ~25 ms, more than a whole lint-staged
 * run may spend on a rule. Keep each list in step with its pattern; a test in
 * test/markdown/references.test.ts checks it against every cue the pattern holds.
 */
const NEGATED_BEFORE_HINT =
  /no|without|neither|instead|rather|place|commit|check|add|push|creat|introduc|keep|restor|includ|fail|error|break|abort|reject|refuse|forbid|disallow|ban|if there|kein|ohne|statt|anstelle|weder|pas|plus|aucun|sans|au lieu|jamais|sin|ningun|lugar|vez|nunca|sem|nenhum/i;
const NEGATED_AFTER_HINT =
  /genera|generiert|ignor|deprecated|obsolete|gone|replaced|superseded|untracked|no|never|exist|used to|removed|deleted|renamed|moved|dropped|retired|legacy|nicht|nie|erzeugt|entfernt|ersetzt|veraltet|suivi|eliminad|reemplazad/i;
const CONDITION_AFTER_HINT = /exist|present|found|appears|shows up|is there|committed|checked in|vorhanden/i;
const NON_ASCII = /[\u0080-\uffff]/;

/** Whether a pattern may match `text`: false only when the ASCII text holds none of the pattern's hint words. */
function mayMatch(hint: RegExp, text: string): boolean {
  return hint.test(text) || NON_ASCII.test(text);
}

/**
 * Each cue pattern's answers, by the text it was run on: a template copied into hundreds of files
 * asks about the same sentence around the same paths again and again.
 */
const cueMemo = new Map<RegExp | (() => RegExp), Map<string, boolean>>();

function cueMatches(cue: RegExp | (() => RegExp), hint: RegExp | null, text: string): boolean {
  let memo = cueMemo.get(cue);
  if (!memo) cueMemo.set(cue, (memo = new Map()));
  let known = memo.get(text);
  if (known === undefined) {
    // Bounded: a long-lived process (an editor, the test runner) must not keep every sentence it saw.
    if (memo.size >= 50_000) memo.clear();
    memo.set(text, (known = (hint === null || mayMatch(hint, text)) && (typeof cue === 'function' ? cue() : cue).test(text)));
  }
  return known;
}

/** Whether the sentence says the referenced path does not, or must not, exist. */
export function negatesExistence(context: SentenceContext): boolean {
  return (
    cueMatches(NEGATED_BEFORE, NEGATED_BEFORE_HINT, context.before) ||
    cueMatches(NEGATED_AFTER, NEGATED_AFTER_HINT, context.after) ||
    // The condition needs both halves; the one after the path is the rarer, so it is asked first.
    (mayMatch(CONDITION_AFTER_HINT, context.after) && cueMatches(CONDITION_BEFORE, null, context.before) && cueMatches(CONDITION_AFTER, null, context.after))
  );
}

/** The cue patterns with their hints and where in the context they are anchored (read by the test that keeps each hint sound). */
export const negationCues = [
  { name: 'NEGATED_BEFORE', cue: NEGATED_BEFORE, hint: NEGATED_BEFORE_HINT, at: 'end' },
  { name: 'NEGATED_AFTER', cue: NEGATED_AFTER, hint: NEGATED_AFTER_HINT, at: 'start' },
  { name: 'CONDITION_AFTER', cue: CONDITION_AFTER, hint: CONDITION_AFTER_HINT, at: 'start' },
].map(({ cue, ...rest }) => ({
  ...rest,
  get pattern(): RegExp {
    return cue();
  },
}));

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
export function readsAsLocalRun(argv: readonly string[], context: SentenceContext | (() => SentenceContext)): boolean {
  const head = scriptHead(argv[0] ?? '');
  if (head === null) return false;
  if (argv.length > 1) return true;
  // The sentence is looked at only for a lone script-like path (callers may pass it unbuilt).
  const around = typeof context === 'function' ? context() : context;
  if (negatesExistence(around) || around.qualified || MENTION_CUE.test(around.before)) return false;
  // A lone extensionless `./api` is most often a module specifier ("re-exports `./api`"): a run
  // only when it looks like a script or the sentence says so.
  if (head.explicit) return head.inScriptDir || SHELL_SCRIPT.test(argv[0]!) || JS_SCRIPT.test(argv[0]!) || RUN_CUE.test(around.before);
  // Without `./`, only a script under bin/, scripts/, ... reads as a run, and outside bin/ only after "run".
  return head.inScriptDir && (head.inBin || RUN_CUE.test(around.before));
}

/** Whether a one-word span could be a local script run at all (readsAsLocalRun is false for it otherwise). */
export function mayRunLocally(head: string): boolean {
  return scriptHead(head) !== null;
}

interface ScriptHead {
  /** Written `./x` or `../x`. */
  explicit: boolean;
  inScriptDir: boolean;
  /** An extensionless file directly under a top `bin/` (`bin/dev`). */
  inBin: boolean;
}

/** What a command head says by itself, by head: the same spans recur across files. */
const scriptHeads = new Map<string, ScriptHead | null>();

/** The head as a script run (`./gradlew`, `bin/dev`, `scripts/setup.sh`, `scripts/seed.ts`), or null (`./src/index.ts`, `./docs`). */
function scriptHead(head: string): ScriptHead | null {
  let known = scriptHeads.get(head);
  if (known !== undefined) return known;
  known = null;
  if (/^(?:\.{1,2}\/)?[\w.@+-]+(?:\/[\w.@+-]+)*$/.test(head) && head.includes('/')) {
    const explicit = /^\.{1,2}\//.test(head);
    const rest = head.replace(/^(?:\.{1,2}\/)+/, '');
    const base = rest.slice(rest.lastIndexOf('/') + 1);
    const inScriptDir = SCRIPT_DIRS.test(rest);
    const extensionless = !base.includes('.');
    const scriptLike = extensionless ? inScriptDir || (explicit && !rest.includes('/')) : SHELL_SCRIPT.test(base) || (JS_SCRIPT.test(base) && inScriptDir);
    if (scriptLike) known = { explicit, inScriptDir, inBin: extensionless && /^bin\//.test(rest) };
  }
  if (scriptHeads.size >= 50_000) scriptHeads.clear();
  scriptHeads.set(head, known);
  return known;
}

/** classifyPath's answers by span text: `src/index.ts` and `npm test` recur across every file of a repository. */
const classified = new Map<string, ReturnType<typeof classifyPath>>();

function classifyPathCached(raw: string): ReturnType<typeof classifyPath> {
  let known = classified.get(raw);
  if (known === undefined) {
    if (classified.size >= 50_000) classified.clear();
    classified.set(raw, (known = classifyPath(raw)));
  }
  return known;
}

/** Every inline code span that names a path, with its exact position and whether it is qualified or negated. */
export function pathReferences(file: InstructionFile): PathReference[] {
  const text = file.text;
  const out: PathReference[] = [];
  const around = sentenceContext(file);
  // A code span used as link text belongs to the link, which no-broken-link checks.
  const links = linkRanges(file);
  for (const span of file.inlineCode()) {
    const { start, end } = span;
    // A node without a position (end 0) is skipped, as the tree walk this replaces skipped it.
    if (end <= start || insideAny(links, start, end)) continue;
    // The value sits between the backtick runs; find it in the source so offsets are exact.
    let ticks = 0;
    while (start + ticks < end && text.charCodeAt(start + ticks) === 96) ticks++;
    if (ticks === 0) ticks = 1;
    const inner = text.slice(start + ticks, end - ticks);
    const found = classifyPathCached(inner.includes('\n') ? inner.replace(/\r?\n/g, ' ') : inner);
    if ('reason' in found) continue;
    const context = around(start, end);
    // `./scripts/dev.sh` is run, not named: the command rules check it (and its executable bit).
    if (readsAsLocalRun([found.value], context)) continue;
    const valueStart = start + ticks + found.offset;
    out.push(new FoundPath(found.value, found.shape, found.dir, valueStart, context));
  }
  return out;
}

/** A path reference whose negation is decided when first read: no-missing-path asks only about paths that turn out missing. */
class FoundPath implements PathReference {
  readonly end: number;
  readonly qualified: boolean;
  readonly #context: SentenceContext;
  #negated: boolean | undefined;
  constructor(
    readonly value: string,
    readonly shape: PathShape,
    readonly dir: boolean,
    readonly start: number,
    context: SentenceContext,
  ) {
    this.end = start + value.length;
    this.qualified = context.qualified;
    this.#context = context;
  }

  get negated(): boolean {
    return (this.#negated ??= negatesExistence(this.#context));
  }
}

function insideAny(ranges: readonly { start: number; end: number }[], start: number, end: number): boolean {
  for (const r of ranges) if (r.start <= start && end <= r.end) return true;
  return false;
}

/** Source ranges of the links and link references of a file, in document order. */
function linkRanges(file: InstructionFile): { start: number; end: number }[] {
  const text = file.text;
  const out: { start: number; end: number }[] = [];
  // Inline and reference links start with `[`: only the nodes holding one can be or hold a link.
  visitHolding(file.tree(), offsetsOf(text, '['), (node) => {
    if (node.type !== 'link' && node.type !== 'linkReference') return true;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) out.push({ start, end });
    return false;
  });
  return out;
}

/** Ascending offsets of `char` in `text` that `keep` accepts (given the offset). */
function offsetsOf(text: string, char: string, keep: (at: number) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) if (keep(at)) out.push(at);
  return out;
}

/**
 * Visits, in document order, the nodes whose source range holds one of `offsets` (ascending), and
 * nodes without a position; `enter` says whether to look inside. A file is a few hundred list items
 * and paragraphs, and the link or two a rule wants sits in one of them.
 */
function visitHolding(root: Nodes, offsets: readonly number[], enter: (node: Nodes) => boolean): void {
  if (offsets.length === 0) return;
  const holds = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return true;
    const at = firstAtLeast(offsets, start);
    return at < offsets.length && offsets[at]! < end;
  };
  const walk = (node: Nodes) => {
    if (!holds(node) || !enter(node)) return;
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(root);
}

const MASKED = Symbol('masked text');

/** Runs of spaces by length: code spans of a length recur, so each run is made once. */
const spaceRuns: string[] = [];
function spaces(n: number): string {
  if (n >= 256) return ' '.repeat(n);
  return (spaceRuns[n] ??= ' '.repeat(n));
}

/** The file's text with every inline code span blanked out, so words inside code never count as cues. */
function maskedText(file: InstructionFile): string {
  return file.derived(MASKED, () => {
    const text = file.text;
    const parts: string[] = [];
    let at = 0;
    for (const span of file.inlineCode()) {
      if (span.start < at) continue;
      parts.push(text.slice(at, span.start), spaces(span.end - span.start));
      at = span.end;
    }
    parts.push(text.slice(at));
    return parts.join('');
  });
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
  // One per file for every caller (path references and commands ask for the same file's sentences).
  return file.derived(SENTENCES, () => sentencesOf(file));
}

const SENTENCES = Symbol('sentence context');

function sentencesOf(file: InstructionFile): (start: number, end: number) => SentenceContext {
  const text = file.text;
  const statements = file.statements();
  // Bisected for every reference: plain arrays of the offsets read faster than the statements.
  const starts = statements.map((s) => s.start);
  const ends = statements.map((s) => s.end);
  const ascending = starts.every((s, i) => i === 0 || (starts[i - 1] ?? 0) <= s);
  let lastStart = -1;
  let lastAt = -1;
  /** Sentence ends of each statement (or line), by its start offset. */
  const stopsOf = new Map<number, number[]>();
  const qualifiedAt = new Map<number, boolean>();
  let masked: string | undefined;
  return (start, end) => {
    masked ??= maskedText(file);
    // Statements are in document order; the innermost one holding the range is the last starting before it.
    let lo = 0;
    let hi = statements.length - 1;
    let at = -1;
    if (ascending && start >= lastStart) {
      // References come in document order: walk on from the last one's statement.
      at = lastAt;
      while (at + 1 < starts.length && (starts[at + 1] ?? 0) <= start) at++;
    } else {
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if ((starts[mid] ?? 0) <= start) {
          at = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
    }
    lastStart = start;
    lastAt = at;
    while (at >= 0 && (ends[at] ?? 0) < end) at--;
    const statement = at >= 0 ? statements[at] : undefined;
    const lineEnd = text.indexOf('\n', end);
    const regionStart = statement ? statement.start : text.lastIndexOf('\n', start - 1) + 1;
    const regionEnd = statement ? statement.end : lineEnd < 0 ? text.length : lineEnd;
    let stops = stopsOf.get(regionStart);
    if (!stops) {
      stops = [];
      // exec, not matchAll (which clones the expression for every statement).
      const region = masked.slice(regionStart, regionEnd);
      SENTENCE_END.lastIndex = 0;
      for (let match = SENTENCE_END.exec(region); match; match = SENTENCE_END.exec(region)) {
        const stop = regionStart + match.index;
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
    // Kept by the sentence's text too (cueMatches): template sentences recur across files.
    if (qualified === undefined) qualifiedAt.set(from, (qualified = cueMatches(QUALIFIERS(), null, masked.slice(from, to))));
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
  repo: RepoIndex;
  ignored(rel: string, dir: boolean): boolean;
  /** ignored(rel, false) for a clean path with its directory and name cut out ('' for none). */
  ignoredFile(rel: string, parent: string, leaf: string): boolean;
  /** Whether some package.json names this package or depends on it. */
  dependencies(name: string): boolean;
  /** A directory's entries: its files in repo.files order, then its directories in repo.dirs order. */
  entriesOf(dir: string): readonly string[];
  /** repo.dirs as an array, in the same order (made once: references search it often). */
  dirs(): readonly string[];
  /** The directories whose last segment is `base`, in repo.dirs order. */
  dirsNamed(base: string): readonly string[];
  /** repo.filesNamed(base) under the directory `scope` (not ''), in code-unit order. */
  filesNamedUnder(base: string, scope: string): string[];
  /** For the directory of a missing path: its package directory, its deepest existing ancestor, and suggestPath's answers by name. */
  placeOf(dir: string): Place;
  /** Whether `parent/leaf` (`leaf` for parent '') is a listed file or directory. */
  listedIn(parent: string, leaf: string): boolean;
  /** What the paths of one file share: its directory, and whether each first segment exists at the root and from there. */
  fileContext(file: string): FileContext;
  /** candidatesByName's answers, by `dir` flag and directory. */
  candidates: Map<string, Candidates>;
  /** Candidate picks by name, shared by directories holding the same names (every package's `src/`). */
  picks: Map<string, Picks>;
}

/** What the paths of one file share, kept while its references are resolved one after another. */
interface FileContext {
  file: string;
  dir: string;
  /** By first segment: whether it exists at the root and from the file's directory. */
  firsts: Map<string, { atRoot: boolean; atFile: boolean }>;
  /** By the directory part of a path (`src`): that directory below the file's (one string, hashed once). */
  below: Map<string, string>;
  /** The directory is '' or a clean relative path (see UNCLEAN_REL). */
  cleanDir: boolean;
}

/** A clean nested or bare path as written, cut once per distinct value (values recur across files). */
interface ValueParts {
  /** The path's directory part ('' for a bare name) and last segment. */
  parent: string;
  leaf: string;
  /** extensionOf(leaf). */
  ext: string;
}

/** What resolvePathReference reads of a value as written, worked out once per distinct value. */
interface ValueInfo {
  /** The value without trailing slashes. */
  body: string;
  /** Its first segment (after leading slashes). */
  first: string;
  /** The body is a clean relative path (not UNCLEAN_REL). */
  clean: boolean;
  /** The body cut at its last `/`. */
  parts: ValueParts;
}

const valueInfos = new Map<string, ValueInfo>();

function valueInfo(value: string): ValueInfo {
  let info = valueInfos.get(value);
  if (!info) {
    const body = value.endsWith('/') ? value.replace(/\/+$/, '') : value;
    let lead = 0;
    while (body.charCodeAt(lead) === 47) lead++;
    const slash = body.indexOf('/', lead);
    const cut = body.lastIndexOf('/');
    const leaf = body.slice(cut + 1);
    if (valueInfos.size >= 50_000) valueInfos.clear();
    info = {
      body,
      first: slash < 0 ? body.slice(lead) : body.slice(lead, slash),
      clean: !UNCLEAN_REL.test(body),
      parts: { parent: cut < 0 ? '' : body.slice(0, cut), leaf, ext: extensionOf(leaf) },
    };
    valueInfos.set(value, info);
  }
  return info;
}

interface Place {
  scope: string;
  ancestor: string;
  /** suggestPath's answers for files and directories of this name missing here. */
  files: Map<string, string | null>;
  dirs: Map<string, string | null>;
}

/** The entries a missing path is compared with, first of each name, and the names picked from them. */
interface Candidates {
  byName: Map<string, string>;
  picks: Picks;
}

/** The name picked for each missing name, and the names with an extension by stem, in order. */
interface Picks {
  byBase: Map<string, string | undefined>;
  byStem: Map<string, string[]>;
}

/** `schema` for `schema.prisma`; a name without an extension (or a dotfile) is its own stem. */
function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

const factsCache = new WeakMap<RepoIndex, RepoFacts>();
/** Directories whose answers are kept at once (see placeOf). */
const MAX_PLACES = 2048;

/**
 * What resolution needs to know about a repository, each part built on first use: a lint-staged run
 * resolving one file's paths must not pay for indexes only a full run's thousands of references use.
 */
function facts(repo: RepoIndex): RepoFacts {
  let cached = factsCache.get(repo);
  if (cached) return cached;
  const { ignored, ignoredFile } = gitignoreFacts(repo);
  let entries: Map<string, string[]> | undefined;
  // A listing in code-unit order (`git ls-files` prints one) holds the files below a directory as
  // one run, found by bisection: a lint-staged run lists the one or two directories its suggestions
  // need without a pass over the whole listing. Otherwise every directory is indexed in one pass.
  let sorted: boolean | undefined;
  const listed = new Map<string, string[] | null>();
  const entriesOf = (d: string): readonly string[] => {
    if (entries) return entries.get(d) ?? [];
    let list = listed.get(d);
    if (list === undefined) {
      sorted ??= repo.ascending;
      list = sorted && !UNCLEAN_REL.test(d) ? entriesByBisection(repo.files, d) : null;
      listed.set(d, list);
    }
    return list ?? dirEntries().get(d) ?? [];
  };
  const dirEntries = () => {
    if (entries) return entries;
    const map = new Map<string, string[]>();
    // Listings come sorted, so the entries of a directory mostly come in runs: the last parent's
    // list is reused without cutting the parent out of every path and hashing it again.
    let lastParent: string | null = null;
    let lastList: string[] = [];
    const add = (p: string) => {
      const cut = p.lastIndexOf('/');
      if (lastParent !== null && cut === lastParent.length && cut > 0 && p.length > cut + 1 && p.charCodeAt(cut - 1) !== 47 && p.startsWith(lastParent)) {
        lastList.push(p);
        return;
      }
      const parent = dirOf(p);
      let list = map.get(parent);
      if (!list) map.set(parent, (list = []));
      list.push(p);
      lastParent = parent;
      lastList = list;
    };
    for (const f of repo.files) add(f);
    lastParent = null;
    for (const d of repo.dirs) if (d !== '') add(d);
    return (entries = map);
  };
  let dirList: string[] | undefined;
  let dirsByName: Map<string, string[]> | undefined;
  const dirsNamed = (base: string): readonly string[] => {
    if (!dirsByName) {
      dirsByName = new Map();
      for (const d of repo.dirs) {
        const name = d.slice(d.lastIndexOf('/') + 1);
        const list = dirsByName.get(name);
        if (list) list.push(d);
        else dirsByName.set(name, [d]);
      }
    }
    return dirsByName.get(base) ?? [];
  };
  const sortedByBase = new Map<string, string[]>();
  const filesNamedUnder = (base: string, scope: string) => {
    const below = repo.namedBelow(base, scope);
    if (below !== null) return below;
    // None anywhere: nothing below the scope either, and nothing to keep.
    const named = repo.filesNamed(base);
    if (named.length === 0) return [];
    let sorted = sortedByBase.get(base);
    if (!sorted) sortedByBase.set(base, (sorted = [...named].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))));
    // The files under `scope/` are one run of the sorted list: find its start by bisection.
    const prefix = `${scope}/`;
    const out: string[] = [];
    for (let i = firstAtLeast(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
    return out;
  };
  // Every path missing from a directory shares its package and its deepest existing ancestor.
  const places = new Map<string, Place>();
  const placeOf = (dir: string) => {
    let place = places.get(dir);
    if (!place) {
      // Answers per directory are memos: most directories are asked about by one file only, so a
      // repository of 10,000 packages would keep tens of thousands of them for the whole run.
      if (places.size >= MAX_PLACES) places.clear();
      let scope = dir;
      while (scope !== '' && !repo.has(`${scope}/package.json`)) scope = dirOf(scope);
      let ancestor = dir;
      while (ancestor !== '' && !repo.isDir(ancestor)) ancestor = dirOf(ancestor);
      places.set(dir, (place = { scope, ancestor, files: new Map(), dirs: new Map() }));
    }
    return place;
  };
  let current: FileContext | undefined;
  // Listed files and directories by directory and name. An entry is `dir/name` (or `name`) split at
  // its last `/`; one starting with its only `/` would read back as another path, and is left out.
  let names: Map<string, Set<string>> | undefined;
  let asked = 0;
  const listedIn = (parent: string, leaf: string): boolean => {
    // A lint-staged run asks a few dozen times: the joined path, looked up directly, gives the same
    // answer (an entry's name has no `/`, and '' is no listed directory) without a pass over the listing.
    if (!names && ++asked <= NAME_INDEX_AFTER) {
      if (leaf.includes('/')) return false;
      const rel = parent === '' ? leaf : `${parent}/${leaf}`;
      return repo.has(rel) || (rel !== '' && repo.isDir(rel));
    }
    if (!names) {
      names = new Map();
      const add = (p: string) => {
        const cut = p.lastIndexOf('/');
        if (cut === 0) return;
        const dir = cut < 0 ? '' : p.slice(0, cut);
        const set = names!.get(dir);
        if (set) set.add(cut < 0 ? p : p.slice(cut + 1));
        else names!.set(dir, new Set([cut < 0 ? p : p.slice(cut + 1)]));
      };
      for (const p of repo.files) add(p);
      for (const d of repo.dirs) if (d !== '') add(d);
    }
    return names.get(parent)?.has(leaf) ?? false;
  };
  cached = {
    repo,
    ignored,
    ignoredFile,
    dependencies: dependencyNames(repo),
    entriesOf,
    dirs: () => (dirList ??= [...repo.dirs]),
    dirsNamed,
    filesNamedUnder,
    placeOf,
    listedIn,
    // The references of a file are resolved one after another: the last file's context is kept.
    fileContext: (file) => {
      if (current?.file === file) return current;
      const dir = dirOf(file);
      return (current = { file, dir, firsts: new Map(), below: new Map(), cleanDir: dir === '' || !UNCLEAN_REL.test(dir) });
    },
    candidates: new Map(),
    picks: new Map(),
  };
  factsCache.set(repo, cached);
  return cached;
}

/** listedIn questions answered by lookups of the joined path before the index of names is built. */
const NAME_INDEX_AFTER = 2000;

/**
 * The entries of directory `d` (clean, or '' for the root) from a listing in ascending order: the files
 * right below it in listing order, then its subdirectories in the order their first file comes
 * (the order repo.dirs adds them in). Null when a path below `d` is not clean: dirOf and repo.dirs
 * then decide what is whose entry, and the index is built instead.
 */
function entriesByBisection(files: readonly string[], d: string): string[] | null {
  const prefix = d === '' ? '' : `${d}/`;
  const own: string[] = [];
  const below: string[] = [];
  for (let i = firstAtLeast(files, prefix); i < files.length && files[i]!.startsWith(prefix); i++) {
    const p = files[i]!;
    if (UNCLEAN_REL.test(p)) return null;
    const slash = p.indexOf('/', prefix.length);
    if (slash < 0) own.push(p);
    else {
      const sub = p.slice(0, slash);
      if (below[below.length - 1] !== sub) below.push(sub);
    }
  }
  return [...own, ...below];
}

/** A .gitignore below `prefix` ('' or `dir/`), and each last segment's answer when every pattern is about one segment. */
interface GitignoreMatcher {
  prefix: string;
  ig: Ignore;
  /** By last segment: [its answer as a file, as a directory], each found when first asked. */
  bySegment: Map<string, [boolean | undefined, boolean | undefined]> | null;
}

/**
 * Whether every pattern of a .gitignore is about a single path segment: no `/` but a trailing one
 * (`node_modules/`, `*.log`, `!keep.log`, `.env`), nothing escaped. gitignore(5): "If there is a
 * separator at the beginning or middle (or both) of the pattern, then the pattern is relative to the
 * directory level of the particular .gitignore file itself. Otherwise the pattern may also match at
 * any level below the .gitignore level." A wildcard or a class never matches `/`, so such a pattern
 * decides a path by its last segment alone (the `ignore` package matches such rules against the
 * basename for the same reason).
 */
function segmentPatternsOnly(text: string): boolean {
  return text.split(/\r?\n/).every((line) => line === '' || line.startsWith('#') || /^!?[^/\\\s]+\/?$/.test(line));
}

/** A relative path `ignore` takes as it is: no empty, `.` or `..` segment, no leading or trailing `/`. */
const UNCLEAN_REL = /^\/|\/\/|\/$|(?:^|\/)\.\.?(?:\/|$)/;

/**
 * `ignored(rel, dir)`: a path is ignored when a .gitignore at or above it matches it or a directory
 * above it (`dist/` covers `dist/index.js`), or when it lies in node_modules/ or .git/. Directories are
 * decided once each; a path below directories that are not ignored is decided by its last segment
 * for every .gitignore whose patterns are all about one segment (the usual `node_modules/`, `dist/`,
 * `*.log`), so tens of thousands of distinct missing paths cost a lookup each.
 */
function gitignoreFacts(repo: RepoIndex): { ignored: (rel: string, dir: boolean) => boolean; ignoredFile: (rel: string, parent: string, leaf: string) => boolean } {
  let matchers: GitignoreMatcher[] | undefined;
  const load = () => {
    matchers = [];
    for (const file of repo.filesNamed('.gitignore')) {
      const text = repo.text(file);
      if (text === null) continue;
      try {
        const base = dirOf(file);
        matchers.push({ prefix: base ? `${base}/` : '', ig: ignore().add(text), bySegment: segmentPatternsOnly(text) ? new Map() : null });
      } catch {
        // An unparsable .gitignore ignores nothing here, as git would skip its bad lines.
      }
    }
    return matchers;
  };
  const ignores = (ig: Ignore, local: string) => {
    try {
      return ig.ignores(local);
    } catch {
      return false;
    }
  };
  // What the .gitignore files say of `rel` itself, its directories being known not to be ignored:
  // as written, and for a file also as a directory (`dist` in `dist/` is either).
  const leafIgnored = (rel: string, leaf: string, dir: boolean, clean: boolean) => {
    for (const m of matchers ?? load()) {
      if (!rel.startsWith(m.prefix) || rel.length === m.prefix.length) continue;
      if (m.bySegment !== null && clean) {
        // `ignore` decides `a/b/leaf` by its ancestors first, and they are not ignored (see `ignored`).
        let known = m.bySegment.get(leaf);
        if (!known) m.bySegment.set(leaf, (known = [undefined, undefined]));
        if (!dir && (known[0] ??= ignores(m.ig, leaf))) return true;
        if ((known[1] ??= ignores(m.ig, `${leaf}/`))) return true;
        continue;
      }
      const local = rel.slice(m.prefix.length);
      if ((!dir && ignores(m.ig, local)) || ignores(m.ig, `${local}/`)) return true;
    }
    return false;
  };
  // Directories, asked about again by every path below them, are decided once each.
  const dirMemo = new Map<string, boolean>();
  const ignored = (rel: string, dir: boolean, clean = !UNCLEAN_REL.test(rel)): boolean => {
    if (dir) {
      const known = dirMemo.get(rel);
      if (known !== undefined) return known;
    }
    const cut = rel.lastIndexOf('/');
    const leaf = rel.slice(cut + 1);
    // The parent's answer covers every directory above.
    const answer = leaf === 'node_modules' || leaf === '.git' || (cut >= 0 && ignored(rel.slice(0, cut), true, clean)) || leafIgnored(rel, leaf, dir, clean);
    if (dir) dirMemo.set(rel, answer);
    return answer;
  };
  return {
    ignored: (rel, dir) => ignored(rel, dir),
    // A clean file path already cut into its directory and name (by the caller, once for every question).
    ignoredFile: (rel, parent, leaf) => leaf === 'node_modules' || leaf === '.git' || (parent !== '' && ignored(parent, true, true)) || leafIgnored(rel, leaf, false, true),
  };
}

/**
 * Names that validate-npm-package-name rejects even for old packages (errors, not warnings): empty,
 * a leading `.` or `_`, surrounding spaces, `node_modules`/`favicon.ico`, characters a URL would
 * escape (outside a scope). No registry serves and no package manager installs such a name, so it is
 * no dependency, whatever a manifest says. https://github.com/npm/validate-npm-package-name/blob/main/lib/index.js
 */
function cannotBeNpmName(name: string): boolean {
  if (name === '' || name.startsWith('.') || name.startsWith('_') || name.trim() !== name) return true;
  if (name.toLowerCase() === 'node_modules' || name.toLowerCase() === 'favicon.ico') return true;
  return encodeURIComponent(name) !== name && !name.startsWith('@');
}

/**
 * `dependencies(name)`: whether one of the first 2,000 package.json files names this package or
 * depends on it. Manifests are parsed only as far as a question needs, the root manifest first, and
 * a name npm cannot install reads none: every manifest read counts as "needed" for
 * no-invalid-manifest, so a repository whose paths all resolve never pays for (or reports) them.
 */
function dependencyNames(repo: RepoIndex): (name: string) => boolean {
  const known = new Set<string>();
  let manifests: string[] | undefined;
  let next = 0;
  return (name) => {
    if (cannotBeNpmName(name)) return false;
    if (!manifests) {
      const all = repo.filesNamed('package.json').slice(0, 2000);
      manifests = all.includes('package.json') ? ['package.json', ...all.filter((m) => m !== 'package.json')] : all;
    }
    while (!known.has(name) && next < manifests.length) {
      const json = repo.json(manifests[next++]!);
      if (!isRecord(json)) continue;
      if (typeof json['name'] === 'string') known.add(json['name']);
      for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        const list = json[key];
        if (isRecord(list)) for (const dep of Object.keys(list)) known.add(dep);
      }
    }
    return known.has(name);
  };
}

/** Whether a repository-relative path is matched by a .gitignore (or lies in node_modules/.git): a build output or a local file. */
export function isIgnoredPath(repo: RepoIndex, rel: string, dir = false): boolean {
  return facts(repo).ignored(rel, dir);
}

/** Joins and normalizes a repository-relative path; null when it climbs above the root. */
function joinRel(dir: string, rel: string): string | null {
  // Clean parts (no `.`, `..` or empty segment, no leading or trailing `/`) join as they are.
  if (rel !== '' && !UNCLEAN_REL.test(rel) && (dir === '' || !UNCLEAN_REL.test(dir))) return dir === '' ? rel : `${dir}/${rel}`;
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
function existsIn(f: RepoFacts, rel: string, cleanParent?: string, leaf?: string): boolean {
  const repo = f.repo;
  // `rel` is `cleanParent/leaf` (or `leaf`): asked of the directory's names, whose strings are hashed already.
  if (leaf !== undefined && cleanParent !== undefined ? f.listedIn(cleanParent, leaf) : repo.isDir(rel) || repo.has(rel)) return true;
  // Every prefix of a clean path in a listed directory is a listed directory, and no listed directory
  // is also a listed file (unless the listing says otherwise): no prefix is a symlink or a submodule.
  // The loop below gives the same answer then; the shortcut is taken only when the directories are
  // indexed already (a lint-staged run asks a few times, and each asks a few lookups of the loop).
  if (repo.knownNoFileIsDir) {
    if (cleanParent !== undefined) {
      if (cleanParent !== '' && repo.isDir(cleanParent)) return false;
    } else {
      const cut = rel.lastIndexOf('/');
      if (cut > 0 && repo.isDir(rel.slice(0, cut)) && !UNCLEAN_REL.test(rel)) return false;
    }
  }
  for (let i = rel.indexOf('/'); i > 0; i = rel.indexOf('/', i + 1)) if (repo.has(rel.slice(0, i))) return true;
  return false;
}

function dirOf(file: string): string {
  const d = posixDirname(file);
  return d === '.' ? '' : d;
}

/**
 * Resolves an inline-code path of `file`: from the file's directory, and from the repository root
 * when the path is root-relative (`/x`, or a first segment that exists at the root). Slash-free
 * names are also accepted anywhere in the repository ("edit `schema.prisma`" names a file, not a place).
 * Whether a name is a package (`lodash.merge`, `react-dom/index.js`) is asked last, of a path found
 * nowhere, since it may read every manifest: a package name that also exists as a path resolves.
 */
export function resolvePathReference(repo: RepoIndex, file: string, ref: Pick<PathReference, 'value' | 'shape' | 'dir'>): PathResolution {
  const f = facts(repo);
  const info = valueInfo(ref.value);
  const { body, first } = info;
  const here = f.fileContext(file);
  const fileDir = here.dir;
  let firstExists = here.firsts.get(first);
  if (!firstExists) here.firsts.set(first, (firstExists = { atRoot: existsIn(f, first), atFile: existsIn(f, joinRel(fileDir, first) ?? '\0') }));
  const existsAtRoot = firstExists.atRoot;
  const existsAtFile = firstExists.atFile;
  let tried: string[];
  /** The first segment of a nested path found nowhere: not a path if it names a package. */
  let packageName: string | null = null;
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
    // joinRel's own first case, its tests answered once per file and per value.
    const fromFile = body !== '' && here.cleanDir && info.clean ? (fileDir === '' ? body : `${fileDir}/${body}`) : (joinRel(fileDir, body) ?? body);
    tried = fromFile !== body ? [fromFile, body] : [body];
    if (ref.shape === 'nested' && !existsAtRoot && !existsAtFile) {
      // Only a clear file path is checked when its first segment exists nowhere: `react-dom/client`,
      // `origin/main`, `application/json` and `github.com/acme/x` are not paths.
      const clearFile = FILE_EXTENSIONS.has(extensionOf(body.slice(body.lastIndexOf('/') + 1))) || (ref.dir && body.includes('/'));
      if (!clearFile || /^[\w-]+(\.[\w-]+)+$/.test(first)) return { status: 'not-path' };
      packageName = first;
    }
  }
  // For clean paths the answers above settle most of this: a bare name is its own first segment,
  // and nothing exists below a first segment that does not (it would be a listed directory).
  const clean = (ref.shape === 'nested' || ref.shape === 'bare') && info.clean && here.cleanDir;
  // Whether the first segment of tried path `t` exists (the body is from the root, the other from the file).
  // mayExist(t): !clean || ref.shape === 'bare' || firstFound(t).
  const parts = info.parts;
  // A clean tried path is cut into its directory and name once: the name is the value's, the
  // directory the value's own (the path from the root) or that below the file's (once per file).
  let below: string | undefined;
  if (clean) {
    below = parts.parent === '' ? fileDir : here.below.get(parts.parent);
    if (below === undefined) here.below.set(parts.parent, (below = `${fileDir}/${parts.parent}`));
  }
  for (let i = 0; i < tried.length; i++) {
    const t = tried[i]!;
    const firstFound = t === body ? existsAtRoot : existsAtFile;
    if (clean && ref.shape === 'bare' ? firstFound : (!clean || ref.shape === 'bare' || firstFound) && (clean ? existsIn(f, t, t === body ? parts.parent : below, parts.leaf) : existsIn(f, t))) {
      return { status: 'exists', path: t };
    }
  }
  // TypeScript's ESM convention names sources by their output: `src/kit/index.js` is the import
  // specifier of `src/kit/index.ts` under NodeNext resolution.
  for (let i = 0; i < tried.length; i++) {
    const t = tried[i]!;
    const ts = TS_SOURCE_OF[clean ? parts.ext : extensionOf(t)];
    if (ts === undefined || !(!clean || ref.shape === 'bare' || (t === body ? existsAtRoot : existsAtFile))) continue;
    const stemmed = t.slice(0, t.lastIndexOf('.') + 1);
    const hit = ts.map((e) => stemmed + e).find((c) => repo.has(c));
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  for (let i = 0; i < tried.length; i++) {
    const t = tried[i]!;
    if (ref.dir || !clean ? f.ignored(t, ref.dir) : f.ignoredFile(t, t === body ? parts.parent : below!, parts.leaf)) return { status: 'ignored', path: t };
  }
  // `settings.local.json`, `CLAUDE.local.md`, `docker-compose.local.yml`: personal files, by
  // convention never committed, wherever they sit.
  if (/\.local(?:\.[\w-]+)?$/.test(body)) return { status: 'ignored', path: body };
  if (ref.shape === 'bare') {
    if (LOCAL_ONLY.test(body)) return { status: 'ignored', path: body };
    // A directory of that name below the root, or a file of that name anywhere.
    const named = ref.dir ? findByTail(repo, body, true) : repo.filesNamed(body)[0];
    if (named !== undefined) return { status: 'exists', path: named };
    packageName = body;
  } else if (packageName !== null) {
    // "Each package exports `src/index.ts`": a path that exists under some directory is a pattern.
    const hit = findByTail(repo, body, ref.dir);
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  if (packageName !== null && f.dependencies(packageName)) return { status: 'not-path' };
  const fromRoot = ref.shape === 'absolute' || (ref.shape === 'nested' && existsAtRoot && !existsAtFile);
  const at = fromRoot ? tried.length - 1 : 0;
  const primary = tried[at] ?? body;
  const found = clean && at < tried.length ? suggestIn(f, primary, ref.dir, primary === body ? parts.parent : below, parts.leaf) : suggestIn(f, primary, ref.dir);
  return { status: 'missing', tried, suggestion: found === null ? null : styleLike(ref.value, fileDir, found, fromRoot) };
}

/** A directory's entries: its files in repo.files order, then its subdirectories in repo.dirs order. */
export function directoryEntries(repo: RepoIndex, dir: string): readonly string[] {
  return facts(repo).entriesOf(dir);
}

/**
 * The first listed path ending with `/tail`: a file (in repo.files order), else a directory (in
 * repo.dirs order); only a directory when `dir`. Only entries named like the tail's last segment
 * can end with it, so the lists of that name are searched, not the whole listing.
 */
export function findByTail(repo: RepoIndex, tail: string, dir: boolean): string | undefined {
  const f = facts(repo);
  const suffix = `/${tail}`;
  const base = tail.slice(tail.lastIndexOf('/') + 1);
  const inDirs = () => f.dirsNamed(base).find((d) => d.endsWith(suffix));
  return dir ? inDirs() : (repo.filesNamed(base).find((p) => p.endsWith(suffix)) ?? inDirs());
}

/**
 * "Did you mean": a file or directory with the same name elsewhere (the path moved), else the
 * closest entry under the deepest directory of the path that still exists (a typo or a rename).
 */
export function suggestPath(repo: RepoIndex, missing: string, dir: boolean): string | null {
  return suggestIn(facts(repo), missing, dir);
}

/** `cutParent` and `cutLeaf`: `missing` cut at its last `/` already (both or neither). */
function suggestIn(f: RepoFacts, missing: string, dir: boolean, cutParent?: string, cutLeaf?: string): string | null {
  // The answer depends on the directory and the name: it is kept per directory, by name.
  const parent = cutParent ?? dirOf(missing);
  const place = f.placeOf(parent);
  const memo = dir ? place.dirs : place.files;
  const at = missing.lastIndexOf('/');
  const base = cutLeaf ?? missing.slice(at + 1);
  // Kept by name only when the directory and the name make up the path (dirOf returns a prefix).
  if (cutLeaf === undefined && (at < 0 ? parent !== '' : parent.length !== at)) return suggestPathUncached(f, missing, base, place, dir);
  let known = memo.get(base);
  if (known === undefined) memo.set(base, (known = suggestPathUncached(f, missing, base, place, dir)));
  return known;
}

function suggestPathUncached(f: RepoFacts, missing: string, base: string, place: Place, dir: boolean): string | null {
  const repo = f.repo;
  // A moved file stays inside its package: `components/` of another app is not what was meant.
  const { scope, ancestor } = place;
  const inScope = (p: string) => scope === '' || p.startsWith(`${scope}/`);
  // Files of the name below a package: none when there are none anywhere, so the run below it alone tells.
  let sameName: readonly string[];
  if (!dir && scope !== '') sameName = f.filesNamedUnder(base, scope);
  else {
    const everywhere = dir ? f.dirsNamed(base) : repo.filesNamed(base);
    sameName = everywhere.length === 0 ? everywhere : everywhere.filter(inScope);
  }
  if (sameName.length > 0) return [...sameName].sort((a, b) => editDistance(missing, a) - editDistance(missing, b) || (a < b ? -1 : 1))[0] ?? null;
  const candidates = candidatesByName(f, ancestor, dir);
  const picks = candidates.picks;
  let name = picks.byBase.get(base);
  if (name === undefined && !picks.byBase.has(base)) {
    // Same stem, other extension (`schema.ts` → `schema.prisma`), else the closest name.
    name = picks.byStem.get(stemOf(base))?.find((n) => n !== base) ?? closest(base, candidates.byName.keys());
    picks.byBase.set(base, name);
  }
  return name === undefined ? null : (candidates.byName.get(name) ?? null);
}

/** The entries up to three levels below `ancestor`, first of each name; shared by every path missing there. */
function candidatesByName(f: RepoFacts, ancestor: string, dir: boolean): Candidates {
  const repo = f.repo;
  const key = dir ? `${ancestor}/` : ancestor;
  const known = f.candidates.get(key);
  if (known) return known;
  const candidates: string[] = [];
  const collect = (d: string, depth: number) => {
    for (const entry of f.entriesOf(d)) {
      if (candidates.length > 5000) return;
      const isDir = repo.isDir(entry);
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
  // The pick depends on the names alone (in order): directories holding the same ones share it.
  const names = [...byName.keys()].join('\0');
  let picks = f.picks.get(names);
  if (!picks) {
    const byStem = new Map<string, string[]>();
    for (const n of byName.keys()) {
      const stem = stemOf(n);
      if (stem === n) continue;
      const list = byStem.get(stem);
      if (list) list.push(n);
      else byStem.set(stem, [n]);
    }
    f.picks.set(names, (picks = { byBase: new Map(), byStem }));
  }
  const result = { byName, picks };
  f.candidates.set(key, result);
  return result;
}

/** Writes a repository-relative `target` the way `written` was written (relative to the file, `./`, `/`). */
export function styleLike(written: string, fileDir: string, target: string, fromRoot: boolean): string {
  const trailing = written.endsWith('/') ? '/' : '';
  if (written.startsWith('/')) return `/${target}${trailing}`;
  if (fromRoot) return `${target}${trailing}`;
  // A target below the file's directory is its tail (path.posix.relative resolves both against the cwd).
  const below = target !== '' && !UNCLEAN_REL.test(target) && (fileDir === '' || (target.startsWith(`${fileDir}/`) && !UNCLEAN_REL.test(fileDir)));
  const rel = below ? target.slice(fileDir === '' ? 0 : fileDir.length + 1) : path.posix.relative(fileDir || '.', target) || '.';
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
  // A destination follows `](` (links, images) or `]:` (definitions), or is an attribute of an
  // `<a`/`<img` tag: only nodes holding one of those can yield one (locateDestination and
  // htmlDestinations find nothing in the others).
  const cues = [
    ...offsetsOf(text, ']', (at) => text[at + 1] === '(' || text[at + 1] === ':'),
    ...offsetsOf(text, '<', (at) => /[ai]/i.test(text[at + 1] ?? '')),
  ].sort((a, b) => a - b);
  visitHolding(file.tree(), cues, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const ref = locateDestination(text, node);
      if (ref) out.push(ref);
    }
    if (node.type === 'html') out.push(...htmlDestinations(text, node));
    return true;
  });
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
  if (repo.isDir(target)) return { status: 'exists', path: target, markdown: false, directory: true, page: directoryReadme(repo, target) };
  // A path through a symlinked directory or a submodule: listed, but nothing known below it.
  if (existsIn(facts(repo), target)) return { status: 'exists', path: target, markdown: false, directory: false, page: null };
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
  const f = facts(repo);
  for (const place of places) {
    const readmes = f.entriesOf(place).filter((p) => /^readme(\.[\w]+)?$/i.test(p.slice(p.lastIndexOf('/') + 1)) && repo.has(p));
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

/**
 * Anchors of a Markdown file in the repository (parsed once per run), or null if unreadable or not
 * Markdown. For rules that declare needsTree: it parses with the parser the engine loaded for them.
 */
export function anchorsOfFile(repo: RepoIndex, rel: string): Anchor[] | null {
  // Remembered per file: whoever asks again uses that file's text too (--cache records it).
  repo.noteUse(rel);
  let perRepo = anchorCache.get(repo);
  if (!perRepo) anchorCache.set(repo, (perRepo = new Map()));
  if (!perRepo.has(rel)) {
    // Only Markdown gets heading ids from GitHub's Markdown pipeline (a README.rst has its own).
    const text = isMarkdownPath(rel) ? repo.text(rel) : null;
    perRepo.set(rel, text === null ? null : anchorsOf(loadedMarkdownParser()(text.replace(/^\uFEFF/, ''))));
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
