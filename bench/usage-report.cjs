// Preloaded (`node -r`) into a process the CLI benchmark starts: at exit, appends the process's
// own CPU time and peak RSS to the file named by FUQI_BENCH_USAGE, one JSON line. The parent
// cannot read them itself (Node gives no rusage of a child).
const { appendFileSync } = require('node:fs');

process.once('exit', () => {
  const r = process.resourceUsage();
  appendFileSync(process.env.FUQI_BENCH_USAGE, `${JSON.stringify({ cpuMs: (r.userCPUTime + r.systemCPUTime) / 1000, maxRssKb: r.maxRSS })}\n`);
});
