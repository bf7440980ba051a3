// /zpm-signup: standalone practice management bought without sign-in (spec 3 §2, §7).
import { Router } from 'express';
import type { FeatureDeps } from '../deps';

export function zpmSignupRoutes(_deps: FeatureDeps): Router {
  return Router();
}
