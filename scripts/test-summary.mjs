// Adds up what the test runners reported in test-results/ and prints one closing line.
// Fails when the browser tests did not run on every database they were meant to.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const DIR = 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of existsSync(DIR) ? readdirSync(DIR) : []) {
  if (!file.startsWith('vitest-') || !file.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

const e2eFile = `${DIR}/e2e.json`;
if (!existsSync(e2eFile)) {
  console.error('The browser tests did not run: no test-results/e2e.json');
  process.exit(1);
}
const e2e = JSON.parse(readFileSync(e2eFile, 'utf8'));
passed += e2e.stats.expected + e2e.stats.flaky;
failed += e2e.stats.unexpected;
skipped += e2e.stats.skipped;

const projects = new Set(e2e.config.projects.map((project) => project.name));
const wanted = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const missing = wanted.filter((name) => !projects.has(name));
if (missing.length > 0 || e2e.stats.expected === 0) {
  console.error(`The browser tests did not run on: ${missing.join(', ') || 'any database'}`);
  process.exit(1);
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
