import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Only package.json `dependencies` stay external and are shipped in the asar's
      // node_modules: the native smartcard addon. Every other library (zod, big.js, uuid,
      // electron-store, ...) is a devDependency bundled here, so it is shipped once, in out/.
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          // The NFC reader runs in its own utilityProcess (electron/main/utility-reader-channel.ts).
          'nfc-reader': resolve(root, 'electron/nfc/reader-process.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads can require nothing but 'electron': each must be one standalone
      // file with its dependencies (zod, the contract) bundled in.
      isolatedEntries: true,
      externalizeDeps: false,
      rollupOptions: {
        input: {
          cashier: resolve(root, 'electron/preload/cashier.ts'),
          display: resolve(root, 'electron/preload/display.ts'),
        },
        // Sandboxed preloads must be a single CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves output unminified; the pages load on every start of a till.
      // true is Vite's own minifier (Oxc), measured the smallest on these pages gzipped: terser
      // 5.51 (compress passes 2-3, module, ecma 2020) came out 0.2-0.7 KB larger, esbuild 4.9 KB
      // larger. build.target is electron-vite's Chromium of our Electron (no down-levelling):
      // 'esnext' or an older 'chrome120' gave the same bytes.
      minify: true,
      rollupOptions: {
        input: {
          cashier: resolve(root, 'renderer/cashier/index.html'),
          display: resolve(root, 'renderer/display/index.html'),
        },
      },
    },
  },
});
