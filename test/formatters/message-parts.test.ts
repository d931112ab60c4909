import { describe, expect, it } from 'vitest';
import { splitMessage } from '../../src/formatters/message-parts.js';

describe('splitMessage', () => {
  it('cuts after the first sentence, outside code and quotations, not after an abbreviation', () => {
    expect(splitMessage('`npm` has no script "nothere": it is not defined in package.json. Fix the command or define the script.')).toEqual({
      problem: '`npm` has no script "nothere": it is not defined in package.json.',
      fix: 'Fix the command or define the script.',
    });
    expect(splitMessage('Run `make build. Then` here, e.g. Twice. Delete it.')).toEqual({ problem: 'Run `make build. Then` here, e.g. Twice.', fix: 'Delete it.' });
    expect(splitMessage('"A. B" is hidden. Remove it.')).toEqual({ problem: '"A. B" is hidden.', fix: 'Remove it.' });
  });

  it('keeps a one-sentence message whole', () => {
    expect(splitMessage('AGENTS.md is empty.')).toEqual({ problem: 'AGENTS.md is empty.', fix: '' });
  });
});
