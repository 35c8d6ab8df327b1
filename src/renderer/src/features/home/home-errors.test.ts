import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/ipc/contract';
import { homeError } from './home-errors';
import { CATALOGUES } from '../../i18n/catalogue';

describe('homeError', () => {
  it('words a refused open by its reason, keeping main’s message as details', () => {
    const e = new AppError('projects/not-a-project', 'There is no folder /x; check the path.', { reason: 'missing' });
    expect(homeError(e)).toEqual({ key: 'home.err.missing', params: { example: '/home/me/Documents/my-game' }, detail: 'There is no folder /x; check the path. (projects/not-a-project)' });
    expect(homeError(new AppError('projects/not-a-project', 'm', { reason: 'no-project-json' })).key).toBe('home.err.noProjectJson');
    expect(homeError(new AppError('projects/not-a-project', 'm', { reason: 'relative' }), '/p/my-game').params.example).toBe('/p/my-game');
    expect(homeError(new AppError('projects/not-a-project', 'm', { reason: 'something new' })).key).toBe('home.err.notAProject');
  });

  it('words other failures by their code, and anything else generically', () => {
    expect(homeError(new AppError('projects/trash-failed', 'm')).key).toBe('home.err.trashFailed');
    expect(homeError(new AppError('dialog/unavailable', 'm')).key).toBe('home.err.noDialog');
    expect(homeError(new AppError('net/unreachable', 'm')).key).toBe('home.err.net');
    expect(homeError(new Error('boom'))).toMatchObject({ key: 'home.err.generic', detail: 'boom' });
    expect(homeError('odd').key).toBe('home.err.generic');
  });

  it('every key it can answer exists in both languages', () => {
    const codes = ['projects/not-a-project', 'projects/not-found', 'projects/read-only', 'projects/copy-failed', 'projects/trash-failed', 'cards/invalid', 'dialog/unavailable', 'ipc/bad-request', 'net/x', 'x'];
    const reasons = ['relative', 'missing', 'link', 'file', 'no-project-json', undefined];
    for (const c of codes)
      for (const r of reasons) {
        const { key } = homeError(new AppError(c, 'm', r ? { reason: r } : undefined));
        expect(CATALOGUES.zh[key]).toBeTruthy();
        expect(CATALOGUES.en[key]).toBeTruthy();
      }
  });
});
