import { IpcChannel } from '../../shared/ipc/contract';
import type { ProjectFaceId } from '../../shared/cards/draw-list';
import { projectFontFile } from '../../shared/cards/fonts';
import { ProjectFileError } from '../../shared/cards/limits';
import { err } from '../../shared/util/result';
import { addFont, FONT_ERRORS, readProjectFontAsync, setFontLicence, type InspectFont } from '../services/project-fonts';
import type { Services } from '../services';
import { runTask } from '../services/workers/export-pool';
import { unwrap, type Handlers } from './registry';

type FontChannel = typeof IpcChannel.PROJECTS_ADD_FONT | typeof IpcChannel.PROJECTS_FONTS | typeof IpcChannel.PROJECTS_FONT_BYTES | typeof IpcChannel.PROJECTS_FONT_LICENCE | typeof IpcChannel.TEMPLATES_MEASURE;

/**
 * A project's own fonts: `projects:add-font` copies a font into `fonts/` after an export worker
 * parsed it and embedded a few glyphs (fontkit, HarfBuzz and pdf-lib never run on the main
 * thread); `projects:fonts` lists them, parsed on a worker; `projects:font-bytes` hands one to the
 * editor's preview; `projects:font-licence` sets the licence the credits show. `templates:measure`
 * with a project measures its fonts on a worker too (the bundled faces alone stay on main: their
 * tables come from the cache folder).
 */
export function fontHandlers(s: Services): Pick<Handlers, FontChannel> {
  const inspect: InspectFont = (bytes, name) => runTask(s.workers, 'inspect-font', { bytes, name }, { priority: 'interactive' });
  /** The folder of a user project (built-in projects are never changed). */
  const writable = (projectId: string, what: string) => {
    const where = s.projects.locate(projectId);
    if (!where.ok) return where;
    if (where.value.builtIn)
      return err('projects/read-only', `"${projectId}" is a built-in project and is never changed; make a copy (New project → from ${projectId}) and ${what} in the copy.`);
    return where;
  };
  return {
    [IpcChannel.PROJECTS_ADD_FONT]: async ({ projectId, fileName, bytes, licence }) => {
      const where = unwrap(writable(projectId, 'add fonts'));
      const buf = Buffer.from(bytes, 'base64');
      const data = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      return unwrap(await addFont({ projectId, dir: where.dir, inspect, recordWrite: (rel, content) => s.watcher.recordWrite(projectId, rel, content) }, fileName, data, licence));
    },
    [IpcChannel.PROJECTS_FONTS]: async ({ projectId }) => ({ fonts: unwrap(await runTask(s.workers, 'list-fonts', { projectId }, { priority: 'interactive', key: projectId })) }),
    [IpcChannel.PROJECTS_FONT_BYTES]: async ({ projectId, face }) => {
      const where = unwrap(s.projects.locate(projectId));
      const file = projectFontFile(face as ProjectFaceId);
      let bytes: Buffer | undefined;
      try {
        bytes = await readProjectFontAsync(where.dir, file);
      } catch (e) {
        if (!(e instanceof ProjectFileError)) throw e;
        return unwrap(err(FONT_ERRORS.FOLDER, e.message));
      }
      if (!bytes) return unwrap(err(FONT_ERRORS.MISSING, `The project has no font fonts/${file}; add it again from the fonts panel.`, { message: { en: `The project has no font fonts/${file}; add it again from the fonts panel.`, zh: `项目中没有字体 fonts/${file}，请在字体面板中重新添加。` } }));
      return { bytes: bytes.toString('base64') };
    },
    [IpcChannel.PROJECTS_FONT_LICENCE]: async ({ projectId, face, licence }) => {
      const where = unwrap(writable(projectId, 'set font licences'));
      unwrap(setFontLicence(where.dir, face as ProjectFaceId, licence, (rel, content) => s.watcher.recordWrite(projectId, rel, content)));
      const fonts = unwrap(await runTask(s.workers, 'list-fonts', { projectId }, { priority: 'interactive', key: projectId }));
      const font = fonts.find((f) => f.face === face);
      if (!font) return unwrap(err(FONT_ERRORS.MISSING, `The project has no font ${face}.`));
      return font;
    },
    [IpcChannel.TEMPLATES_MEASURE]: async ({ chars, projectId }) =>
      projectId === undefined ? s.templates.measure(chars) : unwrap(await runTask(s.workers, 'measure', { projectId, chars }, { priority: 'interactive', key: projectId })),
  };
}
