import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppError, createApi, createRawApi, IpcChannel, APP_CHANNELS, ASSETS_CHANNELS, LAB_CHANNELS, LAN_CHANNELS, MATCHES_CHANNELS, PRINT_CHANNELS, PROJECTS_CHANNELS, SHEETS_CHANNELS, TEMPLATES_CHANNELS, type AppInfo, type LoadedMatch, type MatchFile, type SavedMatchInfo, type PreflightReport, type PickedFolder, type PrintJobStatus, type ProjectFolders, type ProjectSummary, type RenderedProject, type RenderPageArg, type RenderedRulebook, type RulebookArg, type WindowApi, type PreviewImportArg, type ImportPreviewResult, type SheetExportArg, type SheetExportResult, type AddArtArg, type AddedArt, type ArtFile, type AddFontArg, type AddedFont, type FontTables, type ProjectFontInfo } from './contract';
import { IPC_ARGS } from './args';
import type { PrintRequest } from './print-request';
import type { KitRequest } from './kit-request';
import type { CardKitJob } from '../print/card-kit-request';

describe('IPC contract', () => {
  it('channel names are domain:verb and unique', () => {
    const names = Object.values(IpcChannel);
    for (const n of names) expect(n).toMatch(/^[a-z]+:[a-z-]+$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('each channel key belongs to exactly one feature (the joined map loses none)', () => {
    const features = [APP_CHANNELS, PROJECTS_CHANNELS, ASSETS_CHANNELS, PRINT_CHANNELS, LAB_CHANNELS, MATCHES_CHANNELS, SHEETS_CHANNELS, LAN_CHANNELS, TEMPLATES_CHANNELS];
    const keys = features.flatMap((f) => Object.keys(f));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(IpcChannel).sort()).toEqual(keys.sort());
  });

  it('every channel has an argument validator', () => {
    expect(Object.keys(IPC_ARGS).sort()).toEqual(Object.values(IpcChannel).sort());
  });

  it('createApi exposes exactly one function per channel, invoking that channel', async () => {
    const calls: [string, unknown][] = [];
    const api = createApi(async (channel, arg) => {
      calls.push([channel, arg]);
      return { ok: true, value: channel };
    });
    expect(Object.keys(api).sort()).toEqual(Object.keys(IpcChannel).sort());
    for (const [key, channel] of Object.entries(IpcChannel)) {
      const fn = (api as unknown as Record<string, (a: unknown) => Promise<unknown>>)[key]!;
      expect(await fn(null)).toBe(channel);
    }
    expect(calls.map((c) => c[0])).toEqual(Object.values(IpcChannel));
  });

  it('unwraps failures into an AppError that keeps the code', async () => {
    const api = createApi(async () => ({ ok: false, error: { code: 'projects/not-found', message: 'There is no project "x".' } }));
    await expect(api.PROJECTS_RENDER({ projectId: 'x' })).rejects.toMatchObject({ name: 'AppError', code: 'projects/not-found', message: 'There is no project "x".' });
    await expect(api.PROJECTS_RENDER({ projectId: 'x' })).rejects.toBeInstanceOf(AppError);
  });

  it('the raw API (what the preload exposes) answers envelopes untouched', async () => {
    const raw = createRawApi(async () => ({ ok: false, error: { code: 'c', message: 'm' } }));
    await expect(raw.APP_INFO(null)).resolves.toEqual({ ok: false, error: { code: 'c', message: 'm' } });
  });

  it('has the signatures the renderer relies on', () => {
    expectTypeOf<WindowApi['APP_INFO']>().toEqualTypeOf<(arg: null) => Promise<AppInfo>>();
    expectTypeOf<WindowApi['PROJECTS_LIST']>().toEqualTypeOf<(arg: null) => Promise<ProjectSummary[]>>();
    expectTypeOf<WindowApi['PROJECTS_RENDER']>().toEqualTypeOf<(arg: RenderPageArg) => Promise<RenderedProject>>();
    expectTypeOf<WindowApi['PRINT_PREFLIGHT']>().toEqualTypeOf<(arg: PrintRequest) => Promise<PreflightReport>>();
    expectTypeOf<WindowApi['PRINT_START']>().toEqualTypeOf<(arg: PrintRequest) => Promise<{ jobId: string }>>();
    expectTypeOf<WindowApi['PRINT_STATUS']>().toEqualTypeOf<(arg: { jobId: string }) => Promise<PrintJobStatus>>();
    expectTypeOf<WindowApi['PRINT_KIT_START']>().toEqualTypeOf<(arg: KitRequest | CardKitJob) => Promise<{ jobId: string }>>();
    expectTypeOf<WindowApi['PRINT_CANCEL']>().toEqualTypeOf<(arg: { jobId: string }) => Promise<{ cancelled: boolean }>>();
    expectTypeOf<WindowApi['RULEBOOK_RENDER']>().toEqualTypeOf<(arg: RulebookArg & { markdown?: string }) => Promise<RenderedRulebook>>();
    expectTypeOf<WindowApi['RULEBOOK_START']>().toEqualTypeOf<(arg: RulebookArg & { booklet: boolean }) => Promise<{ jobId: string }>>();
    expectTypeOf<WindowApi['SHELL_SHOW_IN_FOLDER']>().toEqualTypeOf<(arg: { path: string }) => Promise<{ shown: boolean }>>();
    expectTypeOf<WindowApi['MATCHES_SAVE']>().toEqualTypeOf<(arg: { match: MatchFile; replaces?: string }) => Promise<SavedMatchInfo>>();
    expectTypeOf<WindowApi['MATCHES_LIST']>().toEqualTypeOf<(arg: null) => Promise<SavedMatchInfo[]>>();
    expectTypeOf<WindowApi['MATCHES_LOAD']>().toEqualTypeOf<(arg: { id: string }) => Promise<LoadedMatch>>();
    expectTypeOf<WindowApi['DIALOG_PICK_FOLDER']>().toEqualTypeOf<(arg: { title?: string }) => Promise<PickedFolder>>();
    expectTypeOf<WindowApi['PROJECTS_FOLDERS']>().toEqualTypeOf<(arg: null) => Promise<ProjectFolders>>();
    expectTypeOf<WindowApi['PROJECTS_ADD_FONT']>().toEqualTypeOf<(arg: AddFontArg) => Promise<AddedFont>>();
    expectTypeOf<WindowApi['PROJECTS_FONTS']>().toEqualTypeOf<(arg: { projectId: string }) => Promise<{ fonts: ProjectFontInfo[] }>>();
    expectTypeOf<WindowApi['PROJECTS_FONT_BYTES']>().toEqualTypeOf<(arg: { projectId: string; face: string }) => Promise<{ bytes: string }>>();
    expectTypeOf<WindowApi['PROJECTS_FONT_LICENCE']>().toEqualTypeOf<(arg: { projectId: string; face: string; licence: string }) => Promise<ProjectFontInfo>>();
    expectTypeOf<WindowApi['TEMPLATES_MEASURE']>().toEqualTypeOf<(arg: { chars: string; projectId?: string }) => Promise<FontTables>>();
  });

  it('project font channels take only face ids the app made, and bounded files and licences', () => {
    const face = IPC_ARGS['projects:font-bytes'];
    expect(face.safeParse({ projectId: 'p', face: 'font:old-press.ttf' }).success).toBe(true);
    expect(face.safeParse({ projectId: 'p', face: 'font:字体.woff2' }).success).toBe(true);
    for (const bad of ['font:../x.ttf', 'font:a/b.ttf', 'font:.hidden.ttf', 'font:x.woff', 'font:x.TTF', 'sans', 'font:'])
      expect(face.safeParse({ projectId: 'p', face: bad }).success, bad).toBe(false);
    const add = IPC_ARGS['projects:add-font'];
    expect(add.safeParse({ projectId: 'p', fileName: 'a.ttf', bytes: 'AAAA', licence: 'OFL' }).success).toBe(true);
    expect(add.safeParse({ projectId: 'p', fileName: 'a.ttf', bytes: 'AAAA' }).success).toBe(false);
    expect(add.safeParse({ projectId: 'p', fileName: 'a.ttf', bytes: 'not base64!', licence: '' }).success).toBe(false);
    expect(add.safeParse({ projectId: 'p', fileName: 'a.ttf', bytes: 'AAAA', licence: 'x'.repeat(100_001) }).success).toBe(false);
    expect(IPC_ARGS['templates:measure'].safeParse({ chars: 'a', projectId: '../x' }).success).toBe(false);
  });

  it('validators refuse malformed payloads and accept good ones with defaults', () => {
    expect(IPC_ARGS['projects:render'].safeParse({ projectId: '../../etc' }).success).toBe(false);
    expect(IPC_ARGS['projects:render'].safeParse({ projectId: 'doufu', extra: 1 }).success).toBe(false);
    expect(IPC_ARGS['projects:render'].safeParse({ projectId: 'doufu', offset: 120, limit: 60 }).success).toBe(true);
    expect(IPC_ARGS['projects:render'].safeParse({ projectId: 'doufu', limit: 201 }).success).toBe(false);
    expect(IPC_ARGS['projects:render'].safeParse({ projectId: 'doufu', limit: 0 }).success).toBe(false);
    expect(IPC_ARGS['projects:render'].safeParse({ projectId: 'doufu', offset: -1 }).success).toBe(false);
    expect(IPC_ARGS['projects:render'].safeParse({ projectId: 'doufu', offset: 1.5 }).success).toBe(false);
    expect(IPC_ARGS['print:start'].safeParse({ projectId: 'doufu', bleed: 40 }).success).toBe(false);
    expect(IPC_ARGS['print:start'].safeParse({ projectId: 'doufu', out: '/etc/passwd' }).success).toBe(false);
    const ok = IPC_ARGS['print:start'].safeParse({ projectId: 'doufu' });
    expect(ok.success && ok.data).toMatchObject({ paper: 'a4', duplex: 'long', bleed: 3, marks: 'crop', copies: 'set', calibration: true });
  });
});
