import path from 'node:path';

// How a server process (web, worker or all) is started, by `npm start` (scripts/start.mjs), the
// container (Dockerfile, whose CMD must say the same: scripts/deploy-files.test.mjs) and the benches.
//
// --v8-pool-size=1: V8's helper threads (garbage collection of every isolate in the process) run at
// the process's priority, including the collections of the work pool's threads, which themselves run
// at nice 19. With V8's default of four helpers, parsing a 9 MB document in the pool put up to four
// more runnable threads against the request loop on a 2-core machine; with one, another company's
// getlist p99 during back-to-back 9 MB saves went from 15–24 ms to 12–16 ms (docs/benchmarks.md).
export const SERVER_NODE_FLAGS = ['--v8-pool-size=1'];

/** The arguments of `node` that start the server from the repository at `root`. */
export const serverArgs = (root = '.') => [
  ...SERVER_NODE_FLAGS,
  '--import',
  'tsx',
  path.join(root, 'apps/server/src/main.ts'),
];
