import { ApiPaths } from '../../contract/api-paths.js';
import type { Application, ApplicationResponse, AppWriteResponse } from '../../contract/apps.js';
import type { StatusResponse } from '../../contract/auth.js';
import { call } from './http.js';
import { withStepUp } from './step-up.js';
import { uploadForm, type ProgressListener } from './upload.js';

/** The bearer calls of docs/product.md section 7, one function each. */
export const appsApi = {
  list: () => call<Application[]>('get', ApiPaths.apps),
  get: (applicationId: string) => call<ApplicationResponse>('get', ApiPaths.app(applicationId)),
  create: (form: FormData, onProgress?: ProgressListener) =>
    uploadForm<AppWriteResponse>('POST', ApiPaths.createApp, form, onProgress),
  /** A change of the IP list needs a step-up: asked, then the same form sent again. */
  update: (applicationId: string, form: FormData, onProgress?: ProgressListener) =>
    withStepUp(() =>
      uploadForm<AppWriteResponse>('PUT', ApiPaths.app(applicationId), form, onProgress),
    ),
  remove: (applicationId: string) => call<StatusResponse>('delete', ApiPaths.app(applicationId)),
};

export const appKeys = {
  all: ['apps'] as const,
  one: (applicationId: string) => ['apps', applicationId] as const,
};

/** The list of the developer's apps, as My Apps, the activity filter and their loaders ask it. */
export const appsQuery = { queryKey: appKeys.all, queryFn: appsApi.list };

/** The query of one app, as its screens and the update route's loader ask it. */
export const appQuery = (applicationId: string) => ({
  queryKey: appKeys.one(applicationId),
  queryFn: () => appsApi.get(applicationId),
});
