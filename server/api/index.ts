// The directory API's public face.
export { ApiError } from './errors';
export { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_LEASE_SECONDS, idempotencyJobs } from './idempotency';
export { apiRouter, type ApiDeps, type ApiEndpoints } from './router';
export { clientOfToken, createToken, listTokens, revokeToken, type ApiClient, type ListedToken } from './tokens';
