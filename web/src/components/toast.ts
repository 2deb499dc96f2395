/**
 * The spec's toasts (section 8): no confirm button, progress bar, pausing on hover. Durations:
 * sign-in success 3 s, errors 2 s, blocked-user message 5 s. They rise at the foot of the screen,
 * where they cover no action: the header and a page's head hold the buttons (the spec's top-end
 * toast lay over "Add course"). The CSS is in dialogs.css.
 */
import type { SweetAlertIcon, SweetAlertPosition } from 'sweetalert2';
import { loadOnce } from '@/lib/load-once';
import './dialogs.css';

/**
 * sweetalert2 loads with the first toast, not with the shell. Every toast and dialog waits on this one
 * load, so they open in the order they were asked for: a separate import() each (behind Vite's
 * preload) may settle out of order while the chunk loads, and a 100 % coupon's 'granted' toast was
 * then covered by the 'coupon applied' one asked for a moment before it.
 */
export const swal = loadOnce(() => import('sweetalert2').then((m) => m.default));
/** sweetalert2 follows the app's colour mode (set on <html data-theme>). */
export const swalTheme = () => (document.documentElement.dataset.theme === 'light' ? 'light' : 'dark');

/**
 * Titles and texts take their direction from their own first strong letter (`dir="auto"`): an
 * English message on an Arabic page keeps its '?' at its end, and server text reads either way.
 */
export function autoDirection(popup: HTMLElement): void {
  for (const el of popup.querySelectorAll('.swal2-title, .swal2-html-container')) el.setAttribute('dir', 'auto');
}

/**
 * Phones (narrower than the auth card's two-column breakpoint) get a toast across the foot; wider
 * screens one in the foot's end corner. sweetalert2 places its corners physically (end = right), so
 * the start corner is asked for in Arabic.
 */
export function toastPosition(): SweetAlertPosition {
  if (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 599px)').matches) return 'bottom';
  return document.documentElement.dir === 'rtl' ? 'bottom-start' : 'bottom-end';
}

export const TOAST_MS = { success: 3000, error: 2000, warning: 3000, info: 3000, blocked: 5000 } as const;

export interface ToastOptions {
  title: string;
  text?: string;
  icon?: Exclude<SweetAlertIcon, 'question'>;
  timer?: number;
}

/** Resolves when the toast has closed. */
export async function toast({ title, text, icon = 'info', timer = TOAST_MS[icon] }: ToastOptions): Promise<void> {
  const Swal = await swal();
  await Swal.fire({
    toast: true,
    position: toastPosition(),
    icon,
    title,
    text,
    timer,
    showConfirmButton: false,
    timerProgressBar: true,
    theme: swalTheme(),
    didOpen: (popup) => {
      autoDirection(popup);
      popup.addEventListener('mouseenter', () => Swal.stopTimer());
      popup.addEventListener('mouseleave', () => Swal.resumeTimer());
    },
  });
}

export const toastSuccess = (title: string, timer?: number) => toast({ title, icon: 'success', timer });
export const toastError = (title: string, timer?: number) => toast({ title, icon: 'error', timer });
export const toastWarning = (title: string, text?: string) => toast({ title, text, icon: 'warning' });

/** Closes the toast on screen, if one is (a warning about a screen the user has left); a dialog stays. */
export async function closeToast(): Promise<void> {
  const Swal = await swal();
  if (Swal.getPopup()?.classList.contains('swal2-toast')) Swal.close();
}
