import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import { join } from 'node:path';
import { IpcChannel } from '../shared/ipc/contract';
import { dispatch } from './ipc/registry';
import { createHandlers } from './ipc';
import { createServices } from './services';
import { CSP } from './web-host';

// Composition root: create the services, register every channel, open the window. Nothing else.

const services = createServices({ mode: 'desktop' });
const handlers = createHandlers(services, (path) => {
  shell.showItemInFolder(path);
  return true;
});

for (const channel of Object.values(IpcChannel)) ipcMain.handle(channel, (_e, arg: unknown) => dispatch(handlers, channel, arg));

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1360,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    backgroundColor: '#F7F1E3',
    title: 'Fuqi Workshop 福器工坊',
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      spellcheck: false,
    },
  });
  // No navigation away from the app and no new windows: the renderer has nothing remote to show.
  win.webContents.on('will-navigate', (e, url) => {
    if (url !== win.webContents.getURL()) e.preventDefault();
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void win.loadFile(join(__dirname, '../renderer/index.html'));
}

void app.whenReady().then(() => {
  session.defaultSession.webRequest.onHeadersReceived((details, cb) => {
    cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
