// The directory API's public face.
export { contractSchemas, takeContractViolations } from './contract-check';
export { ApiError } from './errors';
export { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_LEASE_SECONDS, idempotencyJobs } from './idempotency';
export { API_BASE_PATH, apiDescription, type OpenApiDocument } from './openapi';
export { apiRouter, type ApiDeps, type ApiEndpoints } from './router';
export { clientOfToken, createToken, listTokens, revokeToken, type ApiClient, type ListedToken } from './tokens';
