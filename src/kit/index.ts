// Everything a rule may import. Rules depend on this module only (checked by a meta-test).
export { z } from 'zod';
export { defineRule } from './define-rule.js';
export { isRustWhitespaceOnly, isRustWhitespace, rustTrim, decodeLossy, utf8Length, closest, plural } from './text.js';
export type * from './types.js';
export type { InstructionFile, Statement, HeadingInfo, CodeBlockInfo, InlineCodeInfo, LinkInfo } from '../markdown/instruction-file.js';
export type { RepoIndex } from '../repo/repo-index.js';
export type { DiscoveryView, FileLoad } from '../discovery/view.js';
export type { Simulation, LoadedFile, SearchedDirectory, CandidateProbe } from '../discovery/types.js';
export { CODEX_DEFAULT, CODEX_OVERRIDE } from '../repo/instruction-names.js';
