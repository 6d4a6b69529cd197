import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    // most behaviour tests wait on a spawned CLI or git, so one worker more than there are cores keeps
    // the cores busy while a worker waits; measured on 2 cores: 149 s at 2 workers, 135 s at 3
    maxWorkers: availableParallelism() + 1,
    // a worker keeps its modules from one test file to the next instead of importing the engine again
    // for each (about a quarter of the CPU of the in-process tables); safe because no test mocks a
    // module and the engine's module state is caches keyed by path (docs/DECISIONS.md, tests that stay fast)
    isolate: false,
  },
});
