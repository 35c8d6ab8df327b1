// `npm test`: type checks and the build (side by side), then the unit suite and the end-to-end suite side by side.
//
// Both suites keep the cores busy only part of the time on their own (the browser waits on the
// app and on timers; the unit suite's child processes and workers wait on I/O), so side by side on
// the 2-core build machine they finish well before one after the other would. They share the CPU
// evenly: lowering the unit suite's priority starved it behind the browser (Chromium raises its
// own) and the whole run took longer. The unit suite prints as it goes; the end-to-end output is
// kept in reports/e2e.log and printed when it ends, so the two never interleave. Exit status: the
// first failure's, else 0.
//
// FUQI_TEST_SERIAL=1 runs them one after the other (e.g. to time one suite alone).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;

/** Run a command; resolves with its exit code. `log` sends its output to a file instead of the terminal. */
function run(cmd, args, log) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('error', (e) => {
      console.error(`test: could not start ${cmd}: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function banner(text) {
  console.log(`\n=== ${text} ===`);
}

const started = performance.now();
const secs = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

// The type checks (package.json's `typecheck`, one checker per tsconfig) and the build are
// independent single-threaded steps: run side by side, then print each one's output in turn.
mkdirSync('reports', { recursive: true });
banner('type check and build');
const checks = JSON.parse(readFileSync('package.json', 'utf8'))
  .scripts.typecheck.split('&&')
  .map((c) => c.trim().split(/\s+/));
const steps = [...checks, ['electron-vite', 'build']].map(([cmd, ...args], i) => ({ name: [cmd, ...args].join(' '), log: `reports/prepare-${i}.log`, cmd: bin(cmd), args }));
const codes = await Promise.all(steps.map((st) => run(st.cmd, st.args, st.log)));
for (const [i, st] of steps.entries()) {
  const out = readFileSync(st.log, 'utf8').trim();
  if (codes[i] !== 0 || out) console.log(`--- ${st.name}${codes[i] !== 0 ? ` (failed, exit ${codes[i]})` : ''}\n${out}`);
}
const failed = codes.find((c) => c !== 0);
if (failed !== undefined) process.exit(failed);
const serial = process.env.FUQI_TEST_SERIAL === '1';
banner(`unit tests${serial ? '' : ' (the end-to-end suite runs beside them; its output follows)'} (${secs()})`);
let unit;
let e2e;
if (serial) {
  unit = await run(bin('vitest'), ['run']);
  e2e = await run(bin('playwright'), ['test'], 'reports/e2e.log');
} else {
  [unit, e2e] = await Promise.all([run(bin('vitest'), ['run']), run(bin('playwright'), ['test'], 'reports/e2e.log')]);
}
banner(`end-to-end tests (${secs()})`);
try {
  process.stdout.write(readFileSync('reports/e2e.log', 'utf8'));
} catch {
  console.log('(no end-to-end output)');
}
banner(`done in ${secs()}`);
process.exit(unit || e2e);
