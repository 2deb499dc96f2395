/**
 * Between the reset steps (forgot → verification → reset) the e-mail is kept in local storage
 * (spec 3, 4) and removed after the reset. The verified code only needs to live for this tab.
 */
import { readString, remove, STORAGE_KEYS, writeString } from '@/lib/storage';

const CODE_KEY = 'resetCode';

export const saveResetEmail = (email: string) => writeString(STORAGE_KEYS.forgotPasswordEmail, email);
export const readResetEmail = () => readString(STORAGE_KEYS.forgotPasswordEmail);

export function saveResetCode(code: string) {
  try {
    window.sessionStorage.setItem(CODE_KEY, code);
  } catch {
    /* the reset screen will ask to start again */
  }
}
export function readResetCode(): string | null {
  try {
    return window.sessionStorage.getItem(CODE_KEY);
  } catch {
    return null;
  }
}

export function endResetFlow() {
  remove(STORAGE_KEYS.forgotPasswordEmail);
  try {
    window.sessionStorage.removeItem(CODE_KEY);
  } catch {
    /* nothing kept */
  }
}
