// `npm start`: check what the desktop app needs (scripts/start-checks.mjs), build, open the window.
// A missing piece prints one line saying what to install (or `npm run web` meanwhile) and exits 1.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronProblem, nodeProblem } from './start-checks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const problem = nodeProblem() ?? electronProblem(join(root, 'node_modules', 'electron'));
if (problem) {
  console.error(problem);
  process.exit(1);
}
const bin = (name) => join(root, 'node_modules', '.bin', name);
for (const args of [['build'], ['preview']]) {
  const r = spawnSync(bin('electron-vite'), args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
