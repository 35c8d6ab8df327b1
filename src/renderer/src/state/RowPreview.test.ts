import { describe, expect, it } from 'vitest';
import type { RenderedProject, RenderRowArg } from '../../../shared/ipc/contract';
import { RowPreview } from './RowPreview.svelte';

function fakeApi() {
  const calls: { arg: RenderRowArg; resolve: () => void }[] = [];
  const api = {
    PROJECTS_RENDER_ROW: (arg: RenderRowArg) =>
      new Promise<RenderedProject>((resolve) => calls.push({ arg, resolve: () => resolve({ cards: [{ id: arg.row[0] }] } as unknown as RenderedProject) })),
  };
  return { api, calls };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RowPreview', () => {
  it('keeps one request in flight and only the latest wish, dropping stale answers', async () => {
    const { api, calls } = fakeApi();
    const p = new RowPreview(api, 'u-x');
    p.request(['id'], ['a']);
    p.request(['id'], ['ab']);
    p.request(['id'], ['abc']);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await tick();
    // The answer for "a" is stale: not shown; "abc" is asked next ("ab" never is).
    expect(p.rendered).toBeNull();
    expect(calls.map((c) => c.arg.row[0])).toEqual(['a', 'abc']);
    calls[1]!.resolve();
    await tick();
    expect(p.rendered?.cards[0]!.id).toBe('abc');
    expect(p.busy).toBe(false);
  });

  it('skips a request equal to the last one unless forced', async () => {
    const { api, calls } = fakeApi();
    const p = new RowPreview(api, 'u-x');
    p.request(['id'], ['a']);
    calls[0]!.resolve();
    await tick();
    p.request(['id'], ['a']);
    expect(calls).toHaveLength(1);
    p.request(['id'], ['a'], true);
    expect(calls).toHaveLength(2);
  });
});
