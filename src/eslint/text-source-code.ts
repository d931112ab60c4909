import { TextSourceCodeBase, VisitNodeStep } from '@eslint/plugin-kit';

/**
 * The one node of a text linted with the plugin's `agents-lint/text` language: the whole file. The
 * engine, not ESLint, parses these files (TOML, YAML), so ESLint needs no tree of them: the rules
 * run once, on this node, and report where the engine's findings say.
 */
export interface TextRoot {
  type: 'Text';
  range: [number, number];
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
}

type Options = { LangOptions: Record<string, unknown>; RootNode: TextRoot; SyntaxElementWithLoc: TextRoot; ConfigNode: never };

/**
 * ESLint's view of such a text: lines and locations from @eslint/plugin-kit's base, and a traversal
 * that enters and leaves the root. It has no inline configuration: TOML's and YAML's comments are
 * not read for `eslint-disable` directives (docs/eslint.md), as ESLint reads none without
 * getDisableDirectives and getInlineConfigNodes.
 */
export class TextSourceCode extends TextSourceCodeBase<Options> {
  #steps: VisitNodeStep[] | undefined;

  override traverse(): Iterable<VisitNodeStep> {
    this.#steps ??= [new VisitNodeStep({ target: this.ast, phase: 1, args: [this.ast] }), new VisitNodeStep({ target: this.ast, phase: 2, args: [this.ast] })];
    return this.#steps;
  }
}
