import { activityPageQuery } from '../../api/activity-api.js';
import { appsQuery } from '../../api/apps-api.js';
import { awaitFirstData } from '../../app-area/first-data.js';
import { NO_FILTERS, queryOf } from './activity-filters.js';

/** /activity's loader: the newest page unfiltered and the apps of its filter, beside its code. */
export default function activityData() {
  return awaitFirstData(activityPageQuery(queryOf(NO_FILTERS)), appsQuery);
}
