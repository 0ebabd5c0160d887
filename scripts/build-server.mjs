// Bundles the server (main.js), the job worker (worker.js), the job report (jobs-report.js)
// and the operator's reports (reports-cli.js) into dist/server; dependencies stay in
// node_modules. The modules run by worker-thread pools (src/server/lib/worker-pool.ts) are
// bundled beside them, under the names their pools give as `built`.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/worker.ts',
    'src/server/jobs-report.ts',
    'src/server/reports-cli.ts',
    { in: 'src/server/modules/years/image-worker.ts', out: 'year-image-worker' },
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
