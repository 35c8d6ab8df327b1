// The LAN table's join page: one seat of the host's match on the player's own device. It talks to
// the host only through the seat's WebSocket (RemoteSeat); it has no window API, no file, project
// or app channel (a unit test checks that nothing it imports reaches one).
import '../fonts.css';
// Before any zod schema is built (building one probes for eval, which the CSP forbids).
import '../features/editor/zod-jitless';
import '../app.css';
import { mount } from 'svelte';
import JoinApp from './JoinApp.svelte';
import { i18n } from '../i18n/I18n.svelte';
import { RemoteSeat, socketUrl, tokenFromPath } from './RemoteSeat.svelte';

document.documentElement.lang = i18n.tag;

const target = document.getElementById('join');
if (!target) throw new Error('join.html lacks the #join element');

let storage: Storage | null = null;
try {
  storage = window.sessionStorage;
} catch {
  // Storage off: the seat still rejoins after a drop, only not after a reload.
}

const remote = new RemoteSeat({ token: tokenFromPath(location.pathname), url: socketUrl(location), open: (url) => new WebSocket(url), storage });
remote.start();
// Back online, or the phone unlocked: reopen the link now rather than at the next backoff step.
window.addEventListener('online', () => remote.nudge());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') remote.nudge();
});
window.addEventListener('pagehide', (e) => {
  // A page kept in the back/forward cache comes back with its link; one thrown away closes it.
  if (!e.persisted) remote.stop();
});

/** The mounted join page. */
export default mount(JoinApp, { target, props: { remote } });
