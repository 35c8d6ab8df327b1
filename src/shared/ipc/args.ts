import { z } from 'zod';
import { IpcChannel, type IpcInvokeMap } from './contract';
import { PrintRequest } from './print-request';

const Id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'use an id of letters, digits, "-" or "_"');

/**
 * The validator of every channel's argument. Main runs it before any handler sees the payload;
 * a payload that fails is answered with `ipc/bad-request` and a message naming the field.
 */
export const IPC_ARGS: { [C in keyof IpcInvokeMap]: z.ZodType } = {
  [IpcChannel.APP_INFO]: z.null(),
  [IpcChannel.PROJECTS_LIST]: z.null(),
  [IpcChannel.PROJECTS_RENDER]: z.strictObject({ projectId: Id }),
  [IpcChannel.PRINT_PREFLIGHT]: PrintRequest,
  [IpcChannel.PRINT_START]: PrintRequest,
  [IpcChannel.PRINT_STATUS]: z.strictObject({ jobId: Id }),
  [IpcChannel.PRINT_CANCEL]: z.strictObject({ jobId: Id }),
  [IpcChannel.RULEBOOK_RENDER]: z.strictObject({ projectId: Id, lang: z.enum(['zh', 'en']), paper: z.enum(['a4', 'a5', 'letter']) }),
  [IpcChannel.RULEBOOK_START]: z.strictObject({ projectId: Id, lang: z.enum(['zh', 'en']), paper: z.enum(['a4', 'a5', 'letter']), booklet: z.boolean() }),
  [IpcChannel.SHELL_SHOW_IN_FOLDER]: z.strictObject({ path: z.string().min(1).max(4096) }),
};
