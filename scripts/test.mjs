#!/usr/bin/env node
// `npm test`: typecheck and lint side by side (zero warnings, and Prettier's format), every Vitest project, then the browser tests.
// Prints one closing line "N passed, N failed, N skipped" counting test cases across all of them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// Each failed test case by name, repeated at the very end so that a log cut to its tail still names them.
const failedTests = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const ok = res.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${res.status ?? res.signal})`} in ${secs}s`);
  if (!ok) failedSteps.push(name);
  return ok;
}

/**
 * Steps that need nothing from each other, run side by side (typecheck and lint take about a minute each and
 * one core each); each one's output is printed whole as it ends, under its own heading.
 */
async function runTogether(steps) {
  const started = Date.now();
  await Promise.all(
    steps.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code, signal) => {
            const secs = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`=== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${secs}s`);
            if (code !== 0) failedSteps.push(name);
            resolve();
          });
        }),
    ),
  );
}

await runTogether([
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
]);

const out = mkdtempSync(path.join(tmpdir(), 'sori-vitest-'));
const report = path.join(out, 'report.json');
// What the JSON report leaves out (unhandled errors, a describe block's failed hook): see vitest-failures-reporter.mjs.
const outsideTests = path.join(out, 'outside-tests.json');
const vitestOk = run(
  'unit and integration tests',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--reporter=./scripts/vitest-failures-reporter.mjs',
  ],
  { SORI_VITEST_FAILURES: outsideTests },
);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failedCases = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedCases) failedTests.push(`${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
} else {
  totals.failed += 1;
}
// A file that failed before any of its tests ran (a syntax error, a failed hook), an unhandled error, a
// describe block's failed beforeAll / afterAll: each is named and counted, so a red run never ends "0 failed".
if (existsSync(outsideTests)) {
  const { reason, failures } = JSON.parse(readFileSync(outsideTests, 'utf8'));
  for (const line of failures) failedTests.push(line);
  totals.failed += failures.length;
  if (!vitestOk && failedTests.length === 0)
    failedTests.push(`vitest failed (its run ended "${reason}") with no failure named: read its output above`);
} else if (!vitestOk) {
  failedTests.push('vitest wrote no report of failures outside tests (it stopped before the run ended)');
}
rmSync(out, { recursive: true, force: true });

// Browser tests: Playwright Test (playwright.config.ts) driving Debian's Chromium. Counts come from its
// JSON reporter; without Chromium they are skipped with one printed reason, unless REQUIRE_ALL=1.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  if (process.env.REQUIRE_ALL === '1') {
    console.log(`\n=== browser tests: FAILED: Chromium not found at ${chromiumPath}, and REQUIRE_ALL=1 forbids skipping them`);
    failedSteps.push('browser tests');
    totals.failed += 1;
  } else {
    console.log(`\n=== browser tests: skipped: Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
    totals.skipped += 1;
  }
} else {
  const e2eOut = mkdtempSync(path.join(tmpdir(), 'sori-e2e-'));
  const e2eReport = path.join(e2eOut, 'report.json');
  run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport });
  if (existsSync(e2eReport)) {
    const e2e = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const { stats } = e2e;
    // expected: passed; unexpected: failed; flaky: passed on a retry (counted as passed, and named by the list).
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected') continue;
          const error = t.results?.at(-1)?.error?.message;
          failedTests.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of e2e.suites ?? []) walk(suite);
  } else {
    totals.failed += 1;
  }
  rmSync(e2eOut, { recursive: true, force: true });
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
for (const line of failedTests) console.log(`  failed: ${line.slice(0, 400)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
