import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { lazily } from '../util/lazily.js';
import { escapeRegExp } from '../util/text.js';

/**
 * The secretlint versions whose rule sources the table below was checked against. Another version
 * (an upgrade, a different install) turns the prefilter off: every file is scanned, as before.
 */
export const AUDITED_SECRETLINT = '11.7.1';

/**
 * For each rule of @secretlint/secretlint-rule-preset-recommend 11.7.1, literals of which every
 * match contains at least one, as that rule runs here (`lintSource` with ext ".md", filePath
 * "instructions.md", contentType "text", aws `enableIDScanRule`). Read from the rule sources in the
 * package (module/index-Cq-34xZU.js): a rule reports only on a regex match, and each pattern below
 * is quoted with the literal it cannot match without. Case matters where the pattern has no `i` flag.
 * A text holding none of them cannot produce a finding, so secretlint is not run on it.
 */
export const TRIGGERS: Readonly<Record<string, readonly string[]>> = {
  // /\b(A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b/g (access key ID),
  // `...(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)...` (secret key),
  // `...(ACCOUNT|account|Account)_?(ID|id|Id)?...` (account ID).
  aws: ['A3T', 'AKIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ASIA', 'SECRET', 'secret', 'Secret', 'ACCOUNT', 'account', 'Account'],
  // Checks only files whose ext is ".p12" or ".json": never an instruction file.
  gcp: [],
  // /-----BEGIN[ ]?(?:(?:RSA|DSA|EC|OPENSSH|PGP) )?PRIVATE KEY.../gm
  privatekey: ['-----BEGIN'],
  // /(?<!\p{L})npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])/gu; the x-oauth-basic URL (/https?:\/\/.../) and
  // `_authToken=` checks run only for package.json and .npmrc paths, the URL kept here all the same.
  npm: ['npm_', '://'],
  // /(?<protocol>(?:https?|ftp|ftps)):\/\/(?<user>...):(?<password>...)@.../g
  basicauth: ['://'],
  // /\b(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-.../g and /https:\/\/hooks\.slack\.com\/services\/.../gi
  slack: ['xoxb-', 'xoxp-', 'xapp-', 'xoxa-', 'xoxo-', 'xoxr-', '://'],
  // /(?<!\p{L})SG\.\w{1,128}\.\w{1,128}([-_]?)\w{1,128}(?!\w)/gu
  sendgrid: ['SG.'],
  // /(?<!\p{L})(shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])/gu
  shopify: ['shppa_', 'shpca_', 'shpat_', 'shpss_'],
  // /(?<!\p{L})(?<type>ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}.../gu and /(?<!\p{L})(?<type>github_pat)_.../gu
  github: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  // /sk-(?:proj|svcacct|admin)-(?:...)T3BlbkFJ(?:...)\b|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}/g
  openai: ['T3BlbkFJ'],
  // /(?<!\p{L})sk-ant-api0\d-[A-Za-z0-9_-]{90,128}AA(?![A-Za-z0-9_-])/gu
  anthropic: ['sk-ant-api0'],
  // /(?<!\p{L})lin_api_[a-zA-Z0-9_]{32,128}(?![a-zA-Z0-9_])/gu
  linear: ['lin_api_'],
  // /(?<!\p{L})ops_(ey[A-Za-z0-9+/=]{100,1280}fQ={0,2})(?![A-Za-z0-9+/=])/gu
  '1password': ['ops_ey'],
  // /mongodb(?:\+srv)?:\/\/.../gi, /(?:jdbc:)?mysql(?:x)?:\/\/.../gi, /postgres(?:ql)?:\/\/.../gi
  'database-connection-string': ['://'],
  // Reports nothing itself: it only drops other rules' findings under secretlint-disable comments.
  'filter-comments': [],
};

const TRIGGER = lazily(() => new RegExp([...new Set(Object.values(TRIGGERS).flat())].map(escapeRegExp).join('|')));

/** False when secretlint's recommended preset cannot find anything in `text` (see TRIGGERS). */
export function mayHoldSecret(text: string): boolean {
  return TRIGGER().test(text);
}

let audited: boolean | undefined;

/**
 * Whether the installed secretlint is the audited one. Read from the packages' own package.json,
 * so a run whose files hold no trigger never loads secretlint at all.
 */
export function prefilterApplies(): boolean {
  if (audited === undefined) {
    try {
      const require = createRequire(import.meta.url);
      // The package directory Node loads `name` from: the first `<dir>/<name>` on its search path.
      // Read directly: require() of the two manifests went through Node's whole resolver (~3 ms).
      const version = (name: string): unknown => {
        for (const dir of require.resolve.paths(name) ?? []) {
          let text: string;
          try {
            text = readFileSync(path.join(dir, name, 'package.json'), 'utf8');
          } catch {
            continue;
          }
          return (JSON.parse(text) as { version?: unknown }).version;
        }
        return undefined;
      };
      audited = version('@secretlint/core') === AUDITED_SECRETLINT && version('@secretlint/secretlint-rule-preset-recommend') === AUDITED_SECRETLINT;
    } catch {
      audited = false;
    }
  }
  return audited;
}
