// A lint worker's entry outside the bundle (the library API, tests); the bundled CLI's launcher
// serves shards itself (src/launch/launcher.ts).
import { serveShardFromWorkerData } from './shard-worker.js';

await serveShardFromWorkerData();
