/**
 * Runs `work` and answers (or throws) no sooner than `floorMs` after it began, so how long an
 * answer takes says nothing about what was found (an account or none, a mail sent or not).
 */
export async function takingAtLeast<T>(floorMs: number, work: () => Promise<T>, startedAt = Date.now()): Promise<T> {
  const settle = async () => {
    const wait = startedAt + floorMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
  try {
    const result = await work();
    await settle();
    return result;
  } catch (e) {
    await settle();
    throw e;
  }
}
