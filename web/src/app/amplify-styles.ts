/**
 * The design library's styles, one file per primitive we use, so only what is used ships (the
 * whole `styles.css` is ~340 KB). The tokens come from app/theme.ts, built into CSS for
 * `[data-amplify-theme]` (virtual:amplify-theme.css, web/vite.config.mts), so `base.layer.css` is not needed; `global.css` stays
 * the reset (Amplify's `reset.layer.css` would change every page's margins). A feature that
 * starts using another primitive appends its `<name>.layer.css` here.
 *
 * The files are CSS cascade layers (`amplify.components`): the app's own unlayered CSS wins
 * where both style an element.
 */
import '@aws-amplify/ui-react/styles/visuallyHidden.layer.css';
import '@aws-amplify/ui-react/styles/flex.layer.css';
import '@aws-amplify/ui-react/styles/icon.layer.css';
import '@aws-amplify/ui-react/styles/text.layer.css';
import '@aws-amplify/ui-react/styles/loader.layer.css';
import '@aws-amplify/ui-react/styles/button.layer.css';
import '@aws-amplify/ui-react/styles/field.layer.css';
import '@aws-amplify/ui-react/styles/fieldMessages.layer.css';
import '@aws-amplify/ui-react/styles/fieldGroup.layer.css';
import '@aws-amplify/ui-react/styles/input.layer.css';
import '@aws-amplify/ui-react/styles/textField.layer.css';
import '@aws-amplify/ui-react/styles/passwordField.layer.css';
import '@aws-amplify/ui-react/styles/select.layer.css';
import '@aws-amplify/ui-react/styles/selectField.layer.css';
import '@aws-amplify/ui-react/styles/phoneNumberField.layer.css';
import '@aws-amplify/ui-react/styles/dialCodeSelect.layer.css';
import '@/components/primitives.css';
import '@aws-amplify/ui-react/styles/switchField.layer.css';
import '@aws-amplify/ui-react/styles/card.layer.css';
import '@aws-amplify/ui-react/styles/table.layer.css';
import '@aws-amplify/ui-react/styles/badge.layer.css';
import '@aws-amplify/ui-react/styles/checkbox.layer.css';
import '@aws-amplify/ui-react/styles/checkboxField.layer.css';
import '@aws-amplify/ui-react/styles/fieldset.layer.css';
import '@aws-amplify/ui-react/styles/radio.layer.css';
import '@aws-amplify/ui-react/styles/radiogroup.layer.css';
import '@aws-amplify/ui-react/styles/radioGroupField.layer.css';
