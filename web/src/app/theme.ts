import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';

/** Amplify's tokens (teal brand, neutral scale) with its dark-mode override; system fonts only. */
const fontStack = "system-ui, -apple-system, 'Segoe UI', Tahoma, 'Noto Sans Arabic', 'Noto Naskh Arabic', 'Geeza Pro', Arial, sans-serif";

export const bioscopeTheme: Theme = {
  name: 'bioscope',
  tokens: {
    fonts: { default: { variable: { value: fontStack }, static: { value: fontStack } } },
  },
  overrides: [defaultDarkModeOverride],
};
