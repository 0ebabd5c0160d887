import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

// No changeOrigin: the API must see Host localhost:3000 so sign-in redirects and session
// cookies are issued for the origin the browser is actually on.
const proxiedPrefixes = ['/api', '/oidc', '/interaction', '/uploads'];

const clientDir = path.resolve('src/client');
const pagesDir = path.join(clientDir, 'pages');
const signedOutPages = ['landing', 'auth'].map((page) => path.join(pagesDir, `${page}.tsx`));
// The pages people most often open the app on (see src/server/plugins/page-preloads.ts).
const firstPages = ['discover', 'concert'].map((page) => path.join(pagesDir, `${page}.tsx`));
const appLayout = path.join(clientDir, 'app', 'layouts', 'app-layout.tsx');

/**
 * Fewer, larger chunks for the first page. Left to itself the bundler cuts the signed-in
 * frame and the code pages share into some fifty files of a few kB each; on a phone's
 * connection (HTTP/1.1, six connections, a round trip of 150 ms) the first signed-in page
 * then waits for eight or nine round trips of small files before it can render. Here the
 * code that two or more pages (or the signed-in layout) share goes into three chunks: what
 * the signed-out pages use too ("shared"); what only signed-in pages use, if the layout or
 * a first page (Discover, a concert) needs it ("app-layout"); the rest ("pages"), so the
 * first pages do not download the others' code, and the landing page no signed-in code.
 * The first bundle keeps its own modules; code used by one page alone stays in its chunk.
 */
function sharedChunks(): { plugin: Plugin; groupOf: (id: string) => string | null } {
  const groups = new Map<string, string>();
  const plugin: Plugin = {
    name: 'encore:shared-chunks',
    apply: 'build',
    buildEnd() {
      const staticClosure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const pages = ids.filter((id) => path.dirname(id) === pagesDir);
      const signedOut = staticClosure(signedOutPages);
      const layout = staticClosure([appLayout]);
      const first = staticClosure(firstPages);
      const uses = new Map<string, number>();
      for (const root of [appLayout, ...pages]) {
        for (const id of staticClosure([root])) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
      for (const [id, count] of uses) {
        if (pages.includes(id) || (count < 2 && !layout.has(id))) continue;
        if (signedOut.has(id)) groups.set(id, 'shared');
        else if (layout.has(id) || first.has(id)) groups.set(id, 'app-layout');
        else groups.set(id, 'pages');
      }
    },
  };
  return { plugin, groupOf: (id) => groups.get(id) ?? null };
}

const chunks = sharedChunks();

/**
 * The service worker (src/client/sw/sw.ts) built to /sw.js with the list of files it
 * precaches: the app's code, styles and icons, and index.html for a page opened offline
 * (pages otherwise come from the server, which writes each one's head); not the demo's
 * pictures. The manifest is public/manifest.webmanifest;
 * the page registers the worker itself once it is interactive (src/client/lib/service-worker.ts).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/client/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), chunks.plugin, serviceWorker],
  // As tsconfig.json's paths: client files import each other as #client/… without extensions.
  resolve: { alias: [{ find: /^#client\//, replacement: `${clientDir}/` }] },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 1 },
            { name: chunks.groupOf, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
});
