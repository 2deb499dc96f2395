import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { ApiError } from '@/lib/api-client';

describe('LoadFailed', () => {
  it("takes the server's message only when it sent a non-empty one", () => {
    expect(serverMessageOf({ status: 500, data: { message: 'Boom' } })).toBe('Boom');
    expect(serverMessageOf({ status: 500, data: { message: '' } })).toBeUndefined();
    expect(serverMessageOf({ status: 500, data: { message: { nested: true } } })).toBeUndefined();
    expect(serverMessageOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(serverMessageOf(new ApiError(409, { message: 'Taken' }))).toBe('Taken');
    expect(serverMessageOf(undefined)).toBeUndefined();
  });

  it('says what went wrong as an alert and loads again on its button', async () => {
    const onRetry = jest.fn();
    render(<LoadFailed message="تعذر التحميل" retryText="Try again" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('تعذر التحميل');
    expect(screen.getByText('تعذر التحميل')).toHaveAttribute('dir', 'auto');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
