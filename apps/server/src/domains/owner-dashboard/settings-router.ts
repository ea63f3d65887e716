import { router } from '../../trpc/init.ts';

/** Owner settings: review flow, notifications, password. */
export const ownerSettingsRouter = router({});
