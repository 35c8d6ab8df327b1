// The print dialog's card-game kits (斗老闆, 摸鱼王, 斗十四) go through one request: checked with
// a message naming the option, named after the game, paper and parts left in, and written by the
// same function the CLI's `export <game>-kit` calls, so the dialog's job writes the CLI's bytes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IPC_ARGS } from '../../../shared/ipc/args';
import { IpcChannel } from '../../../shared/ipc/contract';
import { PrintService } from '../print';
import { planCardKit } from './card-kits';
import { exportMoyuKit } from './moyu-kit';
import { exportShisiKit } from './shisi-kit';
import { finishedKitJob, kitFixture } from './kit-test-helpers';

const { deps, dir } = kitFixture('fuqi-cardkits-');

/** Run a dialog kit job to its end and answer the file it wrote and its page count. */
async function dialogJob(print: PrintService, req: unknown): Promise<{ path: string; pages: number }> {
  const job = await finishedKitJob(print, req, 4800);
  return { path: job.files[0]!.path, pages: job.pages ?? 0 };
}

describe('card-game kits from the print dialog', () => {
  it('names the file after the game, the paper and the parts left in', () => {
    const base = (req: unknown): string => {
      const p = planCardKit(req);
      if (!p.ok) throw new Error(p.error.message);
      return p.value.base;
    };
    expect(base({ game: 'moyu-wang' })).toBe('moyu-wang-kit-a4');
    expect(base({ game: 'moyu-wang', paper: 'letter', parts: ['markers'] })).toBe('moyu-wang-kit-letter-markers');
    expect(base({ game: 'moyu-wang', parts: ['markers', 'cards'] })).toBe('moyu-wang-kit-a4');
    expect(base({ game: 'dou-laoban', paper: 'a3', parts: ['score', 'pieces'] })).toBe('dou-laoban-kit-a3-pieces-score');
    expect(base({ game: 'dou-shisi', paper: 'tabloid' })).toBe('dou-shisi-kit-tabloid');
  });

  it('refuses a bad request with the option to fix, and the IPC schema tells each kit apart', () => {
    const paper = planCardKit({ game: 'moyu-wang', paper: 'a5' });
    expect(paper.ok ? '' : paper.error.message).toMatch(/^Kit option paper: /);
    const part = planCardKit({ game: 'moyu-wang', parts: ['pieces'] });
    expect(part.ok ? '' : part.error.message).toMatch(/^Kit option parts\.0: /);
    // 斗十四's kit is one piece: a parts list is a mistake, not ignored.
    const shisi = planCardKit({ game: 'dou-shisi', parts: ['cards'] });
    expect(shisi.ok).toBe(false);
    const schema = IPC_ARGS[IpcChannel.PRINT_KIT_START];
    expect(schema.safeParse({ game: 'moyu-wang', parts: ['markers'] }).success).toBe(true);
    expect(schema.safeParse({ game: 'dou-shisi', duplex: 'short' }).success).toBe(true);
    expect(schema.safeParse({ game: 'dou-shisi', parts: ['cards'] }).success).toBe(false);
    expect(schema.safeParse({ game: 'moyu-wang', parts: ['tokens'] }).success).toBe(false);
    expect(schema.safeParse({ game: 'chess' }).success).toBe(false);
    expect(schema.safeParse({ paper: 'a4', parts: ['tokens'] }).success).toBe(true); // 生肖赛跑's, as before
  });

  it('摸鱼王: the dialog’s job writes the same bytes as the CLI for the same request', async () => {
    const cliFile = join(dir, 'cli-mw.pdf');
    const cli = await exportMoyuKit(deps, { paper: 'letter', parts: ['markers'] }, cliFile);
    if (!cli.ok) throw new Error(cli.error.message);
    const print = new PrintService({ ...deps, exportDir: join(dir, 'exports-mw') });
    const job = await dialogJob(print, { game: 'moyu-wang', paper: 'letter', parts: ['markers'] });
    expect(job.path).toMatch(/moyu-wang-kit-letter-markers\.pdf$/);
    expect(job.pages).toBe(cli.value.pages);
    expect(readFileSync(job.path).equals(readFileSync(cliFile))).toBe(true);
  }, 120_000);

  it('斗十四: the dialog’s job writes the same bytes as the CLI, fronts only when asked', async () => {
    const cliFile = join(dir, 'cli-ds.pdf');
    const cli = await exportShisiKit(deps, { paper: 'a4', duplex: 'none' }, cliFile);
    if (!cli.ok) throw new Error(cli.error.message);
    const print = new PrintService({ ...deps, exportDir: join(dir, 'exports-ds') });
    const job = await dialogJob(print, { game: 'dou-shisi', paper: 'a4', duplex: 'none' });
    expect(job.path).toMatch(/dou-shisi-kit-a4\.pdf$/);
    expect(job.pages).toBe(cli.value.pages);
    expect(readFileSync(job.path).equals(readFileSync(cliFile))).toBe(true);
  }, 120_000);
});
