import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface Tier {
  files: number;
  tests: number;
  /** Summed file time. */
  ms: number;
  /** From its first file's start to its last file's end: what it adds to the run when tiers overlap. */
  firstStart: number;
  lastEnd: number;
}

/** How many of the slowest files the summary names, so the next thing to speed up shows. */
const SLOWEST = 15;

/** A file runs once per project that includes it (the server tests on both databases). */
const key = (mod: TestModule) => `${mod.project.name}\0${mod.moduleId}`;

/**
 * Ends the run with each tier's (vitest project's) files, tests, summed file time and wall-clock span, so a
 * slow tier shows, and the slowest files, then one plain line, 'N passed, N failed, N skipped' (and the files that failed outside their tests), for CI logs.
 */
export default class SummaryReporter implements Reporter {
  private readonly starts = new Map<string, number>();
  private readonly ends = new Map<string, number>();
  private runStart = Date.now();

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleStart(mod: TestModule) {
    this.starts.set(key(mod), Date.now());
  }

  onTestModuleEnd(mod: TestModule) {
    this.ends.set(key(mod), Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    /** Files that failed outside their tests (a beforeAll, a server that never started): their tests show as skipped. */
    let brokenFiles = 0;
    const tiers = new Map<string, Tier>();
    for (const mod of testModules) {
      const tier = tiers.get(mod.project.name) ?? { files: 0, tests: 0, ms: 0, firstStart: Infinity, lastEnd: 0 };
      tier.files++;
      tier.ms += mod.diagnostic().duration;
      tier.firstStart = Math.min(tier.firstStart, this.starts.get(key(mod)) ?? Infinity);
      tier.lastEnd = Math.max(tier.lastEnd, this.ends.get(key(mod)) ?? 0);
      tiers.set(mod.project.name, tier);
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        tier.tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      failed += failedHere;
      if (failedHere === 0 && mod.state() === 'failed') brokenFiles++;
    }
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    console.log('\ntime per tier (sum of its files; wall-clock from its first file to its last):');
    for (const [name, t] of [...tiers].sort((a, b) => b[1].ms - a[1].ms)) {
      const span = t.lastEnd > t.firstStart ? t.lastEnd - t.firstStart : 0;
      console.log(
        `  ${name.padEnd(16)} ${String(t.files).padStart(4)} files ${String(t.tests).padStart(5)} tests ${seconds(t.ms)} s  wall ${seconds(span)} s`,
      );
    }
    console.log(`  whole run${' '.repeat(30)}wall ${seconds(Date.now() - this.runStart)} s`);
    const slowest = [...testModules]
      .sort((a, b) => b.diagnostic().duration - a.diagnostic().duration)
      .slice(0, SLOWEST);
    console.log(`\nslowest ${SLOWEST} files:`);
    for (const mod of slowest) {
      const file = path.relative(process.cwd(), mod.moduleId);
      console.log(`  ${seconds(mod.diagnostic().duration)} s  ${mod.project.name.padEnd(16)} ${file}`);
    }
    const broken = brokenFiles > 0 ? `, ${brokenFiles} file(s) failed outside their tests` : '';
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped${broken}`);
  }
}
