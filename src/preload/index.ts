import { contextBridge, ipcRenderer } from 'electron';
import { createRawApi, type IpcEnvelope } from '../shared/ipc/contract';

// One function per channel on window.api, each a typed ipcRenderer.invoke; raw ipcRenderer is never exposed.
contextBridge.exposeInMainWorld(
  'api',
  createRawApi((channel, arg) => ipcRenderer.invoke(channel, arg) as Promise<IpcEnvelope<unknown>>),
);
