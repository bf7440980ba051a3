// /practice-management: Try, set up, log in to or activate the EHR, and its booking link (spec 3 §2, §4).
import { Router } from 'express';
import * as policy from '../../domain/accounts';
import type { FeatureDeps } from '../deps';

export function practiceManagementRoutes({ menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'profile', order: 10, label: 'Practice Management', href: '/practice-management', shown: (viewer) => policy.canSeePracticeManagement(viewer) });
  return router;
}
