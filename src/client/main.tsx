import './index.css';
import { isSignInPath } from '../shared/page-paths.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The sign-in page opens most visits, so its first load is a small app of its own; every other page
// loads the full app (which shows the sign-in screen too when reached without a page load).
// Running the app's modules and its first render keep a slow phone busy for a while: the page's static
// frame (index.html) is painted first. The page file has the browser fetch those modules meanwhile.
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
const app = await (isSignInPath(location.pathname) ? import('./sign-in-app') : import('./full-app'));
await app.start(root);
