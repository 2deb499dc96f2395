import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui-react';

/**
 * The design library themed once: Amplify's tokens (teal brand, neutral scale) with its
 * dark-mode override, system fonts only, and the primitives we use (Loader, Button, fields) in
 * the brand colours. Direction (RTL for Arabic) comes from the ThemeProvider (app/provider.tsx).
 */
const fontStack = "system-ui, -apple-system, 'Segoe UI', Tahoma, 'Noto Sans Arabic', 'Noto Naskh Arabic', 'Geeza Pro', Arial, sans-serif";

/** The theme's name: Amplify scopes its CSS variables to `[data-amplify-theme="bioscope"]`. */
export const THEME_NAME = 'bioscope';

export const bioscopeTheme: Theme = {
  name: THEME_NAME,
  tokens: {
    fonts: { default: { variable: { value: fontStack }, static: { value: fontStack } } },
    components: {
      loader: {
        strokeFilled: { value: '{colors.primary.80}' },
        strokeEmpty: { value: '{colors.neutral.20}' },
        linear: { strokeWidth: { value: '0.6rem' }, strokeFilled: { value: '{colors.primary.80}' }, strokeEmpty: { value: '{colors.neutral.20}' } },
      },
      fieldcontrol: {
        borderRadius: { value: '10px' },
        _focus: { borderColor: { value: '{colors.primary.80}' } },
      },
      button: {
        borderRadius: { value: '10px' },
        primary: {
          backgroundColor: { value: '{colors.primary.80}' },
          _hover: { backgroundColor: { value: '{colors.primary.90}' } },
          _focus: { backgroundColor: { value: '{colors.primary.90}' } },
        },
      },
    },
  },
  overrides: [defaultDarkModeOverride],
};
