import { IpcChannel } from '../../shared/ipc/contract';
import { unwrap, type Handlers } from './registry';
import type { Services } from '../services';

type TemplateChannel =
  | typeof IpcChannel.TEMPLATES_OPEN
  | typeof IpcChannel.TEMPLATES_SAVE
  | typeof IpcChannel.TEMPLATES_SAVE_RULES
  | typeof IpcChannel.TEMPLATES_ADD
  | typeof IpcChannel.TEMPLATES_DUPLICATE
  | typeof IpcChannel.TEMPLATES_RENAME
  | typeof IpcChannel.TEMPLATES_DELETE
  | typeof IpcChannel.TEMPLATES_IMAGES
  | typeof IpcChannel.TEMPLATES_IMAGE_INFO;

/** `templates:*` handlers: the template editor's reads and atomic writes (see services/templates.ts). */
export function templateHandlers(s: Services): Pick<Handlers, TemplateChannel> {
  return {
    [IpcChannel.TEMPLATES_OPEN]: ({ projectId }) => unwrap(s.templates.open(projectId)),
    [IpcChannel.TEMPLATES_SAVE_RULES]: ({ projectId, rules }) => unwrap(s.templates.saveRules(projectId, rules)),
    [IpcChannel.TEMPLATES_SAVE]: ({ projectId, name, template, baseRevision }) => unwrap(s.templates.save(projectId, name, template, baseRevision)),
    [IpcChannel.TEMPLATES_ADD]: ({ projectId, name, template }) => unwrap(s.templates.add(projectId, name, template)),
    [IpcChannel.TEMPLATES_DUPLICATE]: ({ projectId, from, name }) => unwrap(s.templates.duplicate(projectId, from, name)),
    [IpcChannel.TEMPLATES_RENAME]: ({ projectId, from, to }) => unwrap(s.templates.rename(projectId, from, to)),
    [IpcChannel.TEMPLATES_DELETE]: ({ projectId, name }) => unwrap(s.templates.remove(projectId, name)),
    [IpcChannel.TEMPLATES_IMAGES]: async ({ projectId, refs }) => unwrap(await s.templates.images(projectId, refs)),
    [IpcChannel.TEMPLATES_IMAGE_INFO]: async ({ projectId, refs }) => unwrap(await s.templates.imageInfo(projectId, refs)),
  };
}
