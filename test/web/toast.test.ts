/**
 * The toasts (web/src/components/toast.ts): sweetalert2 loads once, with the first of them, and every
 * toast or dialog waits on that one load, so they open in the order they were asked for. In the
 * browser, separate imports of the chunk could settle out of order: a 100 % coupon's 'granted' toast
 * was then covered by the 'coupon applied' one asked for just before it.
 */
import { waitFor } from '@testing-library/react';

afterEach(() => {
  jest.resetModules();
  jest.dontMock('sweetalert2');
});

const fresh = () => jest.requireActual<typeof import('@/components/toast')>('@/components/toast');

it('every toast waits on one load of sweetalert2', async () => {
  let t: typeof import('@/components/toast') | undefined;
  jest.isolateModules(() => (t = fresh()));
  const first = t!.swal();
  expect(t!.swal()).toBe(first);
  const Swal = await first;
  expect(typeof Swal.fire).toBe('function');
  expect(t!.swal()).toBe(first);
});

it('toasts asked for one after the other show in that order: the last one asked for stays', async () => {
  const { toast } = fresh();
  void toast({ title: 'تم تطبيق الكوبون', icon: 'success' });
  void toast({ title: 'The course is now among your paid lectures', icon: 'success' });
  await waitFor(() => expect(document.querySelector('.swal2-title')).toHaveTextContent('The course is now among your paid lectures'));
  await new Promise((r) => setTimeout(r, 50));
  expect(document.querySelectorAll('.swal2-toast')).toHaveLength(1);
  expect(document.querySelector('.swal2-title')).toHaveTextContent('The course is now among your paid lectures');
});

it('a failed load is not kept: the next toast loads sweetalert2 again', async () => {
  let calls = 0;
  jest.doMock('sweetalert2', () => {
    calls += 1;
    if (calls === 1) throw new Error('chunk failed to load');
    return jest.requireActual('sweetalert2');
  });
  let t: typeof import('@/components/toast') | undefined;
  jest.isolateModules(() => (t = fresh()));
  await expect(t!.swal()).rejects.toThrow('chunk failed to load');
  const Swal = await t!.swal();
  expect(typeof Swal.fire).toBe('function');
  expect(calls).toBe(2);
});
