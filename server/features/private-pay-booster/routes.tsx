// Private Pay Booster sign-in (SSO) and the developer tools (spec 3 §4, §7).
import { Router } from 'express';
import type { FeatureDeps } from '../deps';

export function privatePayBoosterRoutes(_deps: FeatureDeps): Router {
  return Router();
}
