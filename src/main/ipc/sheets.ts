import { IpcChannel } from '../../shared/ipc/contract';
import { err } from '../../shared/util/result';
import { addArt, listArt } from '../services/art';
import type { Services } from '../services';
import { exportProjectData, previewProjectImport, type SheetReader } from '../services/sheets/project-data';
import { runTask } from '../services/workers/export-pool';
import { unwrap, type Handlers } from './registry';

type SheetChannel = typeof IpcChannel.SHEETS_PREVIEW_IMPORT | typeof IpcChannel.SHEETS_EXPORT | typeof IpcChannel.PROJECTS_ADD_ART | typeof IpcChannel.PROJECTS_ART;

/** Base64 (already checked by the channel's validator) as bytes. */
const fromBase64 = (b64: string): Uint8Array => {
  const buf = Buffer.from(b64, 'base64');
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
};

/**
 * Card data files and art: `sheets:preview-import` reads the spreadsheet on an export worker (an
 * XLSX is unzipped and parsed there, never on the main thread) and compares it with the cards on
 * disk; `sheets:export` writes CSV/XLSX into the export folder; `projects:add-art` and
 * `projects:art` add to and list a project's `art/` folder (sharp decodes on its own threads).
 */
export function sheetHandlers(s: Services): Pick<Handlers, SheetChannel> {
  const onWorker: SheetReader = (file, bytes, sheet) => runTask(s.workers, 'read-sheet', { file, bytes, ...(sheet === undefined ? {} : { sheet }) }, { priority: 'interactive', key: 'import', label: `the spreadsheet ${file}` });
  return {
    [IpcChannel.SHEETS_PREVIEW_IMPORT]: async ({ projectId, fileName, bytes, sheet }) =>
      unwrap(await previewProjectImport(s, onWorker, { projectId, fileName, bytes: fromBase64(bytes), ...(sheet === undefined ? {} : { sheet }) })),
    [IpcChannel.SHEETS_EXPORT]: async (arg) => unwrap(await exportProjectData(s, s.exportDir, arg)),
    [IpcChannel.PROJECTS_ADD_ART]: async ({ projectId, fileName, bytes }) => {
      const where = s.projects.locate(projectId);
      if (!where.ok) return unwrap(where);
      if (where.value.builtIn)
        return unwrap(err('projects/read-only', `"${projectId}" is a built-in project and is never changed; make a copy (New project → from ${projectId}) and add art to the copy.`));
      const p = s.projects.get(projectId);
      if (!p.ok) return unwrap(p);
      const cardWidthMm = s.projects.summary(p.value).card.width;
      return unwrap(await addArt({ projectId, dir: where.value.dir, cardWidthMm, recordWrite: (rel, content) => s.watcher.recordWrite(projectId, rel, content) }, fileName, fromBase64(bytes)));
    },
    [IpcChannel.PROJECTS_ART]: async ({ projectId }) => {
      const where = s.projects.locate(projectId);
      if (!where.ok) return unwrap(where);
      return listArt(where.value.dir);
    },
  };
}
