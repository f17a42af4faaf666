#!/usr/bin/env node
// `npm test`: typecheck, lint (zero warnings), every Vitest project, then the browser tests.
// Prints one closing line "N passed, N failed, N skipped" counting test cases across all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

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

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);

const out = mkdtempSync(path.join(tmpdir(), 'sori-vitest-'));
const report = path.join(out, 'report.json');
run('unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
} else {
  totals.failed += 1;
}
rmSync(out, { recursive: true, force: true });

if (existsSync(path.join(root, 'scripts/e2e.mjs'))) {
  const e2eOut = mkdtempSync(path.join(tmpdir(), 'sori-e2e-'));
  const summary = path.join(e2eOut, 'summary.json');
  run('browser tests', 'node', ['scripts/e2e.mjs'], { E2E_SUMMARY_FILE: summary });
  if (existsSync(summary)) {
    const s = JSON.parse(readFileSync(summary, 'utf8'));
    totals.passed += s.passed ?? 0;
    totals.failed += s.failed ?? 0;
    totals.skipped += s.skipped ?? 0;
  }
  rmSync(e2eOut, { recursive: true, force: true });
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
