import { useEffect, useState } from 'react';

const FINE_POINTER = '(hover: hover) and (pointer: fine)';

/** True on a device with a mouse (it hovers and points finely): texts say "click" there, "tap" elsewhere. */
export function useFinePointer() {
  const [fine, setFine] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(FINE_POINTER).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(FINE_POINTER);
    const change = () => setFine(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return fine;
}
