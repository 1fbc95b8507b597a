// Put at the start of a copy of a page by scripts/test-page.sh: every error and console.error
// the page makes is kept for selftest.js to report.
window.__errors = [];
window.addEventListener("error", (event) => window.__errors.push(`${event.message} at ${event.lineno}:${event.colno}`));
const consoleError = console.error;
console.error = (...args) => { window.__errors.push(args.join(" ")); consoleError(...args); };
window.__pageStart = performance.now();
