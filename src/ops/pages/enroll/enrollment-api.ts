import { OpsApiPaths, type EnrollmentResponse, type EnrollRequest } from '../../../contract/ops.js';
import { opsCall } from '../../api/ops-call.js';

export function fetchEnrollment(token: string): Promise<EnrollmentResponse> {
  return opsCall<EnrollmentResponse>(
    'get',
    `${OpsApiPaths.enrollment}?${new URLSearchParams({ token }).toString()}`,
  );
}

export async function enroll(request: EnrollRequest): Promise<void> {
  await opsCall<unknown>('post', OpsApiPaths.enrollment, { json: request });
}
