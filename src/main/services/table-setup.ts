/**
 * A project's sandbox table set-up, `table.json` (shared/games/sandbox/table-file.ts): read against
 * the project's own cards, with every problem named (and a board image that is not in the
 * project's `art/` folder reported), and written back only when the user saves — atomically,
 * announced to the file watcher, refused when the file changed on disk since it was read.
 * Untrusted like every project file: read through `readProjectText` (inside the folder, no links
 * out, size-limited), parsed leniently; nothing is rewritten on read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readTableFile, TABLE_FILE, type TableCardRow } from '../../shared/games/sandbox';
import type { TableSetupOpened } from '../../shared/ipc/contract';
import { err, ok, type Result } from '../../shared/util/result';
import { projectTarget, revisionOf, writeText } from './project-write';
import type { ProjectStore } from './projects';
import { readProjectText, resolveSync } from './safe-read';
import { USER_PROJECT_ERRORS, type ProjectEditor } from './user-projects';

/** The largest `table.json` read or written (it lists zones and rules, not cards). */
export const TABLE_FILE_MAX = 1024 * 1024;
export const MISSING_REVISION = 'missing';

export class TableSetupService {
  constructor(
    private readonly store: ProjectStore,
    private readonly editor: ProjectEditor,
    private readonly announce?: (projectId: string, rel: string, text: string) => void,
  ) {}

  /** The project's cards as the table reads them: id, copies and every column. */
  private rows(projectId: string): Result<{ rows: TableCardRow[]; columns: string[]; dir: string }> {
    const p = this.store.get(projectId);
    if (!p.ok) return p;
    const columns = new Set<string>(['id', 'copies']);
    const rows = p.value.set.cards.map((c) => {
      const fields: Record<string, string> = Object.create(null);
      for (const [k, v] of Object.entries(c.fields)) {
        fields[k] = v;
        columns.add(k);
      }
      fields.id = c.id;
      fields.copies = String(c.copies);
      return { id: c.id, fields };
    });
    return ok({ rows, columns: [...columns], dir: p.value.dir });
  }

  /** Read `table.json` (or the default table) against the project's cards. */
  open(projectId: string): Result<TableSetupOpened> {
    const r = this.rows(projectId);
    if (!r.ok) return r;
    let text: string | null = null;
    try {
      text = readProjectText(r.value.dir, TABLE_FILE) ?? null;
    } catch (e) {
      return err('cards/invalid', `${join(r.value.dir, TABLE_FILE)} cannot be read: ${(e as Error).message}`, {
        message: { zh: `读不了 ${TABLE_FILE}（${(e as Error).message}）：检查它是项目文件夹里的普通文件，而不是文件夹或指向外面的链接。`, en: `${TABLE_FILE} cannot be read (${(e as Error).message}): check it is a plain file in the project folder, not a folder or a link out of it.` },
      });
    }
    if (text !== null && text.length > TABLE_FILE_MAX)
      return err('cards/invalid', `${TABLE_FILE} is over ${TABLE_FILE_MAX / 1024} KiB; a table set-up lists zones and rules, not cards.`, {
        message: { zh: `${TABLE_FILE} 超过 ${TABLE_FILE_MAX / 1024} KiB：牌桌设置只列区域和规则，不列卡牌；把卡牌放进卡牌数据。`, en: `${TABLE_FILE} is over ${TABLE_FILE_MAX / 1024} KiB: a table set-up lists zones and rules, not cards; put the cards in the card data.` },
      });
    const read = readTableFile(text, r.value.rows, r.value.columns);
    const problems = [...read.problems];
    let options = read.options;
    const board = options.board;
    if (board && !this.inProject(r.value.dir, board.image)) {
      problems.push({ path: 'board.image', message: { zh: `找不到棋盘图片 ${board.image}：把它放进项目的 art/ 文件夹，或改掉 board.image。`, en: `The board image ${board.image} is not in the project: put it in the project's art/ folder or change board.image.` } });
      options = { ...options, board: null };
    }
    return ok({ text, revision: text === null ? MISSING_REVISION : revisionOf(text), seats: read.seats, options, problems, usedDefault: read.usedDefault, cards: r.value.rows.map((x) => x.id) });
  }

  /** Whether `rel` is a regular file inside the project folder (links out refused). */
  private inProject(dir: string, rel: string): boolean {
    try {
      const real = resolveSync(dir, rel);
      return real !== undefined && existsSync(real);
    } catch {
      return false;
    }
  }

  /**
   * Write `table.json`: refused for built-in projects, for text that is not a JSON object (the
   * editor shows the error instead), and when the file changed since `baseRevision`.
   */
  save(projectId: string, text: string, baseRevision: string): Result<{ revision: string }> {
    const dir = this.editor.writable(projectId);
    if (!dir.ok) return dir;
    if (text.length > TABLE_FILE_MAX)
      return err('cards/invalid', `The table set-up is over ${TABLE_FILE_MAX / 1024} KiB.`, { message: { zh: `牌桌设置超过 ${TABLE_FILE_MAX / 1024} KiB，没有保存：删掉用不到的区域、规则或按钮。`, en: `The table set-up is over ${TABLE_FILE_MAX / 1024} KiB and was not saved: remove zones, rules or buttons you do not need.` } });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return err('cards/invalid', `The table set-up is not valid JSON (${(e as Error).message}); fix it before saving.`, {
        message: { zh: `牌桌设置不是有效的 JSON（${(e as Error).message}），没有保存：在“高级（文本）”里改好再保存。`, en: `The table set-up is not valid JSON (${(e as Error).message}) and was not saved: fix it under “Advanced (text)”, then save.` },
      });
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return err('cards/invalid', 'The table set-up must be a JSON object ({ … }).', { message: { zh: '牌桌设置必须是一个 JSON 对象（{ … }），没有保存：在“高级（文本）”里改好再保存。', en: 'The table set-up must be a JSON object ({ … }) and was not saved: fix it under “Advanced (text)”, then save.' } });
    let now = MISSING_REVISION;
    try {
      const cur = readProjectText(dir.value, TABLE_FILE);
      if (cur !== undefined) now = revisionOf(cur);
    } catch {
      now = 'unreadable';
    }
    if (now !== baseRevision)
      return err(USER_PROJECT_ERRORS.CONFLICT, `${join(dir.value, TABLE_FILE)} changed on disk since it was opened; reload it to see that change, then make your edit again.`, {
        revision: now,
        message: { zh: `${TABLE_FILE} 在打开之后被别处改过了，这次没有保存：重新载入看看那次修改，再把你的修改做一遍（可以先在“高级（文本）”里复制下来）。`, en: `${TABLE_FILE} was changed elsewhere since it was opened, so this was not saved: reload to see that change, then make your edit again (copy it from “Advanced (text)” first if you like).` },
      });
    try {
      const target = projectTarget(dir.value, TABLE_FILE);
      this.announce?.(projectId, TABLE_FILE, text);
      return ok({ revision: writeText(target, text) });
    } catch (e) {
      return err('projects/write-failed', `Could not write ${TABLE_FILE}: ${(e as Error).message}`, { message: { zh: `写不进 ${TABLE_FILE}（${(e as Error).message}）：检查项目文件夹可写、磁盘没满，再保存一次。`, en: `Could not write ${TABLE_FILE} (${(e as Error).message}): check the project folder is writable and the disk is not full, then save again.` } });
    }
  }
}
