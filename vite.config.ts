import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

// No changeOrigin: the API must see Host localhost:3000 so sign-in redirects and session
// cookies are issued for the origin the browser is actually on.
const proxiedPrefixes = ['/api', '/oidc', '/interaction', '/uploads'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
});
