// Prints the failed tests of vitest JSON reports (one path per argument), short enough to sit in the last lines
// of `npm test`: CI keeps only the tail of a run, and the default reporter names a failure hundreds of lines up.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Lines kept of one failure message: the error and the test's own frames, not vitest's. */
const MESSAGE_LINES = 8;

function shortMessage(message) {
  return message
    .split('\n')
    .filter((line) => !line.includes('node_modules/') && !line.includes('(<anonymous>)'))
    .slice(0, MESSAGE_LINES)
    .map((line) => `      ${line}`)
    .join('\n');
}

function failuresOf(reportPath) {
  if (!existsSync(reportPath)) return [`  (no report at ${reportPath}: the suite did not get to write one)`];
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      lines.push(`  ✗ ${name} › ${test.fullName}`);
      for (const message of test.failureMessages ?? []) lines.push(shortMessage(message));
    }
    if (failed.length === 0 && file.status === 'failed') {
      lines.push(`  ✗ ${name} (the file itself failed)`);
      if (file.message) lines.push(shortMessage(file.message));
    }
  }
  return lines;
}

const lines = process.argv.slice(2).flatMap(failuresOf);
if (lines.length > 0) {
  console.log('\nFailed tests:');
  console.log(lines.join('\n'));
}
