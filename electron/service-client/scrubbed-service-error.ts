import type { ServiceFailure } from '../../shared/service-errors';
import { redactText } from '../logging/logger';
import { describeFailure, type FailureFacts } from './failure-messages';
import { ServiceError } from './service-error';

/**
 * The ServiceError the client throws. Whatever the service wrote (msg, error_code, link
 * text) is scrubbed of the live token first: a careless service echoing the Authorization
 * header must not put it on screen.
 */
export function scrubbedServiceError(
  kind: ServiceFailure['kind'],
  facts: FailureFacts,
  token?: string,
): ServiceError {
  const scrub = (text: string | undefined) =>
    text === undefined ? undefined : redactText(text, token ? [token] : []);
  const clean: FailureFacts = { method: facts.method };
  if (facts.detail !== undefined) clean.detail = scrub(facts.detail);
  if (facts.serviceMessage !== undefined) clean.serviceMessage = scrub(facts.serviceMessage);
  if (facts.serviceCode !== undefined) clean.serviceCode = scrub(facts.serviceCode);
  if (facts.httpStatus !== undefined) clean.httpStatus = facts.httpStatus;
  if (facts.attempts !== undefined) clean.attempts = facts.attempts;
  return new ServiceError(describeFailure(kind, clean));
}
