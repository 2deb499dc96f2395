import { tDocument } from '@/i18n/use-t';
import { autoDirection, swal, swalTheme } from './toast';

/** A yes/no question (spec 8: deletes ask 'Are you sure?'). Resolves true on confirm. */
export async function confirm({
  title = tDocument('confirm.deleteTitle'),
  text = tDocument('confirm.deleteText'),
  confirmButtonText,
  cancelButtonText,
}: { title?: string; text?: string; confirmButtonText?: string; cancelButtonText?: string } = {}): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({ title, text, icon: 'warning', showCancelButton: true, confirmButtonText, cancelButtonText, theme: swalTheme(), didOpen: autoDirection });
  return result.isConfirmed;
}

/** An alert with a single OK that cannot be dismissed another way (session expired). */
export async function acknowledge(title: string, text?: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ title, text, icon: 'warning', allowOutsideClick: false, allowEscapeKey: false, theme: swalTheme(), didOpen: autoDirection });
}
