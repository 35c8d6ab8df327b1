/**
 * A worker entry for the pool's own tests: tasks that answer, report progress, ignore a cancel,
 * honour one, fail, or crash the thread. Not part of the app.
 */
import { threadId } from 'node:worker_threads';
import { serveTasks } from './protocol';
import { workingOn } from '../../../shared/util/working-on';

/** The test tasks and their inputs and answers. */
export type TestTasks = {
  /** The thread it ran on, and its input. */
  whoami: { input: string; output: { threadId: number; input: string } };
  /** Reports 1/4, 1/2, 1, then answers. */
  steps: { input: null; output: string };
  /** Spins the thread for `input` ms without looking at its signal. */
  spin: { input: number; output: number };
  /** Waits up to `input` ms, answering 'aborted' as soon as it is cancelled. */
  wait: { input: number; output: 'aborted' | 'waited' };
  /** Throws (the task fails; the worker lives on). */
  fail: { input: string; output: never };
  /** Throws outside any task, which kills the thread. */
  crash: { input: string; output: never };
  /** Says it works on layer "body" of card RAT, then spins for `input` ms. */
  stuck: { input: number; output: number };
  /** Allocates memory until the worker's heap limit stops it. */
  hog: { input: null; output: never };
};

serveTasks({
  stuck: async (ms: number) => {
    workingOn('layer', 'RAT', 'body', 'front');
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
  hog: async () => {
    workingOn('file', 'art/huge.svg');
    const keep: number[][] = [];
    for (;;) keep.push(Array.from({ length: 1e6 }, (_, i) => i * 1.5));
  },
  whoami: async (input: string) => ({ threadId, input }),
  steps: async (_: null, ctx) => {
    for (const f of [0.25, 0.5, 1]) {
      ctx.progress(f);
      await new Promise((r) => setTimeout(r, 5));
    }
    return 'stepped';
  },
  spin: async (ms: number) => {
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
  wait: (ms: number, ctx) =>
    new Promise((resolve) => {
      const t = setTimeout(() => resolve('waited'), ms);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(t);
        resolve('aborted');
      });
    }),
  fail: async (message: string) => {
    throw new Error(message);
  },
  crash: async (message: string) => {
    setTimeout(() => {
      throw new Error(message);
    });
    return new Promise(() => {});
  },
});
