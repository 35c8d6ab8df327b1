import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServices } from './services';
import { createHandlers } from './ipc';
import { createWebHost } from './web-host';
import { resolveSessionKey, SESSION_QUERY } from './web-session';

/**
 * Browser mode: `npm run web` serves the built renderer and the same handlers as the desktop app
 * on http://127.0.0.1:<port> (FUQI_PORT or --port, default 5177). Exports go to FUQI_EXPORT_DIR.
 * Each launch makes a new session key (FUQI_SESSION_TOKEN fixes it) and prints the address that
 * carries it: only a browser that opened that address, or a caller sending the key, may use the API.
 */
function main(): void {
  const argPort = process.argv.indexOf('--port');
  const port = Number(argPort > 0 ? process.argv[argPort + 1] : (process.env.FUQI_PORT ?? 5177));
  const key = resolveSessionKey(process.env);
  if (!key.ok) {
    console.error(`error: ${key.error.message} (${key.error.code})`);
    process.exit(2);
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const services = createServices({ mode: 'browser', rendererDir: join(here, '..', 'renderer') });
  const server = createWebHost(createHandlers(services, () => false), join(here, '..', 'renderer'), { key: key.value });
  server.listen(port, '127.0.0.1', () => {
    const addr = server.address();
    const p = typeof addr === 'object' && addr ? addr.port : port;
    console.log(`Fuqi Workshop (browser mode) at http://127.0.0.1:${p}/?${SESSION_QUERY}=${key.value}  — exports go to ${services.exportDir}`);
  });
  const stop = (): void => {
    // The LAN table's devices hear that the host is away (not that inviting stopped) before the exit.
    void services.lan
      .dispose()
      .catch(() => undefined)
      .finally(() => {
        server.close(() => process.exit(0));
        server.closeAllConnections(); // keep-alive connections would otherwise hold the exit
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
