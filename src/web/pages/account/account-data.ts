import { profileQuery } from '../../api/account-api.js';
import { sessionsQuery } from '../../api/sessions-api.js';
import { awaitFirstData } from '../../app-area/first-data.js';

/** /account's loader: the profile and the signed-in devices, asked for beside the screen's code. */
export default function accountData() {
  return awaitFirstData(profileQuery, sessionsQuery);
}
