// Names the tests that failed, and those that passed only when retried, from the vitest JSON results
// CI writes (packages/db/src/vitest-tiers.ts, apps/web/vite.config.ts), so the end of a long CI log
// shows them. Exits 0 either way: it only reports.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const files = [
  ...['packages/db', 'apps/server'].flatMap((dir) =>
    ['pglite', 'postgres'].map((pass) => join(root, dir, 'test-results', `vitest-${pass}.json`)),
  ),
  join(root, 'apps/web/test-results/vitest-web.json'),
];

const print = (title, tests) => {
  if (tests.length === 0) return;
  console.log(`\n==> ${title}`);
  for (const { where, messages } of tests) {
    console.log(`✖ ${where}`);
    for (const message of messages) console.log(message.split('\n').slice(0, 12).join('\n'));
  }
};

for (const file of files.filter((f) => existsSync(f))) {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const failed = [];
  const flaky = [];
  for (const suite of results.testResults) {
    const path = relative(root, suite.name);
    // A file that failed to load or a hook that threw has no failed test, only its message.
    if (suite.status === 'failed' && !suite.assertionResults.some((t) => t.status === 'failed')) {
      failed.push({ where: path, messages: [suite.message || 'failed'] });
    }
    for (const test of suite.assertionResults) {
      const entry = { where: `${path} > ${test.fullName}`, messages: test.failureMessages ?? [] };
      if (test.status === 'failed') failed.push(entry);
      else if (test.status === 'passed' && entry.messages.length > 0) flaky.push(entry);
    }
  }
  const name = relative(root, file);
  print(`Tests that failed (${name})`, failed);
  print(`Tests that passed only when retried: flaky, to be fixed (${name})`, flaky);
}
