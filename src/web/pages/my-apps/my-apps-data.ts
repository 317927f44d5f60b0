import { appsQuery } from '../../api/apps-api.js';
import { awaitFirstData } from '../../app-area/first-data.js';

/** My Apps' loader: the list of apps, asked for beside the screen's code. */
export default function myAppsData() {
  return awaitFirstData(appsQuery);
}
