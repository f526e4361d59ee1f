import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const root = import.meta.dirname;

/** Each page, by its HTML, and the module its entry imports after the page's start screen. */
const pageCode = {
  'cashier/index.html': 'renderer/cashier/cashier-page.tsx',
  'display/index.html': 'renderer/display/display-app.tsx',
} as const;

/**
 * Each page's entry paints its start screen from the HTML, then imports the page's code
 * (`pageCode`: the cashier's till, the display's app). This names that code's files (the
 * chunk, the chunks it imports, their style sheets) on the entry's script tag, as
 * `data-start-files`: nothing is fetched for it (preloads, measured, held the cashier's start
 * screen's first frame back), but main's page-load watch, which reads the HTML, waits for
 * them too before it loads the services (electron/main/page-load-watch.ts).
 */
function namePageStartFiles(): Plugin {
  return {
    name: 'counter:page-start-files',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        const [pageHtml, code] =
          Object.entries(pageCode).find(([page]) => filename.endsWith(page)) ?? [];
        if (!bundle || !pageHtml || !code) return html;
        const chunk = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(code),
        );
        if (chunk?.type !== 'chunk') throw new Error(`${pageHtml} has no chunk for ${code}`);
        const files = new Set<string>();
        const add = (name: string) => {
          const output = bundle[name];
          if (files.has(name) || output?.type !== 'chunk') return;
          files.add(name);
          for (const css of output.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of output.imports) add(imported);
        };
        add(chunk.fileName);
        // Those the HTML names already are the entry's own.
        const later = [...files].filter((name) => !html.includes(`/${name}"`));
        const entry = /<script type="module" crossorigin src="[^"]+"/;
        if (!entry.test(html)) throw new Error(`${pageHtml} has no entry script`);
        return html.replace(
          entry,
          (tag) => `${tag} data-start-files="${later.map((name) => `../${name}`).join(' ')}"`,
        );
      },
    },
  };
}

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
    plugins: [react(), namePageStartFiles()],
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
