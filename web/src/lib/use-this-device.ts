import { useEffect, useState } from 'react';
import { deviceHandle } from './device-id';

/** This browser's device handle (as the server lists devices), once hashed; undefined until then. */
export function useThisDevice(): string | undefined {
  const [handle, setHandle] = useState<string>();
  useEffect(() => {
    let live = true;
    void deviceHandle().then((h) => live && setHandle(h), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return handle;
}
