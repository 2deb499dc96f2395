import { tDocument } from '@/i18n/use-t';
import { autoDirection, swal, swalTheme } from './toast';

/** The buttons in the app's colours (dialogs.css), not sweetalert2's own purple and grey. */
const buttons = { buttonsStyling: false, customClass: { actions: 'dialog-actions', confirmButton: 'dialog-button dialog-confirm', cancelButton: 'dialog-button dialog-cancel' } } as const;

/**
 * A yes/no question (spec 8: deletes ask 'Are you sure?'). Both buttons are labelled in the
 * user's language ('Yes, delete it' / 'Cancel' unless given); the focus starts on Cancel, so an
 * Enter pressed by habit deletes nothing. Resolves true on confirm.
 */
export async function confirm({
  title = tDocument('confirm.deleteTitle'),
  text = tDocument('confirm.deleteText'),
  confirmButtonText = tDocument('confirm.yesDelete'),
  cancelButtonText = tDocument('confirm.cancel'),
}: { title?: string; text?: string; confirmButtonText?: string; cancelButtonText?: string } = {}): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({
    title,
    text,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText,
    cancelButtonText,
    focusCancel: true,
    ...buttons,
    theme: swalTheme(),
    didOpen: autoDirection,
  });
  return result.isConfirmed;
}

/** An alert with a single OK that cannot be dismissed another way (session expired). */
export async function acknowledge(title: string, text?: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({
    title,
    text,
    icon: 'warning',
    confirmButtonText: tDocument('confirm.ok'),
    allowOutsideClick: false,
    allowEscapeKey: false,
    ...buttons,
    theme: swalTheme(),
    didOpen: autoDirection,
  });
}
