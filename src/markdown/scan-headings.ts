/**
 * ATX headings found by a line scan that skips fenced code: enough to name the sections a budget cut
 * loses without paying for a Markdown parse (discovery must stay parse-free for speed).
 */
export function scanHeadings(text: string): { offset: number; depth: number; text: string }[] {
  const out: { offset: number; depth: number; text: string }[] = [];
  let fence: string | null = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1] ?? '';
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (fence === null) {
      const heading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$/.exec(line);
      if (heading) out.push({ offset, depth: heading[1]?.length ?? 1, text: (heading[2] ?? '').trim() });
    }
    offset += line.length + 1;
  }
  return out;
}
