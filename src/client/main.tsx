import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The sign-in page opens most visits, so its first load is a small app of its own; every other page
// loads the full app (which shows the sign-in screen too when reached without a page load).
const app = /^\/auth\/?$/.test(location.pathname) ? import('./sign-in-app') : import('./full-app');
await (await app).start(root);
