import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with each tier's (vitest project's) files, tests and summed file time, so a slow tier shows,
 * then one plain line, 'N passed, N failed, N skipped', for CI logs.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const tiers = new Map<string, { files: number; tests: number; ms: number }>();
    for (const mod of testModules) {
      const tier = tiers.get(mod.project.name) ?? { files: 0, tests: 0, ms: 0 };
      tier.files++;
      tier.ms += mod.diagnostic().duration;
      tiers.set(mod.project.name, tier);
      for (const test of mod.children.allTests()) {
        tier.tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    console.log('\ntime per tier (sum of its files):');
    for (const [name, t] of [...tiers].sort((a, b) => b[1].ms - a[1].ms))
      console.log(
        `  ${name.padEnd(16)} ${String(t.files).padStart(4)} files ${String(t.tests).padStart(5)} tests ${(t.ms / 1000).toFixed(1).padStart(7)} s`,
      );
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
