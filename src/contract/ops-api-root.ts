/**
 * The operator console's API: a cookie session of its own, so its calls never
 * carry the developer's bearer token and its 401 never starts the developer's refresh. Its
 * own file, so only the HTTP client (loaded with the first call) carries it, not /login.
 */
export const OPS_API_ROOT = '/api/v1/ops';
