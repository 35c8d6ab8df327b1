import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import { join } from 'node:path';
import { CSP } from '../shared/security/csp';
import { registerIpc } from './ipc/registry';
import { createHandlers } from './ipc';
import { createServices } from './services';
import { flushingStorageAfterLan } from './storage-flush';
import { appPage, guardSession, guardWebContents } from './window-guard';

// Composition root: create the services, register every channel, guard and open the window. Nothing else.

const services = createServices({ mode: 'desktop', trashItem: (path) => shell.trashItem(path), rendererDir: join(__dirname, '../renderer') });
const handlers = createHandlers(
  services,
  (path) => {
    shell.showItemInFolder(path);
    return true;
  },
  async ({ title, defaultPath }) => {
    // Modal to the window that asked, so the picker stays above it.
    const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
    const options = { title, defaultPath, properties: ['openDirectory' as const, 'createDirectory' as const] };
    const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return r.canceled ? null : (r.filePaths[0] ?? null);
  },
);
const page = appPage({ isPackaged: app.isPackaged, devUrl: process.env.ELECTRON_RENDERER_URL, indexFile: join(__dirname, '../renderer/index.html') });

// The window's storage (the match in play, the LAN table's invitation) is written out after the
// LAN table's calls, so a crash of the app keeps what its table restores when it starts again.
registerIpc(ipcMain, flushingStorageAfterLan(handlers, () => session.defaultSession.flushStorageData()), page);
// Every web contents, not just the main window's: a <webview> or popup would otherwise escape the guard.
app.on('web-contents-created', (_e, contents) => guardWebContents(contents, page));

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
      webviewTag: false,
      spellcheck: false,
    },
  });
  if (page.kind === 'dev') void win.loadURL(page.url);
  else void win.loadFile(page.file);
}

void app.whenReady().then(() => {
  session.defaultSession.webRequest.onHeadersReceived((details, cb) => {
    cb({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  guardSession(session.defaultSession, page);
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

// Nothing may listen on the network once the window is gone. The LAN table's devices are told the
// host is away (its table restores the invitation when it reopens) before the app goes.
let lanClosed = false;
app.on('before-quit', (e) => {
  if (lanClosed) return;
  e.preventDefault();
  lanClosed = true;
  void services.lan.dispose().finally(() => app.quit());
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
