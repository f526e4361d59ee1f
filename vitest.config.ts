import { defineConfig } from 'vitest/config';

// Three projects, because they need different amounts of isolation:
//   unit         pure code and services with test doubles; fully parallel.
//   integration  real HTTP to the sandbox, real SQLite files, real child processes.
//   nfc          real pcscd + vpcd: one machine-wide PC/SC service and fixed vpcd ports,
//                so its files run one at a time.
//   e2e          the built pages in Debian's Chromium through the harness, one file at a time.
//   packaging    electron-builder --dir of the built app against an Electron stand-in (offline);
//                each file packages once, tens of seconds on two cores, so one file at a time.
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The page tests render whole screens in happy-dom and type into them; on a two-core
          // machine running the other projects beside them one takes seconds, not a hang.
          testTimeout: 20_000,
          // electron-store imports 'electron'; inlining it lets a test's vi.mock('electron') reach it.
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'nfc',
          include: ['tests/nfc/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium at a time on a 2-core machine; pages are built by `npm run build` first.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'packaging',
          include: ['tests/packaging/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
