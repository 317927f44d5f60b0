/**
 * The signed-in area's screens and their loaders, as one module: every signed-in route loads
 * this one chunk, so a screen's first paint waits on a handful of requests instead of a score
 * of small chunks (decision 043). Parts a screen shows only on demand keep their own chunks.
 */
export { default as AppArea } from './AppArea.js';
export { default as MyAppsPage } from '../pages/my-apps/MyAppsPage.js';
export { default as myAppsData } from '../pages/my-apps/my-apps-data.js';
export { default as CreateAppPage } from '../pages/create-app/CreateAppPage.js';
export { default as UpdateAppPage } from '../pages/update-app/UpdateAppPage.js';
export { default as updateAppData } from '../pages/update-app/update-app-data.js';
export { default as PostbackLogPage } from '../pages/postbacks/PostbackLogPage.js';
export { default as AccountPage } from '../pages/account/AccountPage.js';
export { default as accountData } from '../pages/account/account-data.js';
export { default as ActivityPage } from '../pages/activity/ActivityPage.js';
export { default as activityData } from '../pages/activity/activity-data.js';
