import type { ExplainReport } from '../explain.js';

const paint = (on: boolean, code: string) => (s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/** A bar of `width` cells: used bytes of this file against the whole budget. */
function bar(used: number, lost: number, budget: number, width = 30): string {
  if (budget <= 0) return '';
  const usedCells = Math.min(width, Math.round((used / budget) * width));
  const lostCells = Math.min(width - usedCells, Math.round((lost / budget) * width));
  return `[${'█'.repeat(usedCells)}${'░'.repeat(lostCells)}${' '.repeat(width - usedCells - lostCells)}]`;
}

export function formatExplainText(report: ExplainReport, options: { color: boolean }): string {
  const { json } = report;
  const bold = paint(options.color, '1');
  const dim = paint(options.color, '2');
  const red = paint(options.color, '31');
  const yellow = paint(options.color, '33');
  const out: string[] = [];
  out.push(bold(`Codex (verified against ${'0.171.0'}) from ${json.cwd}`));
  out.push(`  root: ${json.root ?? '(none)'} — ${json.rootReason}`);
  if (json.codexRoot) out.push(`  ${yellow('note:')} ${json.codexRoot.note}`);
  const trustWhy =
    json.trust.source === 'assumed'
      ? ' (assumed: the user config says nothing about this directory or its repository; Codex itself would then ignore the repository\'s .codex/config.toml)'
      : json.trust.source === 'user-config'
        ? ` (from [projects."${json.trust.key ?? ''}"] in $CODEX_HOME/config.toml)`
        : json.trust.source === 'unset'
          ? ' (no entry: project docs load, repository .codex/config.toml is ignored)'
          : ' (from --codex-trust)';
  out.push(`  trust: ${json.trust.level}${trustWhy}`);
  out.push(`  budget: project_doc_max_bytes = ${json.settings.projectDocMaxBytes}; fallbacks: ${json.settings.fallbackFilenames.length ? json.settings.fallbackFilenames.join(', ') : '(none)'}; markers: ${json.settings.rootMarkers.length ? json.settings.rootMarkers.join(', ') : '(none)'}`);
  if (json.userInstructions) out.push(`  user-level instructions: ${json.userInstructions}`);
  out.push('', bold('Directories searched (root → cwd)'));
  for (const dir of json.searched) {
    const probes = dir.candidates.map((c) => `${c.name}: ${c.result}${c.code ? ` ${c.code}` : ''}${c.symlink ? ' (symlink)' : ''}`).join(', ');
    out.push(`  ${dir.dir}  →  ${dir.chosen ?? dim('nothing')}   ${dim(probes)}`);
  }
  if (json.error) out.push('', red(`Codex drops every project file for this cwd: ${json.error.path} cannot be read (${json.error.code}).`));
  out.push('', bold('Files loaded'));
  if (json.files.length === 0) out.push(dim('  (none)'));
  for (const f of json.files) {
    const lost = f.cut ? f.cut.bytesLost : 0;
    const state = f.dropped === 'whitespace' ? yellow('empty or whitespace-only: contributes nothing') : f.dropped === 'budget' ? red('never read: budget exhausted') : f.dropped === 'vanished' ? yellow('vanished') : f.truncated ? red('truncated') : 'whole';
    out.push(`  ${f.path}  ${bar(f.usedBytes, lost, json.settings.projectDocMaxBytes)}  ${f.usedBytes}/${f.bytes} bytes  ${state}`);
    if (f.cut) {
      out.push(`      cut at byte ${f.cut.byteOffset} (line ${f.cut.line}, column ${f.cut.column})${f.cut.splitsCharacter ? ', inside a UTF-8 character (the agent sees U+FFFD)' : ''}; ${f.cut.bytesLost} bytes lost`);
      if (f.cut.sectionsLost.length) out.push(`      sections lost: ${f.cut.sectionsLost.map((s) => `"${s}"`).join(', ')}`);
    }
  }
  if (json.warnings.length) {
    out.push('', bold('Warnings Codex prints'));
    for (const w of json.warnings) out.push(`  ${yellow(w)}`);
  }
  out.push('', bold('Model-visible block'));
  out.push(json.block === null ? dim('  (Codex sends no AGENTS.md block)') : json.block);
  return out.join('\n') + '\n';
}
