import {
  BulkValidationFailedBody,
  ValidationFailedBody,
  type BulkViolation,
  type PostViolation,
} from '@fanout/contracts';
import { ApiError } from '@/lib/api-client';

/** The broken rules a 400 `validation_failed` answer lists; empty for any other error. */
export function postViolations(error: unknown): PostViolation[] {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return [];
  const parsed = ValidationFailedBody.safeParse(error.body);
  return parsed.success ? parsed.data.violations : [];
}

/** The broken rules of a bulk schedule's 400, each naming its video. */
export function bulkViolations(error: unknown): BulkViolation[] {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return [];
  const parsed = BulkValidationFailedBody.safeParse(error.body);
  return parsed.success ? parsed.data.violations : [];
}
