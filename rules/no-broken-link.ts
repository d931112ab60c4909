import { defineRule, z, linkReferences, resolveLink, anchorsOf, anchorsOfFile, anchorMatches, closestAnchor, styleLike } from '../src/kit/index.js';

export default defineRule({
  id: 'no-broken-link',
  meta: {
    description: 'Disallow relative links and images whose target file or heading anchor does not exist',
    severity: 'error',
    scope: 'file',
    tags: ['references'],
    fixable: false,
    needsTree: true,
    messages: {
      missingTarget: (d: { url: string; resolved: string; suggestion: string | null }) =>
        `Link target \`${d.url}\` does not exist${d.suggestion ? `; did you mean \`${d.suggestion}\`?` : '.'} ` +
        `It resolves to \`${d.resolved}\`. Point the link at the file's current location, or remove it.`,
      missingAnchor: (d: { anchor: string; target: string; suggestion: string | null }) =>
        `Anchor \`#${d.anchor}\` does not exist${d.suggestion ? `; did you mean \`#${d.suggestion}\`?` : '.'} ` +
        `\`${d.target}\` has no heading or anchor by that name, and anchors are GitHub heading slugs (lowercase, punctuation dropped, spaces as \`-\`). Fix the fragment or restore the heading.`,
      outsideRepo: (d: { url: string }) =>
        `Link \`${d.url}\` climbs above the repository root. ` +
        `Neither GitHub nor an agent in a fresh checkout can follow it. Link to a file inside the repository, or use a full URL.`,
    },
    options: () => z.strictObject({}),
  },
  check({ file, repo, report }) {
    const fileDir = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '';
    for (const link of linkReferences(file)) {
      const resolved = resolveLink(repo, file.path, link);
      const url = link.raw;
      if (resolved.status === 'outside') {
        report({ messageId: 'outsideRepo', data: { url }, loc: { offset: link.pathStart, endOffset: link.pathEnd } });
        continue;
      }
      if (resolved.status === 'missing') {
        const suggestion = resolved.suggestion === null ? null : styleLike(link.path, fileDir, resolved.suggestion, false);
        report({ messageId: 'missingTarget', data: { url, resolved: resolved.path, suggestion }, loc: { offset: link.pathStart, endOffset: link.pathEnd } });
        continue;
      }
      // Fragments mean headings of the Markdown file GitHub renders: the file itself, or the README of
      // a linked directory (`packages/ui/#usage`). `src/a.ts#L10` is a line.
      if (resolved.status !== 'exists' || link.anchor === null) continue;
      const page = resolved.page;
      if (page === null && !resolved.directory) continue;
      // A directory without a README renders only its listing: no fragment but `#top` lands anywhere.
      const anchors = page === null ? [] : page === file.path ? anchorsOf(file.tree()) : anchorsOfFile(repo, page);
      if (anchors === null || anchorMatches(anchors, link.anchor)) continue;
      report({
        messageId: 'missingAnchor',
        data: { anchor: link.anchor, target: page ?? `${resolved.path}/`, suggestion: closestAnchor(anchors, link.anchor) },
        loc: { offset: link.anchorStart, endOffset: link.anchorEnd },
        ...(page === null || page === file.path ? {} : { related: [{ file: page, line: 1, column: 1, message: `headings of ${page}` }] }),
      });
    }
  },
});
