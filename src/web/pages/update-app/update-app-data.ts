import type { LoaderFunctionArgs } from 'react-router';
import { appQuery } from '../../api/apps-api.js';
import { awaitFirstData } from '../../app-area/first-data.js';

/** The update screen's loader: the app, asked for beside the screen's code. */
export default function updateAppData({ params }: LoaderFunctionArgs) {
  return awaitFirstData(appQuery(params.applicationId ?? ''));
}
