// Paths in inline code: whether a span names a path, and how it was written.

/**
 * How a path was written. `explicit` (./x, ../x) and `absolute` (/x, root-relative) say outright
 * that they are paths; `nested` (a/b) and `bare` (README.md) must first look like one.
 */
export type PathShape = 'explicit' | 'absolute' | 'nested' | 'bare';

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
export const FILE_EXTENSIONS = new Set(
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
export const LOCAL_ONLY = /^\.env(\.[\w-]*local)?$|^\.env\.(development|production|test)(\.local)?$/;

/** Classifies one inline code span. Returns the path (with offsets inside `value`) or why it is not one. */
export function classifyPath(raw: string): { value: string; shape: PathShape; dir: boolean; offset: number } | { reason: NotPathReason } {
  const lead = raw.length - raw.trimStart().length;
  let value = raw.trim();
  if (value === '' || /\s/.test(value)) return { reason: 'whitespace' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(mailto|tel|data|javascript|file|git@|node|npm|jsr|bun|workspace|link|catalog):/i.test(value)) return { reason: 'url' };
  if (/^[^@/\s]+@[^@/\s]+\.[a-z]{2,}$/i.test(value)) return { reason: 'email' };
  // `.well-known/agent-skills/`: a URL path a site serves (RFC 8615), not a directory of the repository.
  if (/(?:^|\/)\.well-known(?:\/|$)/.test(value)) return { reason: 'url' };
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

export function extensionOf(base: string): string {
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
  // `threading.Lock`, `asyncio.Queue`: a module's class (a capitalised word after a lowercase
  // module), not a file with a `.lock` extension (`Makefile.PL`, `README.MD` are written otherwise).
  if (/^[a-z_][\w]*\.[A-Z][a-z]+$/.test(base)) return false;
  // `math.h` and `stdio.h` are system headers and `a.b.c` a member chain: a slash-free name with a
  // one-letter or F# extension is too ambiguous to check (`src/x.c` still is).
  if (!FILE_EXTENSIONS.has(ext) || ext.length === 1 || ext === 'fs') return false;
  // `foo.bar.ts` is a file, but a camelCase member chain ending in an extension-like word is rare
  // enough; digits-only stems (`1.0.md`) are versions.
  return !/^[\d.]+$/.test(base.slice(0, -ext.length - 1));
}

/** Example names: `foo.ts`, `src/MyComponent.tsx`, `your-package/`, `myagent.py`. */
export function isPlaceholderName(body: string): boolean {
  // `Tool/example-name.json`, `sample_config.yaml`: an example name in the last segment.
  if (/(?:^|\/)(?:example|sample)[-_][\w-]*\.[\w.-]+$/i.test(body)) return true;
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
