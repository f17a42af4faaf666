// A Vitest reporter for `npm test` (scripts/test.mjs): it writes, to the file named by SORI_VITEST_FAILURES, the
// failures that Vitest's JSON report leaves out although they fail the run: errors thrown outside any test
// (an unhandled rejection, an error after a test ended, a worker that died), and a failed beforeAll / afterAll
// of a describe block, whose tests all count as passed. Without them a red run can end "0 failed".
import { writeFileSync } from 'node:fs';

const firstLines = (error) =>
  [
    `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`,
    ...String(error?.stack ?? '')
      .split('\n')
      .slice(1, 4),
  ]
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' | ');

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const file = process.env.SORI_VITEST_FAILURES;
    if (!file) return;
    const failures = [];
    for (const error of unhandledErrors ?? []) failures.push(`unhandled error: ${firstLines(error)}`);
    for (const mod of testModules) {
      for (const error of mod.errors()) failures.push(`${mod.relativeModuleId}: ${firstLines(error)}`);
      for (const suite of mod.children.allSuites()) {
        for (const error of suite.errors()) failures.push(`${mod.relativeModuleId} › ${suite.fullName}: ${firstLines(error)}`);
      }
    }
    writeFileSync(file, JSON.stringify({ reason, failures }));
  }
}
