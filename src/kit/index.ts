// Everything a rule may import. Rules depend on this module only (checked by a meta-test).
export * as z from './zod.js';
export { defineRule } from './define-rule.js';
export { isRustWhitespaceOnly, isRustWhitespace, rustTrim, decodeLossy, utf8Length, closest, plural, listSome } from './text.js';
export type * from './types.js';
export type { InstructionFile, Statement, HeadingInfo, CodeBlockInfo, InlineCodeInfo, LinkInfo } from '../markdown/instruction-file.js';
export type { RepoIndex } from '../repo/repo-index.js';
export type { DiscoveryView, FileLoad } from '../discovery/view.js';
export type { Simulation, LoadedFile, SearchedDirectory, CandidateProbe } from '../discovery/types.js';
export { CODEX_DEFAULT, CODEX_OVERRIDE, PATH_SCOPED_INSTRUCTIONS } from '../repo/instruction-names.js';
export { describeCut, type CutDetails } from '../discovery/cut.js';
export { candidateNames } from '../discovery/hosts/codex.js';
export { detectEncoding, decodeUnicode, invalidUtf8Runs, hexBytes, windows1252Guess, type EncodingInfo, type UnicodeEncoding } from '../markdown/encoding.js';
export { tomlArrayStringSpans, jsonArrayStringSpans, type LiteralSpan } from '../repo/setting-positions.js';
export type { SettingOrigin } from '../discovery/hosts/codex.js';
export { searchDirectories } from '../discovery/simulate.js';
export { invisibleRuns, hiddenMarkup, formatCodePoints, wordCount, type InvisibleRun, type HiddenMarkup } from '../markdown/hidden.js';
export { prepareSecrets, secretsIn, maskSecret, type SecretFinding } from '../secrets/scan.js';
export { describeCwds, displayCwd } from '../discovery/cwds.js';
export { fallbackSources, type FallbackSource, type FallbackEntry } from '../discovery/fallback-sources.js';
export {
  pathReferences,
  resolvePathReference,
  directoryEntries,
  linkReferences,
  resolveLink,
  anchorsOf,
  anchorsOfFile,
  anchorMatches,
  closestAnchor,
  githubSlug,
  styleLike,
  type PathReference,
  type PathResolution,
  type LinkReference,
  type LinkResolution,
  type Anchor,
} from '../markdown/references.js';
export { commandsOf, prepareCommandFiles, type CommandRef } from '../markdown/commands.js';
export { commandFindings, packageManagerFindings, type CommandFinding, type PackageManagerFinding, type PackageManager } from '../shell/analyze.js';
export { comparable, jaccard, statementIndex, firstMatch, copyScore, type ComparableText, type StatementIndex } from '../markdown/similarity.js';
export { assessVagueness, mayBeVague, compileAllow, parsePattern, VAGUE_LANGUAGES, type VagueAssessment, type VagueDetector, type VagueLanguage, type Anchor as VagueAnchor } from '../markdown/vagueness.js';
export { vagueDetector } from '../markdown/phrase-data.js';
export { hostsView, codexInUse, type HostsView, type Divergence, type ImportReport, type SizeReport } from '../discovery/host-view.js';
export { loadedChains, type ChainFile } from '../discovery/chains.js';
