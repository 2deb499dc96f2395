/**
 * Every text a person sees, in English: one dictionary per area, merged here. The spec's texts
 * are kept exactly as written (some are Arabic in both languages). ar.ts has the same key set:
 * a key missing there fails `tsc`.
 */
import { enAuth } from './en/auth';
import { enBundles } from './en/bundles';
import { enCatalogue } from './en/catalogue';
import type { enCommerce } from './en/commerce';
import { enCommerceShared } from './en/commerce-shared';
import { enCommon } from './en/common';
import type { enDevices } from './en/devices';
import { enHome } from './en/home';
import type { enMessages } from './en/messages';
import type { enNotifications } from './en/notifications';
import type { enParents } from './en/parents';
import type { enQuiz } from './en/quiz';
import type { enQuizAdmin } from './en/quiz-admin';
import type { enUsers } from './en/users';
import type { enWallet } from './en/wallet';

export const en = { ...enCommon, ...enAuth, ...enHome, ...enCatalogue, ...enCommerceShared, ...enBundles } as const;

/**
 * Keys of the areas that load with their screens rather than with the shell (their module calls
 * `addArea` when it loads: i18n/commerce-area.ts, i18n/users-area.ts,
 * i18n/messages-area.ts, i18n/quiz-area.ts, i18n/wallet-area.ts, i18n/devices-area.ts, i18n/notifications-area.ts,
 * i18n/parents-area.ts). A screen imports its area before it renders.
 */
export type LazyMessageKey =
  | keyof typeof enCommerce
  | keyof typeof enUsers
  | keyof typeof enMessages
  | keyof typeof enQuiz
  | keyof typeof enQuizAdmin
  | keyof typeof enWallet
  | keyof typeof enDevices
  | keyof typeof enNotifications
  | keyof typeof enParents;

export type MessageKey = keyof typeof en | LazyMessageKey;
