import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileDetector, VAGUE_LANGUAGES, type PhraseData, type PhraseFile, type VagueDetector } from './vagueness.js';

/**
 * The phrase data ships as JSON under src/phrases/ (package.json "files"), read relative to this
 * module: src/markdown/ when run from source, dist/src/markdown/ when built, dist/bundle/ when bundled.
 */
function phraseDir(): string {
  for (const rel of ['../phrases/', '../../../src/phrases/', '../../src/phrases/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}common.json`)) return dir;
  }
  throw new Error('agents-lint: src/phrases/common.json not found beside the installed package.');
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

let data: PhraseData | undefined;

/** Loads common.json and one file per language once; a malformed file is a packaging bug and throws. */
export function loadPhraseData(): PhraseData {
  if (data) return data;
  const dir = phraseDir();
  const common = readJson(`${dir}common.json`) as Omit<PhraseData, 'languages'>;
  const languages = VAGUE_LANGUAGES.map((lang) => {
    const file = readJson(`${dir}${lang}.json`) as PhraseFile;
    if (file.language !== lang || typeof file.phrases !== 'object' || !Array.isArray(file.weak) || !Array.isArray(file.anchors)) {
      throw new Error(`agents-lint: src/phrases/${lang}.json is malformed (language, phrases, weak, anchors).`);
    }
    return file;
  });
  data = { languages, suggestions: common.suggestions, tools: common.tools, plainWords: common.plainWords ?? [] };
  return data;
}

const detectors = new Map<string, VagueDetector>();

/** The compiled detector for a set of extra phrases, cached: rules call this once per file. */
export function vagueDetector(extraPhrases: Partial<Record<string, string[]>> = {}): VagueDetector {
  const key = JSON.stringify(extraPhrases);
  let detector = detectors.get(key);
  if (!detector) {
    detector = compileDetector(loadPhraseData(), extraPhrases);
    detectors.set(key, detector);
  }
  return detector;
}
