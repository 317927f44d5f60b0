// The sections below the form, in one chunk loaded after the first paint: as chunks of their
// own, what both use (the time format, the section box) became a file of its own that every
// signed-in screen's first paint waited for (decision 045).
export { AppUsage } from './AppUsage.js';
export { ConnectSessions } from './ConnectSessions.js';
export { PostbacksSection } from './PostbacksSection.js';
