/** Zero-width space, non-joiner, joiner, word joiner, and U+FEFF (a byte order mark only as a file's first character). */
export const ZERO_WIDTH: ReadonlySet<number> = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);

/**
 * Unicode "Tags" block: rendered as nothing, yet models read them; "ASCII smuggling" spells hidden
 * prompts with U+E0020–U+E007E (https://embracethered.com/blog/posts/2024/hiding-and-finding-text-with-unicode-tags/).
 */
export const isTag = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe007f;

/** Whether a character renders as nothing: a zero-width or a tag character (what no-hidden-instructions' fixes remove). */
export const rendersAsNothing = (cp: number): boolean => ZERO_WIDTH.has(cp) || isTag(cp);
