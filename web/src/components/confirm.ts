import { swal, swalTheme } from './toast';

export const CONFIRM_TEXTS = {
  deleteTitle: 'Are you sure?',
  deleteText: "You won't be able to revert this!",
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

/** A yes/no question (spec 8: deletes ask 'Are you sure?'). Resolves true on confirm. */
export async function confirm({
  title = CONFIRM_TEXTS.deleteTitle,
  text = CONFIRM_TEXTS.deleteText,
  confirmButtonText,
  cancelButtonText,
}: { title?: string; text?: string; confirmButtonText?: string; cancelButtonText?: string } = {}): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({ title, text, icon: 'warning', showCancelButton: true, confirmButtonText, cancelButtonText, theme: swalTheme() });
  return result.isConfirmed;
}

/** An alert with a single OK that cannot be dismissed another way (session expired). */
export async function acknowledge(title: string, text?: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ title, text, icon: 'warning', allowOutsideClick: false, allowEscapeKey: false, theme: swalTheme() });
}
