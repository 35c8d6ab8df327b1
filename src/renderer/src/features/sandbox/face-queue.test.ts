import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Animation frames run by hand: `frame(ms)` runs the callbacks waiting, at a time `ms` after the last. */
function frames() {
  let waiting: FrameRequestCallback[] = [];
  let now = 0;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => (waiting.push(cb), waiting.length));
  return (ms = 16) => {
    now += ms;
    const run = waiting;
    waiting = [];
    for (const cb of run) cb(now);
  };
}

describe('faces drawn a batch a frame', () => {
  let q: typeof import('./face-queue');
  let frame: ReturnType<typeof frames>;
  beforeEach(async () => {
    vi.resetModules();
    frame = frames();
    q = await import('./face-queue');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('draws a few faces at once, queues the rest, and draws more a frame while frames stay quick', () => {
    const drawn: number[] = [];
    for (let i = 0; i < 100; i++) q.queueFace(() => drawn.push(i));
    expect(drawn).toEqual([0, 1, 2, 3]);
    expect(q.facesWaiting()).toBe(96);
    const per: number[] = [];
    while (q.facesWaiting()) {
      const before = drawn.length;
      frame(16);
      per.push(drawn.length - before);
    }
    // In order, each once, more per frame as the frames stay quick.
    expect(drawn).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(per[0]).toBe(4);
    expect(per.at(-2)!).toBeGreaterThan(per[0]!);
  });

  it('a slow frame halves the next batch', () => {
    const drawn: number[] = [];
    for (let i = 0; i < 200; i++) q.queueFace(() => drawn.push(i));
    frame(16);
    frame(16);
    frame(16);
    const quick = drawn.length;
    frame(16);
    const grown = drawn.length - quick;
    frame(80);
    expect(drawn.length - quick - grown).toBe(Math.max(2, grown >> 1));
  });

  it('holds every face while a card is carried, and after the drop starts again from a small batch, the frame after the drop’s', () => {
    const drawn: number[] = [];
    q.holdFaces(true);
    for (let i = 0; i < 20; i++) q.queueFace(() => drawn.push(i));
    frame();
    frame();
    expect(drawn).toEqual([]);
    q.holdFaces(false);
    frame(); // the drop's own frame
    expect(drawn).toEqual([]);
    frame();
    expect(drawn).toEqual([0, 1]);
    frame();
    expect(drawn.length).toBeGreaterThan(2);
  });

  it('a face cancelled before its frame is never drawn', () => {
    const drawn: string[] = [];
    for (let i = 0; i < 4; i++) q.queueFace(() => drawn.push(`now${i}`));
    const cancel = q.queueFace(() => drawn.push('gone'));
    q.queueFace(() => drawn.push('kept'));
    cancel();
    frame();
    expect(drawn).toEqual(['now0', 'now1', 'now2', 'now3', 'kept']);
  });
});
