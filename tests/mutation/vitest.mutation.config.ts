import { defineConfig } from 'vitest/config';

// The unit tests of one critical file, named by the mutation runner (MUTATION_TESTS, comma
// separated), so each mutant is judged by the tests written for that file and nothing else.
const tests = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);

export default defineConfig({
  test: {
    include: tests,
    environment: 'node',
    testTimeout: 20_000,
  },
});
