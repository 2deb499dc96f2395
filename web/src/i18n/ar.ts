/** Every text a person sees, in Arabic: the same areas and keys as en.ts (the lazy areas load with their screens). */
import type { LazyMessageKey, MessageKey } from './en';
import { arAuth } from './ar/auth';
import { arBundles } from './ar/bundles';
import { arCatalogue } from './ar/catalogue';
import { arCommerceShared } from './ar/commerce-shared';
import { arCommon } from './ar/common';
import { arHome } from './ar/home';

export const ar: Record<Exclude<MessageKey, LazyMessageKey>, string> = { ...arCommon, ...arAuth, ...arHome, ...arCatalogue, ...arCommerceShared, ...arBundles };
