import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          passWithNoTests: true,
        },
      },
      {
        // The server's unit tests: services, tasks and rules on fakes. No PostgreSQL at all: the
        // setup file makes any connection attempt fail the test (issue 40).
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['./test/support/no-database.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // Repositories, routes through the whole app, processes: on a real PostgreSQL
        // (TEST_DATABASE_URL, or an embedded one started on the first file's request).
        test: {
          name: 'server-pg',
          root: './apps/server',
          include: ['src/**/*.pg.test.ts', 'test/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['./test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'extension',
          root: './apps/extension',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
