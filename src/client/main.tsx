import './index.css';
import { isSignInPath } from '../shared/page-paths.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The sign-in page opens most visits, so its first load is a small app of its own; every other page
// loads the full app (which shows the sign-in screen too when reached without a page load).
const app = isSignInPath(location.pathname) ? import('./sign-in-app') : import('./full-app');
// The app's first render keeps a slow phone busy for a while: the page's static frame (index.html) is
// painted first, while the app's code is still arriving.
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
await (await app).start(root);
