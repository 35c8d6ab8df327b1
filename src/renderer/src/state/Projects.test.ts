import { describe, expect, it } from 'vitest';
import type { RenderedProject, WindowApi } from '../../../shared/ipc/contract';
import { ProjectSession } from './Projects.svelte';

describe('ProjectSession covers', () => {
  it('asks for a cover once, however often Home asks while it is on its way, and again only after a failure', async () => {
    let calls = 0;
    let fail = true;
    const answer = { cards: [{ id: 'a' }], images: {} } as unknown as RenderedProject;
    const api = {
      PROJECTS_RENDER: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error('worker busy');
        return answer;
      },
    } as unknown as WindowApi;
    const s = new ProjectSession(api, 'u-a');
    await Promise.all([s.loadCover(), s.loadCover(), s.loadCover()]);
    expect(calls).toBe(1);
    expect(s.cover).toBeNull();
    fail = false;
    await Promise.all([s.loadCover(), s.loadCover()]);
    expect(calls).toBe(2);
    expect(s.cover).toBe(answer);
    await s.loadCover();
    expect(calls).toBe(2);
  });
});
