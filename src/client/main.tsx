import './index.css';
import { isSignInPath } from '../shared/page-paths.js';
import { yieldToBrowser } from './lib/yield-to-browser';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The sign-in page opens most visits, so its first load is a small app of its own; every other page
// loads the full app (which shows the sign-in screen too when reached without a page load).
// Running the app's modules and its first render keep a slow phone busy for a while: the page's static
// frame (index.html), or the first screen the server drew (decision 300), is painted first. A landing
// page's file has the browser fetch those modules meanwhile; a drawn page asks for them from here.
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
// React's own modules are evaluated in a task of their own, ahead of the app's: both are asked for at
// once, so neither waits for the other to arrive.
const reactReady = import('react-dom/client');
const appReady = isSignInPath(location.pathname) ? import('./sign-in-app') : import('./full-app');
await reactReady;
await yieldToBrowser();
const app = await appReady;
// Evaluating the app's modules was one task; starting it is the next.
await yieldToBrowser();
await app.start(root);
