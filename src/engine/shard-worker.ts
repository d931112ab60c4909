/**
 * The worker side of shards.ts: builds the run's context from the main thread's options and listing,
 * then takes files off the shared counter until none is left, linting each with the same code as
 * the main thread (file-rules.ts) and posting the outcomes in small batches.
 */
import { workerThreads } from './shard-thread.js';
import { toWire, type WireFinding } from './report.js';
import { InstructionFile } from '../markdown/instruction-file.js';
import { loadMarkdownParser } from '../markdown/parser-loader.js';
import { FsError } from '../repo/vfs.js';
import { adoptGitListing } from '../repo/git-listing.js';
import { prepare, readContent } from './lint.js';
import { prepareFile, runFileRules } from './file-rules.js';
import type { ShardMessage, ShardOutcome, ShardRequest } from './shards.js';

const BATCH = 8;

/** Serves the shard in this worker's workerData (a no-op outside a lint worker). */
export async function serveShardFromWorkerData(): Promise<void> {
  const { workerData, parentPort: port } = workerThreads();
  const request = (workerData as { agentsLintShard?: ShardRequest } | null)?.agentsLintShard;
  if (!request || !port) return;
  const post = (message: ShardMessage) => port.postMessage(message);
  try {
    await serveShard(request, post);
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

async function serveShard(request: ShardRequest, post: (message: ShardMessage) => void): Promise<void> {
  if (request.listing) adoptGitListing(request.root, request.listing);
  const ctx = prepare(request.options);
  const { repo, discovery } = ctx;
  const parseMarkdown = await loadMarkdownParser();
  const enabled = [...ctx.rules.values()].filter((r) => r.severity !== 'off');
  const fileRules = enabled.filter((r) => r.rule.meta.scope === 'file');
  const kinds = new Map(repo.instructionFiles().map((f) => [f.path, f.kind]));
  const opened = new Map<string, InstructionFile | undefined>();
  // The same bytes the main thread took (capped the same way); other instruction files are opened
  // only when a report points into one.
  const fileFor = (rel: string): InstructionFile | undefined => {
    if (opened.has(rel)) return opened.get(rel);
    const kind = kinds.get(rel);
    const bytes = kind ? readContent(repo, rel).bytes : undefined;
    const file = kind && bytes && !(bytes instanceof FsError) ? new InstructionFile({ path: rel, absPath: repo.abs(rel), kind, bytes, parse: parseMarkdown }) : undefined;
    opened.set(rel, file);
    return file;
  };
  const unprepared = new Map<string, string>();
  const claims = new Int32Array(request.counter);
  let batch: ShardOutcome[] = [];
  for (let index = Atomics.add(claims, 0, 1); index < request.files.length; index = Atomics.add(claims, 0, 1)) {
    const file = fileFor(request.files[index]!);
    if (!file) throw new Error(`${request.files[index]} could not be read again in a lint worker`);
    const findings: WireFinding[] = [];
    await prepareFile(file, fileRules, unprepared);
    runFileRules(file, { rules: fileRules, repo, discovery, fileFor, sink: (f) => findings.push(toWire(f)), unprepared });
    batch.push({ index, findings, parseProblem: file.parseProblem, ...(request.keepStatements ? { statements: file.statements() } : {}) });
    file.dropDerived();
    file.releaseTree();
    if (batch.length >= BATCH) {
      post({ kind: 'files', outcomes: batch });
      batch = [];
    }
  }
  post({ kind: 'files', outcomes: batch });
  post({ kind: 'done', unprepared: [...unprepared] });
}
